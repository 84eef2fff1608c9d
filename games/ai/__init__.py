"""Computer players for gin.  Pure Python: they import `games.rules` and the standard library only.

A bot sees exactly what its seat's browser sees, ``games.rules.gin.view_for(state, seat)``,
and returns one of ``view["legal_actions"]``.  Given the same view and seed it returns the
same action, so a match replays from its move log.

    choose_action("hard", view, seed=match_seed) -> {"type": "discard", "card": "KS"}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from random import Random
from typing import Any

from games.ai import arcade, easy, hard, medium, rummy
from games.ai.table import Table, read_view

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "arcade")

_BOTS: dict[str, Callable[..., dict[str, Any]]] = {
    "easy": easy.decide,
    "medium": medium.decide,
    "hard": hard.decide,
    "arcade": arcade.decide,
}


def choose_action(
    level: str, view: dict[str, Any], *, seed: int, samples: int | None = None
) -> dict[str, Any] | None:
    """One legal action for the seat whose view this is.

    `seed` makes the bot's random choices repeatable (any int; the match's id or seed will do).
    `samples` bounds Hard's sampling (None: its default); the other levels ignore it.
    Raises ValueError for an unknown level or a view with nothing to decide.
    A rummy view (``view["game"] == "rummy"``) goes to `games.ai.rummy.choose_action`.
    """
    if view.get("game") == "rummy":
        return rummy.choose_action(level, view, seed=seed)
    if level not in _BOTS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    table = read_view(view)
    rng = Random(decision_seed(level, view, seed))
    options = {} if samples is None or level != "hard" else {"samples": samples}
    action = _BOTS[level](table, rng=rng, **options)
    if action not in view["legal_actions"]:
        raise AssertionError(f"{level} bot chose an illegal action {action!r}")
    return action


def decision_seed(level: str, view: dict[str, Any], seed: int) -> int:
    """A seed drawn from the view itself, so one decision's randomness never depends on another's."""
    key = json.dumps(
        [level, seed, view["hand_number"], view["scores"], view["hand"], view["log"], view["phase"]],
        separators=(",", ":"),
    )
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


__all__ = ["LEVELS", "Table", "choose_action", "decision_seed"]
