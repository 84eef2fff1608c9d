"""German Rummy melds (RUMMY.md): legality, what each joker stands for, layoffs, joker exchange.

A meld on the table is a frozen `Meld`: its kind, its cards in table order and, place by place,
the natural card each one stands for (a natural stands for itself).  Everything here is a pure
function of cards and a `RummyRules`; nothing mutates.

- Runs list their places low to high.  With ``cyclic_runs`` a run may wrap past the king
  (J-Q-K-A-2); without it an ace sits only at the low end (A-2-3) or the high end (Q-K-A).
- Sets list their places in the suit order clubs, spades, hearts, diamonds.  A joker in a set
  stands for one of the missing suits; which one is only a label (the first missing suits that
  keep the set legal), re-chosen whenever the set changes, so any missing suit can be laid off
  or exchanged for a joker.  With ``fixed_groups`` the set's suits, jokers included, must be one
  unbroken stretch of that order (C-X-H and S-H-X are fine; nothing comes before clubs).
- ``fixed_jokers`` forbids two jokers side by side.  A set without ``fixed_groups`` has no fixed
  order and can always be laid out with its jokers apart (jokers never outnumber naturals), so
  there the rule only constrains runs and fixed-group sets.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from games.rules.cards import NATURAL_COUNT, Card, card, make_card
from games.rules.rummy.rules import RummyRules

MeldKind = Literal["set", "run"]
End = Literal["low", "high"]

SET_SUIT_ORDER: tuple[int, ...] = (0, 3, 2, 1)
"""Suit indices (cards.SUITS is C, D, H, S) in the set order clubs, spades, hearts, diamonds."""
_SET_PLACE = {suit: place for place, suit in enumerate(SET_SUIT_ORDER)}
MAX_RUN = 13
MAX_SET = 4


@dataclass(frozen=True, slots=True)
class Meld:
    """A legal set or run as it lies on the table."""

    kind: MeldKind
    cards: tuple[Card, ...]
    """The physical cards in table order: a run low to high, a set in C, S, H, D order."""
    stands_for: tuple[Card, ...]
    """Place by place, the natural card each card stands for (a natural stands for itself)."""

    @property
    def joker_count(self) -> int:
        return sum(c.is_joker for c in self.cards)

    @property
    def natural_count(self) -> int:
        return len(self.cards) - self.joker_count

    @property
    def rank(self) -> int:
        """A set's rank (1..13); for a run, the rank of its lowest place."""
        return self.stands_for[0].rank

    @property
    def suit(self) -> int:
        """A run's suit (0..3, cards.SUITS order); for a set, the suit of its first place."""
        return self.stands_for[0].suit

    def jokers(self) -> list[tuple[Card, Card]]:
        """Each joker with the card it stands for, in table order."""
        return [(c, s) for c, s in zip(self.cards, self.stands_for, strict=True) if c.is_joker]

    def __str__(self) -> str:
        return " ".join(
            f"{c}={s}" if c.is_joker else str(c) for c, s in zip(self.cards, self.stands_for, strict=True)
        )


def _split(cards: Iterable[int]) -> tuple[list[Card], list[Card]]:
    naturals: list[Card] = []
    jokers: list[Card] = []
    for c in cards:
        (jokers if c >= NATURAL_COUNT else naturals).append(card(c))
    return naturals, jokers


def _run_rank(start: int, offset: int) -> int:
    return (start - 1 + offset) % 13 + 1


def _run_fits(start: int, length: int, rules: RummyRules) -> bool:
    """Whether a run of `length` places may start at rank `start`: an ace only at an edge unless cyclic."""
    if not 3 <= length <= MAX_RUN:
        return False
    return rules.cyclic_runs or start + length - 1 <= 14


def _jokers_apart(is_joker: Sequence[bool]) -> bool:
    return not any(a and b for a, b in zip(is_joker, is_joker[1:], strict=False))


