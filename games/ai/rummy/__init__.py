"""Computer players for German Rummy (Rommé).  Pure Python: `games.rules` and the standard library only.

A bot sees exactly what its seat's browser sees, ``games.rules.rummy.view_for(state, seat)``,
and returns one action; the services ask again after every action of the bot's turn (draw,
plays, discard).  Given the same view and seed it returns the same action (docs/bots.md).

    choose_action("medium", view, seed=match_seed) -> {"type": "discard", "card": 17}
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from random import Random
from typing import Any

from games.ai.rummy.knowledge import read_view
from games.ai.rummy.policy import Level, decide

MEDIUM = Level(reads_table=True, outs_weight=1.5, danger_weight=1.0, joker_hold=16.0, slip=0.0)
LEVELS: dict[str, Level] = {
    "easy": Level(
        reads_table=False,
        outs_weight=0.0,
        danger_weight=0.0,
        joker_hold=0.0,
        slip=0.4,
        come_out_turns=(3, 1, 1),
    ),
    "medium": MEDIUM,
    "hard": replace(
        MEDIUM,
        outs_weight=4.0,
        samples=256,
        holds_for_rummy=True,
        endgame_outs=0.3,
        come_out_turns=(5, 0, 0),
        holds_melds=True,
    ),
}


def choose_action(level: str, view: dict[str, Any], *, seed: int) -> dict[str, Any] | None:
    """One legal action for the seat whose view this is.

    Out of turn (calling tables) the only choice is to call the fresh discard: the result is
    ``{"type": "call"}`` or None (let it go).  A ``meld`` action lays the hand's melds (the view
    lists ``{"type": "meld"}`` only).  ValueError for an unknown level or nothing to decide.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown rummy level {level!r} (levels: {', '.join(LEVELS)})")
    knowledge = read_view(view)
    action = decide(knowledge, LEVELS[level], Random(decision_seed(level, view, seed)))
    listed = {"type": "meld"} if action is not None and action["type"] == "meld" else action
    if action is not None and listed not in knowledge.legal:
        raise AssertionError(f"{level} rummy bot chose an illegal action {action!r}")
    return action


def decision_seed(level: str, view: dict[str, Any], seed: int) -> int:
    """A seed drawn from the view itself, so one decision's randomness never depends on another's."""
    key = json.dumps(
        [level, seed, view["round"], view["turn_number"], view["hand"], len(view["log"]), view["phase"]],
        separators=(",", ":"),
    )
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


__all__ = ["LEVELS", "choose_action"]
