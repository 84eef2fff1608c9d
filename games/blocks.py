"""Blocks between players, as the rooms and the table chat need them.

The blocks are the accounts app's (`accounts.Block`), which sits above games in the layers
(docs/architecture.md): it hands games its reader when it starts (`AccountsConfig.ready`), so
games asks without importing it."""

from __future__ import annotations

from collections.abc import Callable

_reader: Callable[[int | None], set[int]] = lambda user_id: set()  # noqa: E731


def provide(reader: Callable[[int | None], set[int]]) -> None:
    """Use `reader(user_id)`: the ids of the players `user_id` blocks or is blocked by."""
    global _reader
    _reader = reader


def blocked_either_way(user_id: int | None) -> set[int]:
    return _reader(user_id) if user_id is not None else set()
