"""Gin meld solver: least deadwood, every best arrangement, the discard table (docs/rules-solver.md).

A hand is a bit mask in *rank-major* order (bit ``(rank - 1) * 4 + suit``), so that a set is a
few neighbouring bits and a run strides by 4.  The search branches on the lowest card: either
it is deadwood, or it is in one of the melds whose lowest card it is.  Processing ranks in
order keeps the memo small: at any point the only pending state is how far each suit's current
run reaches ahead, which is why the bit order is rank-major rather than the cards' suit-major.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache

from games.rules.cards import NATURAL_COUNT, Card, card

_SUITS = 4
_RANKS = 13
_BIT_OF_CARD = tuple(1 << ((c % _RANKS) * _SUITS + c // _RANKS) for c in range(NATURAL_COUNT))
_CARD_OF_INDEX = tuple(card((i % _SUITS) * _RANKS + i // _SUITS) for i in range(NATURAL_COUNT))
_VALUE_OF_INDEX = tuple(c.deadwood for c in _CARD_OF_INDEX)
_CACHE_LIMIT = 1 << 18
"""Entries kept per meld size cap before the memo is dropped, so a server's memory stays bounded."""


@dataclass(frozen=True)
class MeldResult:
    """One arrangement of a hand: its melds and the deadwood left over."""

    deadwood: int
    melds: list[list[Card]]
    """Each meld sorted by card index; melds ordered by their lowest rank."""
    deadwood_cards: list[Card]
    """Sorted by card index."""


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _value(mask: int) -> int:
    return sum(_VALUE_OF_INDEX[i] for i in _indices(mask))


def _cards(mask: int) -> list[Card]:
    return sorted(_CARD_OF_INDEX[i] for i in _indices(mask))


def _meld_masks(cap: int) -> list[int]:
    """Every set and run of at most `cap` cards, as rank-major masks."""
    melds = []
    for rank in range(_RANKS):
        same_rank = [1 << (rank * _SUITS + suit) for suit in range(_SUITS)]
        full = sum(same_rank)
        if cap >= 4:
            melds.append(full)
        melds.extend(full ^ bit for bit in same_rank)
    for suit in range(_SUITS):
        for low in range(_RANKS):
            for length in range(3, min(cap, _RANKS - low) + 1):
                melds.append(sum(1 << ((low + k) * _SUITS + suit) for k in range(length)))
    return melds


def _normalised_cap(max_meld_size: int | None) -> int:
    if max_meld_size is None:
        return _RANKS
    if not 3 <= max_meld_size <= _RANKS:
        raise ValueError("max_meld_size must be None or between 3 and 13")
    return max_meld_size


class _Solver:
    """The tables and the memoised search for one meld size cap."""

    def __init__(self, cap: int) -> None:
        by_low: list[list[tuple[int, int]]] = [[] for _ in range(NATURAL_COUNT)]
        for meld in _meld_masks(cap):
            by_low[(meld & -meld).bit_length() - 1].append((meld, _value(meld)))
        for options in by_low:
            # Longest first, so the arrangement reported first keeps runs whole.
            options.sort(key=lambda option: -option[0].bit_count())
        self.by_low = tuple(tuple(options) for options in by_low)
        self.memo: dict[int, int] = {0: 0}
        self.melded = self._make_search()

    def _make_search(self) -> Callable[[int], int]:
        by_low = self.by_low
        memo = self.memo

        def melded(mask: int) -> int:
            """Largest total value of disjoint melds inside `mask`."""
            best = memo.get(mask)
            if best is not None:
                return best
            low = mask & -mask
            best = melded(mask ^ low)
            for meld, value in by_low[low.bit_length() - 1]:
                if meld & mask == meld:
                    value += melded(mask ^ meld)
                    if value > best:
                        best = value
            memo[mask] = best
            return best

        return melded

    def meldable(self, mask: int) -> int:
        """The cards of `mask` that belong to at least one meld inside it."""
        union = 0
        rest = mask
        by_low = self.by_low
        while rest:
            low = rest & -rest
            rest ^= low
            for meld, _ in by_low[low.bit_length() - 1]:
                if meld & mask == meld:
                    union |= meld
        return union

    def trim(self) -> None:
        if len(self.memo) > _CACHE_LIMIT:
            self.memo.clear()
            self.memo[0] = 0

    def arrangements(self, mask: int, *, first_only: bool) -> list[list[int]]:
        """Every way (or the first way) to pick disjoint melds of `mask` worth `melded(mask)`.

        Each arrangement comes out once: the lowest card's role (deadwood, or the meld it
        starts) tells arrangements apart.
        """
        if not mask:
            return [[]]
        target = self.melded(mask)
        if not target:
            return [[]]
        low = mask & -mask
        found = []
        for meld, value in self.by_low[low.bit_length() - 1]:
            if meld & mask == meld and value + self.melded(mask ^ meld) == target:
                found.extend([meld, *rest] for rest in self.arrangements(mask ^ meld, first_only=first_only))
                if first_only:
                    return found
        if self.melded(mask ^ low) == target:
            found.extend(self.arrangements(mask ^ low, first_only=first_only))
        return found


