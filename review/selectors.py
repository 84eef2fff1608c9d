"""Reads for the review page: the stored review, the job's progress, the Daily Gin's lines."""

from __future__ import annotations

from typing import Any

from daily import lines, seeds
from daily import selectors as daily_selectors
from daily.models import DailyPlay
from games import selectors as game_selectors
from games.identity import Identity
from games.models import Family, Match
from review import queue
from review.models import Review
from review.progress import progress_of


def own_seat(match: Match, identity: Identity) -> int | None:
    """The seat `identity` held in the match (a player reviews only their own decisions)."""
    return game_selectors.seat_index(match.room, identity)


def stored_review(match: Match, seat: int) -> Review | None:
    return Review.objects.filter(match=match, seat=seat).first()


def result_context(review: Review | None) -> dict[str, Any]:
    """What `review/_result.html` shows of a stored review."""
    return {
        "review": review,
        "costliest": review and [review.decisions[i] for i in review.summary["costliest"]],
        "rounds": review is not None and review.match.family == Family.RUMMY,
    }


def status_of(match: Match, seat: int) -> dict[str, Any]:
    """state: none, queued, running, done or failed; done and total count decisions."""
    if Review.objects.filter(match=match, seat=seat).exists():
        return {"state": "done", "done": 0, "total": 0}
    progress = progress_of(match.pk, seat) or {"state": "none", "done": 0, "total": 0}
    if progress["state"] in ("queued", "running") and queue.failed(match.pk, seat):
        return {**progress, "state": "failed"}
    return progress


def daily_lines(match: Match, now) -> dict[str, Any] | None:
    """For a ranked Daily Gin match of a closed day: the player's line and the day's par line."""
    play = DailyPlay.objects.filter(match=match).first()
    if play is None or not seeds.is_closed(play.day, now):
        return None
    seed = seeds.day_seed(play.day)
    par = daily_selectors.par(day=play.day)
    return {
        "day": play.day,
        "play": play,
        "par": par,
        "own_steps": lines.steps(seed, lines.own_moves(match)),
        "par_steps": par and lines.steps(seed, lines.par_moves(seed, par.actions)),
    }