def _run_readings(naturals: list[Card], jokers: list[Card], rules: RummyRules) -> list[Meld]:
    length = len(naturals) + len(jokers)
    suit = naturals[0].suit
    by_rank = {c.rank: c for c in naturals}
    if any(c.suit != suit for c in naturals) or len(by_rank) != len(naturals):
        return []
    readings = []
    for start in range(1, 14):
        if not _run_fits(start, length, rules):
            continue
        ranks = [_run_rank(start, i) for i in range(length)]
        if not by_rank.keys() <= set(ranks):
            continue
        placed = iter(jokers)
        cards = tuple(by_rank[r] if r in by_rank else next(placed) for r in ranks)
        if rules.fixed_jokers and not _jokers_apart([c.is_joker for c in cards]):
            continue
        readings.append(Meld("run", cards, tuple(make_card(r, suit) for r in ranks)))
    return readings


def _set_readings(naturals: list[Card], jokers: list[Card], rules: RummyRules) -> list[Meld]:
    rank = naturals[0].rank
    by_place = {_SET_PLACE[c.suit]: c for c in naturals}
    if any(c.rank != rank for c in naturals) or len(by_place) != len(naturals):
        return []
    length = len(naturals) + len(jokers)
    if length > MAX_SET:
        return []
    missing = [p for p in range(MAX_SET) if p not in by_place]
    readings = []
    # combinations() yields the first missing suits first, so readings[0] is the canonical label.
    for joker_places in combinations(missing, len(jokers)):
        places = sorted([*by_place, *joker_places])
        if rules.fixed_groups:
            if places[-1] - places[0] != length - 1:
                continue
            if rules.fixed_jokers and not _jokers_apart([p not in by_place for p in places]):
                continue
        placed = dict(zip(joker_places, jokers, strict=True))
        cards = tuple(by_place[p] if p in by_place else placed[p] for p in places)
        readings.append(Meld("set", cards, tuple(make_card(rank, SET_SUIT_ORDER[p]) for p in places)))
    return readings


def meld_readings(cards: Iterable[int], rules: RummyRules) -> list[Meld]:
    """Every legal reading of `cards` as one meld (every placement of its jokers); [] if none.

    Runs come lowest start first, sets with the jokers on the first missing suits first.
    """
    naturals, jokers = _split(cards)
    if len(naturals) + len(jokers) < 3 or len(jokers) > len(naturals) or (jokers and rules.jokers == 0):
        return []
    if naturals[0].rank == naturals[1].rank:
        return _set_readings(naturals, jokers, rules)
    return _run_readings(naturals, jokers, rules)


def _low_padding(meld: Meld) -> int:
    """Jokers before the first natural of a run."""
    return next(i for i, c in enumerate(meld.cards) if not c.is_joker)


def _pick(readings: list[Meld], end: End | None) -> Meld | None:
    """A run's jokers at the open end the player says (high unless told), else the first reading."""
    if not readings:
        return None
    if readings[0].kind == "run":
        sign = 1 if end == "low" else -1
        return max(readings, key=lambda m: sign * _low_padding(m))
    return readings[0]


def classify_meld(cards: Iterable[int], rules: RummyRules, *, joker_end: End | None = None) -> Meld | None:
    """The meld `cards` form, or None.

    Cards may come in any order.  A run's jokers fill its gaps first; any left over go to
    `joker_end` ("high" unless told) as far as the run can reach there, then to the other end.
    A set's jokers take the first missing suits in C, S, H, D order that keep it legal.
    Use `meld_readings` to offer every placement.
    """
    return _pick(meld_readings(cards, rules), joker_end)


def is_meld(cards: Iterable[int], rules: RummyRules) -> bool:
    return bool(meld_readings(cards, rules))


