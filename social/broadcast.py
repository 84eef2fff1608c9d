"""The per-user socket's groups and the messages services send them (after commit), through
the channel layer: a player's sockets on any Daphne process hear them."""

from __future__ import annotations

from typing import Any

from games.broadcast import send_on_commit

EVERYONE_GROUP = "me.all"


def user_group(user_id: int) -> str:
    return f"me.{user_id}"


def notified(user_id: int, notification_id: int) -> tuple[str, dict[str, Any]]:
    return (user_group(user_id), {"type": "notification.new", "id": notification_id})


def announced(kind: str) -> tuple[str, dict[str, Any]]:
    """Every signed-in socket: each reads its own player's newest entry of `kind`."""
    return (EVERYONE_GROUP, {"type": "notification.kind", "kind": kind})


def challenge_closed(challenge_id: int, status: str, user_ids: list[int]) -> list[tuple[str, dict[str, Any]]]:
    return [
        (user_group(u), {"type": "challenge.closed", "id": challenge_id, "status": status}) for u in user_ids
    ]


def challenge_opened(challenge_id: int, url: str, user_ids: list[int]) -> list[tuple[str, dict[str, Any]]]:
    return [(user_group(u), {"type": "challenge.opened", "id": challenge_id, "url": url}) for u in user_ids]


__all__ = ["send_on_commit"]
