"""A table socket's frames, checked once at the edge into typed commands (docs/protocol.md).

Whatever arrives (any text, any bytes, any JSON of any depth, any string), `parse_command`
answers with a command or raises `BadFrame`, never another exception: a frame nested deeper
than MAX_DEPTH is refused before the JSON parser could recurse, and no string holding NUL or a
lone surrogate (PostgreSQL's text takes neither, UTF-8 cannot encode the second) gets past.
Fields a command does not use are ignored (the pass-and-play table names its seat in `act`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Literal, TypeAlias, get_args

MAX_FRAME = 4096
"""Characters in a frame; the largest the browser sends (a meld of many cards) is far below."""
MAX_DEPTH = 6
"""Nesting of a frame: a meld action is frame > action > melds > meld, four levels."""
MAX_VERSION = 2**31 - 1
ID_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
"""A client id: what crypto.randomUUID() or the browser's fallback (time-random) makes."""

Json: TypeAlias = "None | bool | int | float | str | list[Json] | dict[str, Json]"
ActionData: TypeAlias = "dict[str, Json]"
"""An action as the rules engine parses it (`games/rules/*/actions.py`): an object with a
string `type`, its strings clean, its nesting bounded."""
OfferKind = Literal["rematch", "restart"]


@dataclass(frozen=True)
class Act:
    version: int
    client_id: str
    action: ActionData


@dataclass(frozen=True)
class Resync:
    pass


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Offer:
    kind: OfferKind


@dataclass(frozen=True)
class Claim:
    bot: bool


@dataclass(frozen=True)
class Chat:
    """Say a quick phrase (its code) or free text; the chat service judges both."""

    phrase: str | None
    text: str | None


@dataclass(frozen=True)
class ChatMute:
    player: int
    muted: bool


Command: TypeAlias = Act | Resync | Ping | Offer | Claim | Chat | ChatMute


class BadFrame(Exception):
    """A frame refused before it reached any service: `code` and `message` for the error
    frame, `client_id` when the frame named a well-formed one."""

    def __init__(self, code: str, message: str, client_id: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.client_id = client_id


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
"""A JSON string, or an unterminated one running to the end: one pass, no backtracking."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_UNSAFE = re.compile("[\x00\ud800-\udfff]")


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)  # NaN and Infinity are not JSON


def parse_command(text: str | None) -> Command:
    """The command a text frame stands for (None: a binary frame), or `BadFrame`."""
    frame = _decode(text)
    kind = frame.get("type")
    if kind == "act":
        return _act(frame)
    if kind == "resync":
        return Resync()
    if kind == "ping":
        return Ping()
    if kind == "offer":
        offer = frame.get("kind")
        if offer not in get_args(OfferKind):
            raise BadFrame("bad_request", "Offer a rematch or a restart.")
        return Offer(kind=offer)
    if kind == "claim":
        bot = frame.get("bot", False)
        if not isinstance(bot, bool):
            raise BadFrame("bad_request", "A claim's bot is true or false.")
        return Claim(bot=bot)
    if kind == "chat":
        return _chat(frame)
    if kind == "chat_mute":
        player, muted = frame.get("player"), frame.get("muted")
        if type(player) is not int or not 0 < player <= MAX_VERSION or not isinstance(muted, bool):
            raise BadFrame("bad_request", "A mute names a player (an id) and muted (true or false).")
        return ChatMute(player=player, muted=muted)
    shown = kind[:32] if isinstance(kind, str) else kind
    raise BadFrame("bad_message", f"Unknown message type {shown!r}.")


def decode_frame(text: str | None) -> dict[str, Json]:
    """A frame as a JSON object with a string `type` (any socket's), or `BadFrame`."""
    frame = _decode(text)
    if not isinstance(frame.get("type"), str):
        raise BadFrame("bad_message", "A frame is a JSON object with a string type.")
    return frame


def _decode(text: str | None) -> dict[str, Json]:
    if text is None:
        raise BadFrame("bad_message", "Frames are JSON text, not binary.")
    if not text or len(text) > MAX_FRAME:
        raise BadFrame("bad_message", f"Frames are JSON objects of at most {MAX_FRAME // 1024} KB.")
    # Each check is skipped when the text alone shows it cannot fail (most frames: a browser's
    # act has two opening brackets and no escape).
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise BadFrame("bad_message", f"Frames are nested at most {MAX_DEPTH} deep.")
    try:
        frame = _DECODER.decode(text)
    except ValueError:
        raise BadFrame("bad_message", "Frames are JSON objects.") from None
    if not isinstance(frame, dict):
        raise BadFrame("bad_message", "Frames are JSON objects.")
    if ("\\u" in text or _UNSAFE.search(text)) and not _clean(frame):
        raise BadFrame("bad_message", "Text in a frame holds no NUL or lone surrogate.")
    return frame


def _depth(text: str) -> int:
    """How deep the JSON parser would nest before it finished or failed on `text`: brackets
    outside strings, counted as they open and close."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)


def _clean(value: Json) -> bool:
    """No string in `value` (keys too) holds a character PostgreSQL or UTF-8 refuses; `value`
    is nested at most MAX_DEPTH deep (checked), so recursing is safe."""
    if isinstance(value, str):
        return _UNSAFE.search(value) is None
    if isinstance(value, list):
        return all(_clean(item) for item in value)
    if isinstance(value, dict):
        return all(_clean(key) and _clean(item) for key, item in value.items())
    return True


def _act(frame: dict[str, Json]) -> Act:
    client_id = frame.get("id")
    if not isinstance(client_id, str) or not ID_PATTERN.fullmatch(client_id):
        raise BadFrame("bad_request", "Each action needs an id of 1 to 64 letters, digits or . _ : -")
    version = frame.get("version")
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        raise BadFrame("bad_request", "Each action names the version it was made against.", client_id)
    action = frame.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadFrame("bad_action", "An action is a JSON object with a 'type'.", client_id)
    return Act(version=version, client_id=client_id, action=action)


def _chat(frame: dict[str, Json]) -> Chat:
    phrase, text = frame.get("phrase"), frame.get("text")
    if (phrase is None) == (text is None) or not isinstance(phrase if text is None else text, str):
        raise BadFrame("chat_bad_message", "A chat message is a phrase or a text (a string).")
    return Chat(
        phrase=phrase if isinstance(phrase, str) else None, text=text if isinstance(text, str) else None
    )
