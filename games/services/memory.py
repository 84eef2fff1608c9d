"""What this process last wrote of each match it serves: the match, its room and seats as the
write left them, the rules' state and the log's length.  A player's second action of a turn
(the discard after the draw) comes back to the process that wrote the first, against the
version it wrote: the move is then made from memory and sent with its lock and writes in one
round trip instead of two (`storage.as_remembered`, docs/benchmarks.md, session 40).

A memory may be stale (another process moved, the sweeper timed a turn out, a seat's sockets
changed): the write checks under the match's lock that the rows are as remembered, and when
they are not, nothing is written and the move is made again from the database.  So a memory
is only ever a guess, kept for the newest version of each match a process wrote, a bounded
number of them."""

from __future__ import annotations

import collections
import threading
from dataclasses import dataclass
from typing import Any

from games import rows
from games.models import Match, Seat

LIMIT = 4096
"""Matches remembered per process (a few kB each); the least recently written go first."""


@dataclass(frozen=True)
class Memory:
    match: Match
    """With its room, and set by the write: `xmin` (the row's version in PostgreSQL) and
    `room_xmin` (the room row's, read with the lock)."""
    seats: tuple[Seat, ...]
    state: Any
    """The rules' state, immutable: not parsed again from `match.state`."""
    moves_logged: int

    def copies(self) -> tuple[Match, list[Seat]]:
        """The match (with a copy of its room) and seats, for a move to change as it goes."""
        match = rows.copied(self.match)
        rows.relate(match, "room", rows.copied(self.match.room))
        return match, [rows.copied(seat) for seat in self.seats]


_memories: collections.OrderedDict[int, Memory] = collections.OrderedDict()
_lock = threading.Lock()  # the database threads share one memory


def recall(match_id: int, *, version: int) -> Memory | None:
    """What this process wrote last of the match, if it left it at `version`."""
    with _lock:
        memory = _memories.get(match_id)
    return memory if memory is not None and memory.match.version == version else None


def keep(*, match: Match, seats: list[Seat], state: Any, moves_logged: int) -> None:
    """Remember a match this process has just written; nobody changes these objects after."""
    memory = Memory(match=match, seats=tuple(seats), state=state, moves_logged=moves_logged)
    with _lock:
        _memories[match.pk] = memory
        _memories.move_to_end(match.pk)
        while len(_memories) > LIMIT:
            _memories.popitem(last=False)


def forget(match_id: int) -> None:
    with _lock:
        _memories.pop(match_id, None)


def clear() -> None:
    """Forget every match (tests)."""
    with _lock:
        _memories.clear()
