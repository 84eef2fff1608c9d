"""A review's progress while it runs: kept in the cache every process shares (Redis with
REDIS_URL; with the in-process worker the local cache is the worker's own process), and told
to the review page's sockets (`review.consumers`) through the channel layer."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

from games.broadcast import send_on_commit

TTL = 3600


def _key(match_id: int, seat: int) -> str:
    return f"review:progress:{match_id}:{seat}"


def group_of(match_id: int, seat: int) -> str:
    """The review page sockets of the match's seat (only its player's join)."""
    return f"review.{match_id}.{seat}"


def set_progress(match_id: int, seat: int, *, state: str, done: int = 0, total: int = 0) -> None:
    progress = {"state": state, "done": done, "total": total}
    cache.set(_key(match_id, seat), progress, TTL)
    send_on_commit([(group_of(match_id, seat), {"type": "review.progress", **progress})])


def progress_of(match_id: int, seat: int) -> dict[str, Any] | None:
    return cache.get(_key(match_id, seat))
