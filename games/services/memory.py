"""What this process last wrote of a match whose turn stayed with the player who acted: the
match, its room and seats as the write left them, the rules' state and the log's length.
The player's next action of the turn (the discard after the draw) comes back to this process,
against the version it wrote: the move is then made from memory and sent with its lock and
writes in one round trip instead of two (`storage.as_remembered`, docs/benchmarks.md, session
40).  A memory lives the seconds between two actions: the objects of a whole match's
memories, kept from move to move, would grow the collector's old generation.

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

LIMIT = 1000
"""Matches remembered per process at once, the least recently written going first: each holds
its rules' state, 40-100 kB of Python objects (a gin match of 3-4 finished hands: about 40 kB),
and a process serves a few hundred tables, not all of them in the middle of a turn."""


@dataclass(frozen=True)
class Memory:
    match: Match
    """With its room, and set by the write: `xmin` (the row's version in PostgreSQL) and
    `room_xmin` (the room row's, read with the lock); without its `state`'s JSON, which
    `state` stands for."""
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
    kept = rows.copied(match)
    kept.state = None
    rows.relate(kept, "room", match.room)
    memory = Memory(match=kept, seats=tuple(seats), state=state, moves_logged=moves_logged)
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
