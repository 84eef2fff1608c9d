"""Replaying a stored match from its move log: the invariant that proves no move was lost,
doubled or reordered."""

from __future__ import annotations

from typing import Any

from games.families import adapter
from games.models import Match


def states_by_version(match: Match) -> dict[int, dict[str, Any]]:
    """Every version of the match the move log passes through, with its state as JSON."""
    family = adapter(match.family)
    state = family.new_match(
        family.rules_from(match.rules),
        seats=match.room.seats.count(),
        first_dealer=match.first_dealer,
        rounds=match.room.rounds,
    )
    states = {0: family.dump(state)}
    for seat, action, version in match.moves.order_by("seq").values_list("seat", "action", "version"):
        state, _ = family.apply(state, seat, action)
        states[version] = state
    return {v: s if isinstance(s, dict) else family.dump(s) for v, s in states.items()}


def replayed_state(match: Match, *, version: int | None = None) -> dict[str, Any]:
    """The state the move log leads to (or the state at `version`), as JSON."""
    states = states_by_version(match)
    return states[max(states) if version is None else version]


def is_consistent(match: Match) -> bool:
    return replayed_state(match) == match.state
