"""WebSocket consumers: thin.  They parse a frame once into a command (games/commands.py),
authorise, call a service, and forward what the channel layer brings.  Protocol:
docs/protocol.md."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from autobahn.exception import Disconnected
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.utils import translation

from common import fastjson, logs, metrics
from common.db import DirectDispatch, database_sync_to_async
from games import broadcast, commands, selectors, services, wire
from games.chat import selectors as chat_selectors
from games.chat import services as chat_services
from games.flood import FloodGuard, Verdict
from games.identity import Identity, identity_of
from games.models import Match, Room
from games.seat_keeper import seat_keeper

logger = logging.getLogger(__name__)

POLICY_VIOLATION = 4008
"""The close code of a socket that kept on flooding: RFC 6455's 1008 in the range left to
applications (Daphne's autobahn refuses to send any other code than 1000 and 3000-4999, and
the refusal ended the socket's reading for good)."""


class JsonConsumer(DirectDispatch, AsyncWebsocketConsumer):
    kind = "other"  # the label of the open-sockets metric

    async def __call__(self, scope, receive, send):
        logs.SOCKET_ID.set(logs.new_id())
        with metrics.OPEN_SOCKETS.labels(self.kind).track_inprogress():
            await self._serve(scope, receive, send)

    async def _serve(self, scope, receive, send):
        await super().__call__(scope, receive, send)

    def requested_language(self) -> str:
        """The language the socket's browser asks for: Django's negotiation (cookie, then
        header) over the handshake, which is not a request."""
        return translation.get_language_from_request(_HandshakeRequest(self.scope))

    async def send(self, text_data=None, bytes_data=None, close=False):
        """A frame for a socket whose browser has just closed it is dropped: the disconnect is
        on its way.  (Daphne raises autobahn's `Disconnected`: a move that ended a match, whose
        last frame made the browser close the socket before its ack went, counted as failed.)"""
        with contextlib.suppress(Disconnected):
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=fastjson.dumps(payload))

    async def send_error(self, code: str, message: str, **extra: Any) -> None:
        metrics.ERROR_FRAMES.labels(code).inc()
        await self.send_json({"type": "error", "code": code, "message": message, **extra})


class InboxConsumer(JsonConsumer):
    """Channels' consumer, waiting on one queue: the browser's frames come there (`_feed`),
    and the channel layer puts the socket's messages there.  (Channels' dispatch made a task
    to receive each message and an `asyncio.wait` on it and on the other kind.)  An exception
    put there ends the socket; `_ended` runs however it ends."""

    async def _serve(self, scope, receive, send):
        self.scope, self.base_send = scope, send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = await self.channel_layer.new_channel()
        inbox: asyncio.Queue = asyncio.Queue()
        feeders = [asyncio.ensure_future(self._feed(receive, send, inbox))]
        attached = hasattr(self.channel_layer, "attach")
        if attached:
            self.channel_layer.attach(self.channel_name, inbox)
        else:  # the in-memory layer (one process, no Redis)
            channel = functools.partial(self.channel_layer.receive, self.channel_name)
            feeders.append(asyncio.ensure_future(_forward(channel, inbox)))
        try:
            while True:
                message = await inbox.get()
                if isinstance(message, BaseException):
                    raise message
                await self.dispatch(message)
        except StopConsumer:
            pass
        finally:
            if attached:
                self.channel_layer.detach(self.channel_name)
            for feeder in feeders:
                feeder.cancel()
            await self._ended()

    async def _feed(self, receive, send, inbox: asyncio.Queue) -> None:
        await _forward(receive, inbox)

    async def _ended(self) -> None:
        """After the socket's last message."""


