"""A finished match's game record (docs/records.md), from its move log: what the replay page
offers to download.  The text itself is written by the rules library (`game_record`)."""

from __future__ import annotations

from games.adapters import adapter
from games.models import Family, Match
from games.played import seat_names
from games.replays import replay_moves
from games.rules import game_record


def match_record(match: Match) -> str:
    """The record of `match`; only for a finished match whose seeds are public (the replay's
    access rules say so before this is called)."""
    final = None
    actions = []
    for move, state, _ in replay_moves(match):
        final = state
        if move is not None:
            actions.append((move.seat, move.action))
    headers = {
        "Match": str(match.pk),
        "Rule set": match.room.ruleset.name,
        "Players": "; ".join(seat_names(match)),
        "Date": match.created_at.date().isoformat(),
    }
    if match.seeds_secret_until is not None:
        headers["Seeds public from"] = match.seeds_secret_until.isoformat()
    record = game_record.Record(
        game=match.family,
        rules=adapter(match.family).rules_from(match.rules).to_dict(),
        seats=len(match.room.seats.all()),
        first=match.first_dealer,
        rounds=(match.room.rounds or 1) if match.family == Family.RUMMY else None,
        actions=tuple(actions),
        results=game_record.result_lines(final),
        headers=headers,
    )
    return game_record.write(record)
