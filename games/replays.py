"""Replaying a stored match from its move log: the invariant that proves no move was lost,
doubled or reordered."""

from __future__ import annotations

from typing import Any

from games.families import adapter
from games.models import Match


def replayed_state(match: Match, *, version: int | None = None) -> dict[str, Any]:
    """The state the move log leads to (or the state at `version`), as JSON."""
    family = adapter(match.family)
    state = family.new_match(family.rules_from(match.rules), seats=2, first_dealer=match.first_dealer)
    moves = match.moves.order_by("seq")
    if version is not None:
        moves = moves.filter(version__lte=version)
    for seat, action in moves.values_list("seat", "action"):
        state, _ = family.apply(state, seat, action)
    return family.dump(state)


def is_consistent(match: Match) -> bool:
    return replayed_state(match) == match.state