class RoomConsumer(InboxConsumer):
    """One socket at a table: a player's (its seat's view) or a spectator's (the public view).

    However it ends (closed by either side, refused for flooding, or an exception in any
    handler), it leaves its groups and uncounts its seats' sockets (`_leave`)."""

    kind = "room"
    counted = False  # whether this socket counts for its seats (a spectator's does not)
    kept = False  # whether its process marks its seats seen for it (`seat_keeper`)
    room_frame: dict[str, Any]  # the last room frame sent (connect sends the first)
    joined: frozenset[str] = frozenset()

    async def _feed(self, receive, send, inbox: asyncio.Queue) -> None:
        """The flood guard judges the browser's frames as they arrive (`_guard`)."""
        await _guard(receive, send, inbox)

    async def _ended(self) -> None:
        await self._leave()

    async def connect(self):
        self.code = self.scope["url_route"]["kwargs"]["code"]
        logs.ROOM.set(self.code)
        self.identity = identity_of(self.scope.get("user"), self.scope.get("session"))
        self.language = self.requested_language()
        token = parse_qs(self.scope.get("query_string", b"").decode()).get("t", [""])[0]
        # Each database trip waits for one of the process's few database threads, behind the
        # moves being played: an opening socket makes two (and its room hears of it once).
        admitted = await database_sync_to_async(_admit)(self.code, self.identity, token)
        if admitted is None:
            await self.close(code=4403)
            return
        self.room, self.seats = admitted
        self.match_id: int | None = None  # the match of the last state this socket was sent
        self.chat_in_history: set[int] = set()  # see _history_sent
        await self.accept()
        await self._join_groups()  # before the state is read, so no update falls in between
        seats, room_frame, match_id, states, chat = await database_sync_to_async(self._open)()
        if self.counted:  # its seats were marked seen as it was counted; its process keeps them so
            self.kept = True
            seat_keeper().hold((self.room.pk, self.identity))
        await self._seats_now(seats)
        self.match_id = match_id
        self._history_sent(chat)
        await self._send_room_frame(room_frame)
        for frame in [*([chat] if chat else []), *states]:
            await self.send_json(frame)

    def _open(
        self,
    ) -> tuple[list[int], dict[str, Any], int | None, list[dict[str, Any]], dict[str, Any] | None]:
        """(In the database thread.)  Count the new socket for its seats, then read its seats,
        its room frame, its state frames and its chat's history."""
        seats = selectors.seat_indices(self.room, self.identity)
        if seats:
            services.do_socket_opened(room=self.room, identity=self.identity)
            self.counted = True  # at once: whatever fails next, the count is released
        chat = chat_selectors.history_frame(self.room, self.identity.user_id, seats)
        match = selectors.current_match(self.room)  # read once for both frames
        return (
            seats,
            _room_frame(self.room, self.identity, self.language, match),
            *_state_frames(match, seats),
            chat,
        )

    async def disconnect(self, code):
        await self._leave()

    async def _leave(self):
        """Leave the groups and uncount the socket, once (a handler's exception skips
        `disconnect`, and `__call__` calls this again after it)."""
        joined, self.joined = self.joined, frozenset()
        counted, self.counted = self.counted, False
        self._unkeep()
        try:
            for group in joined:
                await self.channel_layer.group_discard(group, self.channel_name)
        finally:
            if counted:
                await self._uncount()

    async def _uncount(self):
        """A stopping server cancels its sockets while they close: the uncounting already under
        way in the database thread still finishes, and this socket ends only after it, so the
        event loop lives to send the room the news (a loop stopped before that hung the
        process) and a cancel that came first does not leave the seat counted."""
        closing = asyncio.ensure_future(
            database_sync_to_async(services.do_socket_closed)(room=self.room, identity=self.identity)
        )
        try:
            await asyncio.shield(closing)
        except asyncio.CancelledError:
            await closing
            raise

    async def receive(self, text_data=None, bytes_data=None):
        started = time.perf_counter()
        try:
            command = commands.parse_command(text_data)
        except commands.BadFrame as bad:
            await self.send_error(bad.code, bad.message, id=bad.client_id, state=None)
            metrics.ACTIONS.labels("bad_frame", "refused").inc()
            return
        name, outcome = type(command).__name__.lower(), "ok"
        try:
            await self._run(command)
        except services.ServiceError as error:
            outcome = "refused"
            # Only a refused action may come from a view that fell behind: it resyncs.
            client_id = command.client_id if isinstance(command, commands.Act) else None
            state = await self._first_state() if client_id else None
            await self.send_error(error.code, error.message, id=client_id, state=state)
        except Exception:  # a defect: this frame fails, the socket and its seat stay
            outcome = "failed"
            logger.exception("table socket %s: %r failed", self.code, command)
            await self.send_error(
                "server_error",
                "The server failed on that frame: resynced.",
                id=None,
                state=await self._first_state(),
            )
        finally:
            metrics.child(metrics.ACTIONS, name, outcome).inc()
            metrics.child(metrics.ACTION_SECONDS, name).observe(time.perf_counter() - started)

    async def _run(self, command: commands.Command) -> None:
        match command:
            case commands.Act():
                result = await database_sync_to_async(services.do_act)(
                    match_id=await self._current_match(),
                    identity=self.identity,
                    version=command.version,
                    client_id=command.client_id,
                    action=command.action,
                )
                await self.send_json({"type": "ack", "id": command.client_id, "duplicate": result.duplicate})
                if result.duplicate:
                    await self._send_state()
            case commands.Resync():
                await self._send_room()
                await self._send_state()
            case commands.Ping():  # its seats are marked seen by the process (`seat_keeper`)
                await self.send_json({"type": "pong"})
            case commands.Offer():
                await database_sync_to_async(services.do_offer)(
                    match_id=await self._current_match(), identity=self.identity, kind=command.kind
                )
            case commands.Claim():
                await database_sync_to_async(services.do_claim)(
                    match_id=await self._current_match(), identity=self.identity, bot=command.bot
                )
            case commands.Chat():
                await database_sync_to_async(_in_language)(
                    self.language,
                    chat_services.do_say,
                    room=self.room,
                    identity=self.identity,
                    phrase=command.phrase,
                    text=command.text,
                )
            case commands.ChatMute():
                await database_sync_to_async(_in_language)(
                    self.language,
                    chat_services.do_mute,
                    room=self.room,
                    identity=self.identity,
                    player_id=command.player,
                    muted=command.muted,
                )
                await self.send_json({"type": "chat_muted", "player": command.player, "muted": command.muted})

    # --- channel-layer messages ----------------------------------------------------------

    async def game_update(self, event):
        """A seat's view goes on only if this socket's identity held that seat when the view
        was made (a spectator's socket forwards the public view): the groups a socket is in
        lag behind the seats it holds by a database read."""
        if event["seat"] is None:
            mine = not self.seats
        else:
            mine = event["holder"] is not None and event["holder"] == self.identity.tag
        if mine:
            self.match_id = event["match"]
            await self.send(text_data=event["text"])

    async def chat_message(self, event):
        """Said in one of the room's two chats: it goes on if this socket is in that chat now
        (its reader holds a seat, or none) and its reader is not hidden from the author."""
        in_chat = event["channel"] == chat_selectors.channel_for(self.room, self.seats)
        if event["id"] in self.chat_in_history:  # said as the history was read: sent with it
            self.chat_in_history.discard(event["id"])
        elif in_chat and self.identity.user_id not in event["hidden_from"]:
            await self.send(text_data=event["text"])

    def _history_sent(self, chat: dict[str, Any] | None) -> None:
        """The socket joins its groups before it reads the history, so a message said in
        between comes live too: the history's ids are kept to let it through once."""
        if chat is not None:
            self.chat_in_history = {m["id"] for m in chat["messages"]}

    async def chat_removed(self, event):
        await self.send(text_data=event["text"])

    async def room_changed(self, event):
        """Seats, state or offers changed: the seats this socket plays may have too (and with
        them the chat it is in: its history comes)."""
        seats, info, chat = await database_sync_to_async(_seats_room_and_chat)(
            self.room, self.identity, self.language, self.seats
        )
        await self._seats_now(seats)
        await self._send_room_frame(info)
        if chat is not None:
            self._history_sent(chat)
            await self.send_json(chat)

    async def presence_changed(self, event):
        """Seats came online or went away; a socket of those very seats knows (its own
        opening is told to the others).  Only the seats' presence is read again: the rest of
        the room frame last sent stands, any other change coming as `room.changed` (a whole
        room frame cost three queries, and each socket opening or closing sent one)."""
        if self.seats and set(event["seats"]) <= set(self.seats):
            return
        presence = await database_sync_to_async(selectors.seats_presence)(self.room)
        seats = [{**seat, **presence.get(seat["index"], {})} for seat in self.room_frame["seats"]]
        await self._send_room_frame({**self.room_frame, "seats": seats})

    async def room_closed(self, event):
        await self.send_json({"type": "closed", "reason": event["reason"]})
        await self.close(code=4000)

    # --- helpers -------------------------------------------------------------------------

    def _unkeep(self) -> None:
        """No longer counted at its seats: the process stops marking them seen for it."""
        if self.kept:
            self.kept = False
            seat_keeper().release((self.room.pk, self.identity))

    async def _seats_now(self, seats: list[int]) -> None:
        """The seats this socket's identity holds, just read: its groups follow.  A seat left
        had its count cleared (`services.do_leave_seat`), so a socket left with no seat counts
        for none."""
        self.seats = seats
        self.counted = self.counted and bool(seats)
        if not self.counted:
            self._unkeep()
        await self._join_groups()

    async def _join_groups(self):
        wanted = {broadcast.room_group(self.code)}
        wanted |= {broadcast.seat_group(self.code, s) for s in self.seats} or {
            broadcast.public_group(self.code)
        }
        for group in wanted - self.joined:
            await self.channel_layer.group_add(group, self.channel_name)
            self.joined |= {group}
        for group in self.joined - wanted:
            await self.channel_layer.group_discard(group, self.channel_name)
            self.joined -= {group}

    async def _current_match(self) -> int:
        """The room's current match: the one this socket last heard of (a new match's first
        frame reaches it before it could act on it), else the database's answer."""
        if self.match_id is None:
            match = await database_sync_to_async(selectors.current_match)(self.room)
            self.match_id = None if match is None else match.pk
        if self.match_id is None:
            raise services.ServiceError("no_match", "No game is being played here yet.")
        logs.MATCH.set(self.match_id)
        return self.match_id

    async def _send_room(self):
        await self._send_room_frame(
            await database_sync_to_async(_current_room_frame)(self.room, self.identity, self.language)
        )

    async def _send_room_frame(self, frame: dict[str, Any]) -> None:
        self.room_frame = frame  # what a change of presence alone updates
        await self.send_json(frame)

    async def _states(self) -> list[dict[str, Any]]:
        """The current state frame of each seat this socket's identity holds now (or the
        spectators' one): the seats are read with the state, never taken from memory."""
        seats, match_id, states = await database_sync_to_async(_seats_and_state_frames)(
            self.room, self.identity
        )
        await self._seats_now(seats)
        self.match_id = match_id if match_id is not None else self.match_id
        return states

    async def _send_state(self):
        for state in await self._states():
            await self.send_json(state)

    async def _first_state(self) -> dict[str, Any] | None:
        states = await self._states()
        return states[0] if states else None


