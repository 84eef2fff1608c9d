"""Gin meld solver: least deadwood, every best arrangement, the discard table (docs/rules-solver.md).

A hand is a bit mask in *rank-major* order (bit ``(rank - 1) * 4 + suit``): a rank is one
nibble and a run strides by 4 bits, so a few shifts find every card that can meld at all.
The search branches on the lowest card: either it is deadwood, or it is in one of the melds
whose lowest card it is.  Taking ranks in order keeps the memo small: the only pending state
is how far each suit's current run reaches ahead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.rules.cards import DECK, Card

_SUITS = 4
_RANKS = 13
_ALL_BITS = (1 << len(DECK)) - 1
_NIBBLE_LOWS = _ALL_BITS // 0xF
"""Bit 0 of every rank's nibble."""
_MEMO_LIMIT = 1 << 18
"""Entries kept per meld size cap before the memo is dropped, so a server's memory stays bounded."""

_BIT: dict[int, int] = {c: 1 << ((c.rank - 1) * _SUITS + c.suit) for c in DECK}
_VALUE: dict[int, int] = {c: c.deadwood for c in DECK}
_CARD_AT = tuple(sorted(DECK, key=lambda c: _BIT[c]))
_VALUE_AT = tuple(c.deadwood for c in _CARD_AT)


@dataclass(frozen=True)
class MeldResult:
    """One arrangement of a hand: its melds and the deadwood left over."""

    deadwood: int
    melds: list[list[Card]]
    """Each meld sorted by card index; melds ordered by their lowest rank."""
    deadwood_cards: list[Card]
    """Sorted by card index."""


