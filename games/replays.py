"""Replaying a stored match from its move log: the invariant that proves no move was lost,
doubled or reordered, and the steps the staff replay walks through."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.adapters import adapter
from games.models import Match


def replay_moves(match: Match) -> Iterator[tuple[Any, Any, list[dict[str, Any]]]]:
    """The match's first state (no move, no event), then each move of its log (a row with its
    seat, actor, action and version) with the state it led to and the events it made; states
    are the rule engine's values, not JSON."""
    family = adapter(match.family)
    state = family.new_match(
        family.rules_from(match.rules),
        seats=match.room.seats.count(),
        first_dealer=match.first_dealer,
        rounds=match.room.rounds,
    )
    yield None, state, []
    moves = match.moves.order_by("seq").values_list("seat", "actor", "action", "version", named=True)
    for move in moves:
        state, events = family.apply(state, move.seat, move.action)
        yield move, state, events


def states_by_version(match: Match) -> dict[int, dict[str, Any]]:
    """Every version of the match the move log passes through, with its state as JSON."""
    family = adapter(match.family)
    states = {0 if move is None else move.version: state for move, state, _ in replay_moves(match)}
    return {version: family.dump(state) for version, state in states.items()}


def replayed_state(match: Match, *, version: int | None = None) -> dict[str, Any]:
    """The state the move log leads to (or the state at `version`), as JSON."""
    states = states_by_version(match)
    return states[max(states) if version is None else version]


def is_consistent(match: Match) -> bool:
    return replayed_state(match) == match.state