async def _guard(receive, send, inbox: asyncio.Queue) -> None:
    """Pass a table socket's messages on to `inbox`, judging each frame as it arrives
    (games/flood.py), not when the consumer gets to it: a busy process would slow a flood
    down to its own pace, and serve every frame of it."""
    flood, closed = FloodGuard(now=time.monotonic()), False
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.receive":
                verdict = Verdict.DROP if closed else flood.check(time.monotonic())
                if verdict is Verdict.DROP_AND_TELL:
                    metrics.ERROR_FRAMES.labels("rate_limited").inc()
                    error = {
                        "type": "error",
                        "code": "rate_limited",
                        "message": RATE_LIMITED,
                        "id": None,
                        "state": None,
                    }
                    await send({"type": "websocket.send", "text": fastjson.dumps(error)})
                elif verdict is Verdict.CLOSE:
                    closed = True  # nothing more is heard, nor what waits; the disconnect still comes
                    while not inbox.empty():
                        inbox.get_nowait()
                    await send({"type": "websocket.close", "code": POLICY_VIOLATION})
                if verdict is not Verdict.PASS:
                    continue
            inbox.put_nowait(message)
    except Exception as error:
        inbox.put_nowait(error)


RATE_LIMITED = "Too many frames: the next ones are dropped for a while."


