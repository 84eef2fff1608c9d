"""A review's progress while it runs, in the cache every process shares (Redis with REDIS_URL;
with the in-process worker the local cache is the worker's own process)."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache

TTL = 3600


def _key(match_id: int, seat: int) -> str:
    return f"review:progress:{match_id}:{seat}"


def set_progress(match_id: int, seat: int, *, state: str, done: int = 0, total: int = 0) -> None:
    cache.set(_key(match_id, seat), {"state": state, "done": done, "total": total}, TTL)


def progress_of(match_id: int, seat: int) -> dict[str, Any] | None:
    return cache.get(_key(match_id, seat))
