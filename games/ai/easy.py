"""Easy: keeps made melds, throws its highest unmelded card, knocks when it can; slips now and then.

Its mistakes (drawn from the decision's seeded `rng`): sometimes it throws a random unmelded
card instead of the highest, and sometimes it lets a knock go by.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.ai.hand_value import deadwood, highest_unmelded, unmelded
from games.ai.table import Table
from games.rules.cards import Card

WRONG_DISCARD = 0.25
MISSED_KNOCK = 0.2


def decide(table: Table, *, rng: Random) -> dict[str, Any]:
    if table.phase == "upcard":
        return {"type": "take_upcard"} if _makes_meld(table.hand, table.top, table.cap) else {"type": "pass"}
    if table.phase == "draw":
        take = {"type": "draw", "source": "discard"}
        if table.has(take) and _makes_meld(table.hand, table.top, table.cap):
            return take
        return {"type": "draw", "source": "stock"}
    if table.has({"type": "big_gin"}):
        return {"type": "big_gin"}
    wants_knock = rng.random() >= MISSED_KNOCK
    if wants_knock and table.has({"type": "knock"}):
        return {"type": "knock"}
    card = highest_unmelded(table.hand, table.cap, keep=table.taken)
    if rng.random() < WRONG_DISCARD:
        loose = sorted(c for c in unmelded(table.hand, table.cap) if c != table.taken)
        card = rng.choice(loose) if loose else card
    knock = {"type": "knock", "card": str(card)}
    if wants_knock and table.has(knock):
        return knock
    return {"type": "discard", "card": str(card)}


def _makes_meld(hand: tuple[Card, ...], top: Card | None, cap: int | None) -> bool:
    """The top card lowers the hand's deadwood by more than its own value: it joins a meld."""
    return top is not None and deadwood([*hand, top], cap) < deadwood(hand, cap) + top.deadwood