async def _forward(receive, inbox: asyncio.Queue) -> None:
    """Pass the messages `receive` gives on to `inbox`: a socket's frames, or its channel's
    from a layer that cannot deliver there itself."""
    try:
        while True:
            inbox.put_nowait(await receive())
    except Exception as error:
        inbox.put_nowait(error)


# What a table socket reads, one database trip each (see RoomConsumer.connect).


def _admit(code: str, identity: Identity, token: str) -> tuple[Room, list[int]] | None:
    """The room and the seats `identity` plays there, or None when it may not even watch."""
    room = selectors.room_by_code(code)
    if room is None or not selectors.can_watch(room, identity, token):
        return None
    return room, selectors.seat_indices(room, identity)


def _current_room_frame(room: Room, identity: Identity, language: str) -> dict[str, Any]:
    return _room_frame(room, identity, language, selectors.current_match(room))


def _room_frame(room: Room, identity: Identity, language: str, match: Match | None) -> dict[str, Any]:
    selectors.refresh_room(room)  # its state moves on (open, playing...)
    return selectors.room_info(room, identity, language, match=match)


def _in_language(language: str, service, **kwargs):
    """Call a service whose refusals the socket's reader reads (the chat's) in their language."""
    with translation.override(language):
        return service(**kwargs)


