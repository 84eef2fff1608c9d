"""A frame from the per-user socket, checked once at the edge (docs/protocol.md, "/ws/me/")."""

from __future__ import annotations

import json
from dataclasses import dataclass

MAX_FRAME = 2000
MAX_IDS = 100


class BadFrame(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Read:
    ids: list[int] | None  # None: all


@dataclass(frozen=True)
class Answer:
    challenge: int
    accept: bool


@dataclass(frozen=True)
class Rematch:
    room: str


Command = Ping | Read | Answer | Rematch


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2**63:
        raise BadFrame("An id is a positive integer.")
    return value


def parse(text: str | None) -> Command:
    if not isinstance(text, str) or len(text) > MAX_FRAME:
        raise BadFrame(f"A frame is JSON text of at most {MAX_FRAME} characters.")
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame("Not JSON.") from None
    if not isinstance(frame, dict):
        raise BadFrame("A frame is a JSON object.")
    kind = frame.get("type")
    if kind == "ping":
        return Ping()
    if kind == "read":
        ids = frame.get("ids")
        if ids is None:
            return Read(None)
        if not isinstance(ids, list) or len(ids) > MAX_IDS:
            raise BadFrame(f"ids: a list of at most {MAX_IDS} ids.")
        return Read([_int(i) for i in ids])
    if kind == "answer":
        if not isinstance(frame.get("accept"), bool):
            raise BadFrame("accept: true or false.")
        return Answer(_int(frame.get("id")), frame["accept"])
    if kind == "rematch":
        room = frame.get("room")
        if not isinstance(room, str) or not room.isascii() or not room.isalnum() or len(room) > 12:
            raise BadFrame("room: a room code.")
        return Rematch(room)
    raise BadFrame("Unknown frame type.")
