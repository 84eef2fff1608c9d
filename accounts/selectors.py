"""Reads about players and what stands between them."""

from __future__ import annotations

from django.db.models import Q

from accounts.models import Block


def is_blocked_between(a: int | None, b: int | None) -> bool:
    """Whether either player (by id) blocks the other; a guest (None) is never blocked."""
    if a is None or b is None or a == b:
        return False
    return Block.objects.filter(Q(blocker_id=a, blocked_id=b) | Q(blocker_id=b, blocked_id=a)).exists()


def blocked_either_way(user_id: int | None) -> set[int]:
    """The ids of the players `user_id` blocks or is blocked by."""
    if user_id is None:
        return set()
    pairs = Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id)).values_list(
        "blocker_id", "blocked_id"
    )
    return {other for pair in pairs for other in pair if other != user_id}