def _seats_room_and_chat(
    room: Room, identity: Identity, language: str, seats_before: list[int]
) -> tuple[list[int], dict[str, Any], dict[str, Any] | None]:
    """The seats, the room frame, and the chat's history if the seats moved the socket from
    one chat to the other."""
    seats = selectors.seat_indices(room, identity)
    moved = chat_selectors.channel_for(room, seats) != chat_selectors.channel_for(room, seats_before)
    chat = chat_selectors.history_frame(room, identity.user_id, seats) if moved else None
    return seats, _current_room_frame(room, identity, language), chat


def _seats_and_state_frames(
    room: Room, identity: Identity
) -> tuple[list[int], int | None, list[dict[str, Any]]]:
    seats = selectors.seat_indices(room, identity)
    return seats, *_state_frames(selectors.current_match(room), seats)


def _state_frames(match: Match | None, seats: list[int]) -> tuple[int | None, list[dict[str, Any]]]:
    """The room's current match and its state frame for each of `seats` (or the spectators' one)."""
    if match is None:
        return None, []
    return match.pk, [selectors.match_payload(match, seat) for seat in seats or [None]]


class LobbyConsumer(JsonConsumer):
    """The lobby's list of open public rooms, sent again whenever a room changes."""

    kind = "lobby"

    async def connect(self):
        self.language = self.requested_language()
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        await self.accept()
        await self.lobby_changed({})

    async def disconnect(self, code):
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.send_error("bad_message", "The lobby socket only listens.")

    async def lobby_changed(self, event):
        rooms = await _lobby_rooms(self.language, change=event.get("change"))
        await self.send_json({"type": "rooms", "rooms": rooms})


_lobby_reads: dict[str, tuple[str, asyncio.Future]] = {}
"""language -> the last change and the read of the rooms made for it, shared by the process's
lobby sockets (a change reaches them all at once; each read the same rooms before)."""


async def _lobby_rooms(language: str, *, change: str | None) -> list[dict[str, Any]]:
    """The open public rooms, read after `change` (None: a socket opening reads for itself)."""
    if change is None:
        return await database_sync_to_async(_read_lobby)(language)
    last = _lobby_reads.get(language)
    if last is None or last[0] != change:
        read = asyncio.ensure_future(database_sync_to_async(_read_lobby)(language))
        last = _lobby_reads[language] = (change, read)
    return await asyncio.shield(last[1])  # one socket closing does not cancel the others' read


def _read_lobby(language: str) -> list[dict[str, Any]]:
    return [wire.lobby_entry(room, language) for room in selectors.open_public_rooms()]


class _HandshakeRequest:
    """Just enough of a request for Django's language negotiation (cookie, then header)."""

    def __init__(self, scope):
        headers = dict(scope.get("headers", []))
        self.COOKIES = scope.get("cookies", {})
        self.META = {"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")}
        self.path_info = scope.get("path", "/")
