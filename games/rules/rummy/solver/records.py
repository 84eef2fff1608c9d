"""The solver's records: a hand as the search reads it, a meld as it finds, ranks and lays it
out, and the arrangement it returns.

The meld records are plain tuples, named here and unpacked field by field where they are used:
the search builds them by the thousand per hand, and a NamedTuple costs about 15 times as much to
build as a tuple (CPython 3.11; docs/benchmarks.md, "The solver as a package").
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.rummy.melds import Meld, MeldKind

Layout = tuple[tuple[int, ...], int, MeldKind]
"""A meld found by the search, laid out: (stands, joker bits, kind) — the natural card each place
stands for, low to high; a bit per place a joker fills; "set" or "run"."""

Found = tuple[int, int, int, int, Layout]
"""A meld found for a lowest natural: (need, jokers, gain, need worth, layout) — the copies it
takes (as count fields), the jokers it takes, its gain, the most its naturals could gain (the
search's bound counts them so), its layout."""

Candidate = tuple[int, int, int, int, Layout, int, int]
"""A meld as the search tries it: a `Found`'s five fields, then (shift, drop) — what taking it
subtracts from a memo key, and how far taking it lowers the search's bound at least."""

Walk = tuple[int, int, int, int, int, int, int]
"""One way to fill places next to a run's lowest natural going one way (`MeldFinder._walk`):
(taken, jokers, naturals, gain, top, places, joker bits) — the cards taken as count fields, the
jokers and naturals placed, the gain, the most the naturals could gain, the places filled, a bit
per place a joker fills (nearest first)."""


@dataclass(frozen=True)
class Hand:
    """A hand as the search reads it."""

    counts: int
    """Two bits per natural card that can still meld: how many copies the hand holds."""
    jokers: tuple[Card, ...]
    stuck: tuple[Card, ...]
    """Cards no meld of this hand can hold."""


@dataclass(frozen=True)
class Arrangement:
    """One best way to lay a hand out: the melds and the cards left in hand."""

    score: int
    """Points left in hand (`arrange`) or first-meld value laid down (`arrange_first_meld`)."""
    melds: tuple[Meld, ...]
    left: tuple[Card, ...]