def lay_off(meld: Meld, added: int, rules: RummyRules, *, end: End | None = None) -> Meld | None:
    """The meld after laying off `added`, or None when it cannot go there.

    A run takes a card at either end (a natural only where it fits; a joker at `end`, "high"
    unless told, or the other end when that one is closed).  A set takes a missing suit or a joker.
    """
    added = card(added)
    if meld.kind == "set":
        return _pick(meld_readings([*meld.cards, added], rules), None)
    joker_count = meld.joker_count + added.is_joker
    if len(meld.cards) == MAX_RUN or (added.is_joker and joker_count > meld.natural_count):
        return None
    low, high = meld.stands_for[0], meld.stands_for[-1]
    options = {
        "low": _extended(meld, added, stands=_run_rank(low.rank, -1), at_low=True, rules=rules),
        "high": _extended(meld, added, stands=_run_rank(high.rank, 1), at_low=False, rules=rules),
    }
    if end == "low":
        return options["low"] or options["high"]
    return options["high"] or options["low"]


def _extended(meld: Meld, added: Card, *, stands: int, at_low: bool, rules: RummyRules) -> Meld | None:
    start = stands if at_low else meld.stands_for[0].rank
    if not _run_fits(start, len(meld.cards) + 1, rules):
        return None
    if not added.is_joker and added != make_card(stands, meld.suit):
        return None
    neighbour = meld.cards[0] if at_low else meld.cards[-1]
    if rules.fixed_jokers and added.is_joker and neighbour.is_joker:
        return None
    new = make_card(stands, meld.suit)
    if at_low:
        return Meld("run", (added, *meld.cards), (new, *meld.stands_for))
    return Meld("run", (*meld.cards, added), (*meld.stands_for, new))


def can_lay_off(meld: Meld, added: int, rules: RummyRules) -> bool:
    return lay_off(meld, added, rules) is not None


def exchange_joker(meld: Meld, natural: int, rules: RummyRules) -> tuple[Meld, Card] | None:
    """The meld after `natural` replaces a joker, and the freed joker; None when not allowed.

    In a run the natural must be the card a joker stands for.  In a set it may be any missing
    suit that leaves a legal set; with ``fixed_jokers`` only when the set then holds four
    natural cards.
    """
    natural = card(natural)
    if natural.is_joker:
        return None
    if meld.kind == "run":
        if natural not in meld.stands_for:
            return None
        place = meld.stands_for.index(natural)
        if not meld.cards[place].is_joker:
            return None
        cards = (*meld.cards[:place], natural, *meld.cards[place + 1 :])
        return Meld("run", cards, meld.stands_for), meld.cards[place]
    jokers = [j for j, _ in meld.jokers()]
    if not jokers or natural.rank != meld.rank or natural in meld.cards:
        return None
    if rules.fixed_jokers and meld.natural_count + 1 < MAX_SET:
        return None
    # Free the joker labelled with this card when there is one, so the table changes least.
    freed = next((j for j, s in meld.jokers() if s == natural), jokers[-1])
    rest = [c for c in meld.cards if c != freed]
    result = _pick(meld_readings([*rest, natural], rules), None)
    return (result, freed) if result else None


def meld_points(meld: Meld) -> int:
    """First-meld value: 2-10 face, J/Q/K 10, an ace 11 in a set or after a king, else 1.

    A joker counts as the card it stands for.
    """
    total = 0
    previous = 0
    for stood in meld.stands_for:
        rank = stood.rank
        if rank == 1:
            total += 11 if meld.kind == "set" or previous == 13 else 1
        else:
            total += min(rank, 10)
        previous = rank
    return total


def card_points(c: int, rules: RummyRules) -> int:
    """What a card left in hand costs: 2-9 face, 10-K 10, ace 11, joker 20.

    With ``casino_scoring``: queen of spades 40, ace 15, 10-K 10, 2-9 5, joker 0.
    """
    c = card(c)
    if c.is_joker:
        return 0 if rules.casino_scoring else 20
    rank = c.rank
    if rules.casino_scoring:
        if rank == 12 and c.suit == 3:
            return 40
        return 15 if rank == 1 else 10 if rank >= 10 else 5
    return 11 if rank == 1 else min(rank, 10)


def hand_points(cards: Iterable[int], rules: RummyRules) -> int:
    return sum(card_points(c, rules) for c in cards)
