"""Medium: values deadwood and partial melds, and keeps away from what the opponent collects.

A 10-card hand is worth its deadwood minus what the next draws should save (`draw_gain` over
the unseen cards: pairs and two-card runs with live cards are the holdings that save most).
A discard connecting to a card the opponent picked up from the pile (same rank, or same suit
within two ranks) costs a fixed penalty.  It knocks as soon as it can.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.ai.hand_value import connects, deadwood, draw_gain, highest_key
from games.ai.table import Table
from games.rules.cards import Card

FUTURE_DRAWS = 1.5
"""How many draws' worth of improvement a hand's potential counts for."""
FEEDING_PENALTY = 6.0


def decide(table: Table, *, rng: Random) -> dict[str, Any]:
    weights = {c: 1 / len(table.unseen) for c in table.unseen} if table.unseen else {}

    def worth(cards: list[Card]) -> float:
        return deadwood(cards, table.cap) - FUTURE_DRAWS * draw_gain(cards, table.cap, weights)

    def discard_cost(cards: list[Card], card: Card) -> float:
        feeds = any(connects(card, k) for k in table.opponent_known)
        return worth([c for c in cards if c != card]) + FEEDING_PENALTY * feeds

    def best_discard(cards: list[Card], keep: Card | None) -> tuple[float, Card]:
        return min(
            ((discard_cost(cards, c), c) for c in cards if c != keep),
            key=lambda pair: (pair[0], tuple(-k for k in highest_key(pair[1]))),
        )

    if table.phase in ("upcard", "draw"):
        hand = list(table.hand)
        take = {"type": "take_upcard"} if table.phase == "upcard" else {"type": "draw", "source": "discard"}
        decline = {"type": "pass"} if table.phase == "upcard" else {"type": "draw", "source": "stock"}
        if table.top is None or not table.has(take):
            return decline
        with_top, _ = best_discard([*hand, table.top], table.top)
        # Drawing blind is worth the hand's value less one draw's expected saving.
        blind = worth(hand) - draw_gain(hand, table.cap, weights)
        return take if with_top < blind else decline

    if table.has({"type": "big_gin"}):
        return {"type": "big_gin"}
    if table.has({"type": "knock"}):
        return {"type": "knock"}
    knocks = [a for a in table.legal if a["type"] == "knock"]
    if knocks:
        return min(knocks, key=lambda a: _deadwood_without(table, a["card"]))
    _, card = best_discard(list(table.hand), table.taken)
    return {"type": "discard", "card": str(card)}


def _deadwood_without(table: Table, text: str) -> int:
    return deadwood([c for c in table.hand if str(c) != text], table.cap)
