"""The EAAI-2021 reference player, Todd Neller's ``SimpleGinRummyPlayer``, on our engine.

Written from the behaviour of its Java source (github.com/tneller/gin-rummy-eaai): it ignores
the opponent entirely and

- takes the face-up card (the first upcard or the discard top) when that card is part of *any*
  meld of its hand with the card, not only of a best arrangement;
- discards, among the cards it may throw, one chosen uniformly at random among those leaving
  the least deadwood (never the face-up card it just took: our rules forbid it too);
- knocks as soon as the 10 cards it keeps have at most the knock limit of deadwood (gin at 0).

Our engine referees: it lays the knocker's melds and lays off for the defender, as the EAAI
framework does.  Not reproduced: the Java player's memory of (drawn, discarded) pairs, which
only stops it throwing back, in a later turn, the same card after drawing the same card again
(our pile rules already forbid throwing the card just taken).  Classic timing only (the Java
game knocks after the discard).
"""

from __future__ import annotations

import hashlib
import json
from random import Random
from typing import Any

from games.ai.table import read_view
from games.rules.cards import Card
from games.rules.melds import deadwood_after_discards

NAME = "eaai-simple"


def choose_action(view: dict[str, Any], *, seed: int) -> dict[str, Any]:
    """One legal action for the seat whose view this is (the same view and seed, the same action)."""
    table = read_view(view)
    if table.phase == "upcard":
        return {"type": "take_upcard"} if _in_a_meld(table.hand, table.top) else {"type": "pass"}
    if table.phase == "draw":
        take = {"type": "draw", "source": "discard"}
        if table.has(take) and _in_a_meld(table.hand, table.top):
            return take
        return {"type": "draw", "source": "stock"}
    after = deadwood_after_discards(table.hand, table.cap)
    options = {c: d for c, d in after.items() if c != table.taken}
    least = min(options.values())
    ties = sorted(c for c, d in options.items() if d == least)
    card = Random(_seed(view, seed)).choice(ties)
    knock = {"type": "knock", "card": str(card)}
    action = knock if table.has(knock) else {"type": "discard", "card": str(card)}
    if action not in view["legal_actions"]:
        raise AssertionError(f"{NAME} chose an illegal action {action!r}")
    return action


def _in_a_meld(hand: tuple[Card, ...], card: Card | None) -> bool:
    """`card` and two or more cards of `hand` form a set or a run (aces low, as in gin)."""
    if card is None:
        return False
    if sum(c.rank == card.rank for c in hand) >= 2:
        return True
    ranks = {c.rank for c in hand if c.suit == card.suit}
    r = card.rank
    return any({r + a, r + b} <= ranks for a, b in ((-2, -1), (-1, 1), (1, 2)))


def _seed(view: dict[str, Any], seed: int) -> int:
    key = json.dumps([NAME, seed, view["hand_number"], view["hand"], view["log"]], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