@cache
def _solver(cap: int) -> _Solver:
    return _Solver(cap)


def _hand_mask(cards: Iterable[int]) -> tuple[int, int]:
    """The hand's rank-major mask and total deadwood value; refuses jokers and duplicates."""
    mask = 0
    total = 0
    count = 0
    for c in cards:
        if not 0 <= c < NATURAL_COUNT:
            raise ValueError(f"gin melds natural cards only, not {c!r}")
        mask |= _BIT_OF_CARD[c]
        total += c % _RANKS + 1 if c % _RANKS < 10 else 10
        count += 1
    if mask.bit_count() != count:
        raise ValueError("a hand cannot hold the same card twice")
    return mask, total


def _result(mask: int, total: int, melds: list[int]) -> MeldResult:
    melded = 0
    for meld in melds:
        melded |= meld
    return MeldResult(
        deadwood=total - _value(melded),
        melds=[_cards(meld) for meld in melds],
        deadwood_cards=_cards(mask ^ melded),
    )


def min_deadwood(cards: Iterable[int], max_meld_size: int | None = None) -> int:
    """The least deadwood of the hand."""
    mask, total = _hand_mask(cards)
    solver = _solver(_normalised_cap(max_meld_size))
    solver.trim()
    return total - solver.melded(solver.meldable(mask))


def best_melds(cards: Iterable[int], max_meld_size: int | None = None) -> MeldResult:
    """One least-deadwood arrangement (longest melds first where there is a choice)."""
    return _arrangements(cards, max_meld_size, first_only=True)[0]


def all_best_arrangements(cards: Iterable[int], max_meld_size: int | None = None) -> list[MeldResult]:
    """Every distinct arrangement reaching the least deadwood (the knocker's tie-break needs them)."""
    return _arrangements(cards, max_meld_size, first_only=False)


def _arrangements(cards: Iterable[int], max_meld_size: int | None, *, first_only: bool) -> list[MeldResult]:
    mask, total = _hand_mask(cards)
    solver = _solver(_normalised_cap(max_meld_size))
    solver.trim()
    return [
        _result(mask, total, melds)
        for melds in solver.arrangements(solver.meldable(mask), first_only=first_only)
    ]


def deadwood_after_discards(cards: Iterable[int], max_meld_size: int | None = None) -> dict[Card, int]:
    """For each card of the hand (in hand order), the least deadwood of the hand without it."""
    hand = [card(c) for c in cards]
    mask, total = _hand_mask(hand)
    solver = _solver(_normalised_cap(max_meld_size))
    solver.trim()
    meldable = solver.meldable(mask)
    melded = solver.melded(meldable)
    table = {}
    for c in hand:
        bit = _BIT_OF_CARD[c]
        # A card in no meld leaves the best melds untouched: only its own value goes.
        kept = solver.melded(meldable ^ bit) if meldable & bit else melded
        table[c] = total - c.deadwood - kept
    return table