def _positions(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _value(mask: int) -> int:
    return sum(_VALUE_AT[i] for i in _positions(mask))


def mask_cards(mask: int) -> list[Card]:
    """A mask's cards, sorted by card index."""
    return sorted(_CARD_AT[i] for i in _positions(mask))


def _meldable(mask: int) -> int:
    """The cards of `mask` in at least one 3-card set or run inside it (any cap allows those)."""
    starts = mask & (mask >> 4) & (mask >> 8)
    runs = starts | (starts << 4) | (starts << 8)
    pairs_low = mask & (mask >> 1)  # per nibble: suits 0 and 1 both held
    pairs_high = (mask >> 2) & (mask >> 3)
    any_low = mask | (mask >> 1)
    any_high = (mask >> 2) | (mask >> 3)
    threes = ((pairs_low & any_high) | (pairs_high & any_low)) & _NIBBLE_LOWS
    return runs | (threes * 0xF & mask)


class _Solver:
    """The meld tables and the memoised search for one meld size cap."""

    def __init__(self, cap: int) -> None:
        sets: list[list[tuple[int, int]]] = [[] for _ in DECK]
        runs: list[list[tuple[int, int]]] = [[] for _ in DECK]
        for rank in range(_RANKS):
            nibble = 0xF << (rank * _SUITS)
            for missing in (0, *(1 << (rank * _SUITS + suit) for suit in range(_SUITS))):
                if missing or cap >= 4:
                    meld = nibble ^ missing
                    sets[(meld & -meld).bit_length() - 1].append((meld, _value(meld)))
        for low in range(len(DECK)):
            for length in range(3, min(cap, _RANKS - low // _SUITS) + 1):
                meld = sum(1 << (low + _SUITS * k) for k in range(length))
                runs[low].append((meld, _value(meld)))
        self.sets = tuple(map(tuple, sets))
        self.runs = tuple(map(tuple, runs))
        """Shortest first: once a run does not fit, no longer one does."""
        self.memo: dict[int, int] = {0: 0}
        self.melded = self._search()

    def clear(self) -> None:
        self.memo.clear()
        self.memo[0] = 0

    def _search(self) -> Callable[[int], int]:
        sets, runs, memo = self.sets, self.runs, self.memo

        def melded(mask: int) -> int:
            """Largest total value of disjoint melds inside `mask`."""
            best = memo.get(mask)
            if best is not None:
                return best
            low = mask & -mask
            position = low.bit_length() - 1
            best = melded(mask ^ low)
            for meld, value in sets[position]:
                if meld & mask == meld:
                    value += melded(mask ^ meld)
                    if value > best:
                        best = value
            for meld, value in runs[position]:
                if meld & mask != meld:
                    break
                value += melded(mask ^ meld)
                if value > best:
                    best = value
            memo[mask] = best
            return best

        return melded

    def arrangements(self, mask: int, *, first_only: bool) -> list[list[int]]:
        """Every way (or the first way) to pick disjoint melds of `mask` worth ``melded(mask)``.

        Each arrangement comes out once, told apart by the lowest card's role (deadwood, or
        the meld it starts).  Longest melds are tried first, so the first way keeps runs whole.
        """
        target = self.melded(mask)
        if not target:
            return [[]]
        low = mask & -mask
        position = low.bit_length() - 1
        options = sorted(self.sets[position] + self.runs[position], key=lambda option: -option[0].bit_count())
        found: list[list[int]] = []
        for meld, value in options:
            rest = mask ^ meld
            if meld & mask == meld and value + self.melded(rest) == target:
                found.extend([meld, *more] for more in self.arrangements(rest, first_only=first_only))
                if first_only:
                    return found
        if self.melded(mask ^ low) == target:
            found.extend(self.arrangements(mask ^ low, first_only=first_only))
        return found


_SOLVERS: dict[int | None, _Solver] = {}


def _solver(max_meld_size: int | None) -> _Solver:
    solver = _SOLVERS.get(max_meld_size)
    if solver is None:
        if max_meld_size is not None and not 3 <= max_meld_size <= _RANKS:
            raise ValueError("max_meld_size must be None or between 3 and 13")
        solver = _SOLVERS[max_meld_size] = _Solver(max_meld_size or _RANKS)
    if len(solver.memo) > _MEMO_LIMIT:
        solver.clear()
    return solver


def clear_cache() -> None:
    """Forget every memoised sub-hand (benchmarks use it to time a cold solver)."""
    for solver in _SOLVERS.values():
        solver.clear()


def card_bit(card: int) -> int:
    """A card's bit in a rank-major mask."""
    return _BIT[card]


def bit_value(bit: int) -> int:
    """The deadwood value of the card of a one-bit mask."""
    return _VALUE_AT[bit.bit_length() - 1]


def mask_melder(max_meld_size: int | None = None) -> Callable[[int], int]:
    """The value that a mask's best melds take out of its deadwood (its deadwood is its total
    value minus this), for loops that add and drop one card at a time, such as the bots'
    play-outs: no card list is built or checked per question."""
    melded = _solver(max_meld_size).melded

    def melder(mask: int) -> int:
        meldable = _meldable(mask)
        return melded(meldable) if meldable else 0

    return melder


def hand_mask(cards: Iterable[int]) -> tuple[int, int]:
    """The hand's rank-major mask and total deadwood value (for `mask_melder`); refuses jokers
    and duplicates."""
    mask = total = count = 0
    try:
        for c in cards:
            mask |= _BIT[c]
            total += _VALUE[c]
            count += 1
    except KeyError:
        raise ValueError(f"gin melds the 52 natural cards only, not {c!r}") from None
    if mask.bit_count() != count:
        raise ValueError("a hand cannot hold the same card twice")
    return mask, total


def min_deadwood(cards: Iterable[int], max_meld_size: int | None = None) -> int:
    """The least deadwood of the hand."""
    solver = _solver(max_meld_size)
    mask, total = hand_mask(cards)
    meldable = _meldable(mask)
    return total - solver.melded(meldable) if meldable else total


def best_melds(cards: Iterable[int], max_meld_size: int | None = None) -> MeldResult:
    """One least-deadwood arrangement (longest melds first where there is a choice)."""
    return _arrangements(cards, max_meld_size, first_only=True)[0]


def all_best_arrangements(cards: Iterable[int], max_meld_size: int | None = None) -> list[MeldResult]:
    """Every distinct arrangement reaching the least deadwood (the knocker's tie-break needs them)."""
    return _arrangements(cards, max_meld_size, first_only=False)


def _arrangements(cards: Iterable[int], max_meld_size: int | None, *, first_only: bool) -> list[MeldResult]:
    solver = _solver(max_meld_size)
    mask, total = hand_mask(cards)
    meldable = _meldable(mask)
    results = []
    for melds in solver.arrangements(meldable, first_only=first_only):
        melded = 0
        for meld in melds:
            melded |= meld
        results.append(
            MeldResult(
                deadwood=total - _value(melded),
                melds=[mask_cards(meld) for meld in melds],
                deadwood_cards=mask_cards(mask ^ melded),
            )
        )
    return results


def deadwood_after_discards(cards: Iterable[int], max_meld_size: int | None = None) -> dict[Card, int]:
    """For each card of the hand (in hand order), the least deadwood of the hand without it."""
    solver = _solver(max_meld_size)
    hand = list(cards)
    mask, total = hand_mask(hand)
    meldable = _meldable(mask)
    melded = solver.melded(meldable) if meldable else 0
    table = {}
    for c in hand:
        bit = _BIT[c]
        # A card in no meld leaves the best melds untouched: only its own value goes.
        kept = solver.melded(meldable ^ bit) if meldable & bit else melded
        table[DECK[c]] = total - _VALUE[c] - kept
    return table
