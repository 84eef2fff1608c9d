"""Exact German Rummy hand solver: least points left, best first meld, best discard (docs/rummy-solver.md).

A hand is a multiset of natural cards (at most two copies each, two decks) plus a number of
jokers.  The search always decides the lowest remaining natural card: it stays in hand, or it
is the lowest natural of one meld, built from the remaining cards and the joker pool.  A joker
may stand for a card the hand holds (that card can be busy in another meld), so a run's places
branch on natural-or-joker.  The memo is keyed on the remaining counts (two bits a card), the
jokers left and, for the first meld, whether a card has been kept back for the discard.

The stages, one module each: `hand` reads a hand into count fields (`fields`), `finder` lists
the melds each card can be the lowest of, `search` finds the most a hand can meld, `layout` lays
one best arrangement out, `discard` finds the best discard.  `records` names what they pass on.
"""

from games.rules.rummy.solver.discard import DiscardTable, best_discard, points_after_discard
from games.rules.rummy.solver.layout import arrange, arrange_first_meld
from games.rules.rummy.solver.records import Arrangement
from games.rules.rummy.solver.search import best_first_meld, clear_memo, least_points

__all__ = [
    "Arrangement",
    "DiscardTable",
    "arrange",
    "arrange_first_meld",
    "best_discard",
    "best_first_meld",
    "clear_memo",
    "least_points",
    "points_after_discard",
]
