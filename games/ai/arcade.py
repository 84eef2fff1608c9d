"""The arcade bot, exactly as RULES.md §2 states it (docs/bots.md has the precise reading).

- Its deadwood is always the least deadwood of the cards it holds at that moment (the
  figure the deadwood counter shows): 10 cards between turns, 11 between draw and discard.
- Taking the discard top "lowers its deadwood" when its 11 cards with the top have strictly
  less deadwood than its 10 cards now, i.e. the top joins a meld and saves more than its own
  value.  A low loose card is not taken, even though throwing a high card next would leave
  less deadwood: the bot reads the count in its hand, nothing more.
- It knocks as soon as its deadwood is at most 8 (and within the hand's knock limit): with
  ``before_discard`` timing that is the deadwood of its 11 cards right after drawing; with
  ``after_discard`` timing, of the 10 cards left after its usual discard.
- "Highest" orders by deadwood value, then rank, then suit in the order C, D, H, S
  (so KS goes before KH, and KC before QS).
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.ai.hand_value import deadwood, highest_unmelded
from games.ai.table import Table
from games.rules.cards import Card
from games.rules.melds import deadwood_after_discards

KNOCK_AT = 8


def decide(table: Table, *, rng: Random) -> dict[str, Any]:
    """Deterministic: `rng` is not used."""
    if table.phase == "upcard":
        return (
            {"type": "take_upcard"} if taking_lowers(table.hand, table.top, table.cap) else {"type": "pass"}
        )
    if table.phase == "draw":
        take = {"type": "draw", "source": "discard"}
        if table.has(take) and taking_lowers(table.hand, table.top, table.cap):
            return take
        return {"type": "draw", "source": "stock"}
    return _discard_or_knock(table)


def taking_lowers(hand: tuple[Card, ...], top: Card | None, cap: int | None) -> bool:
    return top is not None and deadwood([*hand, top], cap) < deadwood(hand, cap)


def _discard_or_knock(table: Table) -> dict[str, Any]:
    limit = min(KNOCK_AT, table.knock_limit)
    if table.has({"type": "big_gin"}):
        return {"type": "big_gin"}
    if table.has({"type": "knock"}) and deadwood(table.hand, table.cap) <= limit:
        return {"type": "knock"}
    card = highest_unmelded(table.hand, table.cap, keep=table.taken)
    knock = {"type": "knock", "card": str(card)}
    if table.has(knock) and deadwood_after_discards(table.hand, table.cap)[card] <= limit:
        return knock
    return {"type": "discard", "card": str(card)}
