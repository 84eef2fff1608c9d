"""The run of one change to a locked match: actions applied in order with the rules engine,
bots playing while it is their turn, every action logged, then saved and sent on commit."""

from __future__ import annotations

import copy
import hashlib
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from common.errors import ServiceError
from games import broadcast, signals
from games.adapters import adapter
from games.models import Match, Move, Room, Seat
from games.seating import (
    holder,
    is_connected,
)
from games.services import storage
from games.wire import game_payload, seeds_secret

ACTIVITY_STEP = timedelta(minutes=1)  # a room's last activity is kept to the minute: one write less per move
CALL_WINDOW = timedelta(seconds=3)
"""Rummy with calling: how long people may call a fresh discard (docs/protocol.md, "Calling")."""
BOT_PACE_MS = (800, 1500)
"""A table of computers alone: the pause before each of its actions, drawn in this range, so
that its watchers can follow the game."""
ROUND_PAUSE = timedelta(seconds=6)
"""... and before it deals the next round, so that the round's results can be read."""


class Run:
    """One locked change to a match: actions applied in order, logged, then saved and sent."""

    def __init__(
        self, match: Match, seats: list[Seat], *, moves_logged: int | None = None, state: Any = None
    ) -> None:
        """`state`: the rules' state of `match.state`, when the caller has it already (then
        `match.state` is not read)."""
        self.match = match
        self.seats = seats
        self.family = adapter(match.family)
        self.state = self.family.load(match.state) if state is None else state
        self.hands_before = len(self.state.history)
        self.was_playing = match.status == Match.Status.PLAYING
        self.events: list[dict[str, Any]] = []
        self.seq = storage.moves_logged(match) if moves_logged is None else moves_logged
        self.moves: list[Move] = []
        self.call_until = match.call_deadline
        # A stored callable discard was offered to the bots when it was made.
        self.offered = self._discard_key()
        self.window_closed = False
        self.turn_before = self.family.turn(self.state)
        # With nobody to wait for, bots play one action per `step`, at a pace people can watch.
        self.paced = all(seat.bot for seat in seats)
        self.room_saved = False

    def _apply(self, seat: int | None, action: Any, *, actor: str, client_id: str = "") -> None:
        try:
            self.state, events = self.family.apply(self.state, seat, action)
        except self.family.illegal as error:
            raise ServiceError(error.code, error.message) from None
        self.events.extend(events)
        self.moves.append(
            Move(
                match=self.match,
                seq=self.seq,
                seat=seat,
                action=action,
                client_id=client_id,
                actor=actor,
                version=self.match.version + 1,
            )
        )
        self.seq += 1

    def play(self, seat: int, action: Any, *, actor: str, client_id: str = "") -> None:
        self._apply(seat, action, actor=actor, client_id=client_id)
        self.advance()

    def deal(self, *, seed: bytes | None = None, client_id: str = "") -> None:
        seed_hex = (seed or secrets.token_bytes(16)).hex()
        self._apply(None, {"type": "deal", "seed": seed_hex}, actor="server", client_id=client_id)
        self.advance()

    def advance(self) -> None:
        """Let bots play while it is a bot's turn; a fresh discard that may be called is offered
        first (`_offer_call`), and a bot's draw waits while the call window is open."""
        while not self.family.is_over(self.state):
            turn = self.family.turn(self.state)
            if self._offer_call() or turn is None or not self.seats[turn].bot or self.paced:
                return
            self._apply(turn, self._bot_action(turn), actor="bot")

    def step(self) -> None:
        """A table of computers alone: play its next action (a bot's, or the next round's deal)."""
        if self.family.is_over(self.state):
            return
        if self.family.needs_deal(self.state):
            self.deal()
            return
        turn = self.family.turn(self.state)
        if turn is not None:
            self._apply(turn, self._bot_action(turn), actor="bot")
            self.advance()  # a fresh discard is offered to the bots that may call it

    def _offer_call(self) -> bool:
        """After a discard on a calling table, once: the bots that may call decide at once, in
        turn order, and the first that wants the card calls; if none does and a person who may
        call is connected, the window opens for CALL_WINDOW (a person away would hold the bots
        for nobody).  True while the window is open: a bot's draw waits for it (a person to draw
        may draw at once, which closes it)."""
        callers = self.family.callers(self.state)
        if not callers:
            self.call_until = None
            return False
        key = self._discard_key()
        if key != self.offered:
            self.offered = key
            for seat in callers:
                if self.seats[seat].bot and self._bot_action(seat) is not None:
                    self._apply(seat, {"type": "call"}, actor="bot")
                    return False
            if any(not self.seats[seat].bot and is_connected(self.seats[seat]) for seat in callers):
                self.call_until = timezone.now() + CALL_WINDOW
        return self.call_until is not None

    def _discard_key(self) -> tuple[int, int] | None:
        """Which discard may be called now (its round and turn), or None."""
        state = self.state
        return (state.round, state.turn_number) if self.family.callers(state) else None

    def window_open(self, now: datetime) -> bool:
        return self.call_until is not None and now < self.call_until

    def close_window(self) -> None:
        self.call_until = None
        self.window_closed = True

    def _bot_action(self, seat: int) -> dict[str, Any] | None:
        """What the bot in `seat` plays now (out of turn: a call, or None to let the card go)."""
        from games.ai import choose_action  # the bots load only when one plays

        view = self.family.view_for(self.state, seat, reveal_seeds=not seeds_secret(self.match))
        level = self.family.bot_level(self.seats[seat].bot)
        return choose_action(level, view, seed=self._bot_seed())

    def _bot_seed(self) -> int:
        digest = hashlib.sha256(f"{self.match.pk}:{self.seq}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def end(self, *, winner: int | None, reason: str, status: str = Match.Status.FINISHED) -> Run:
        self.match.status = status
        self.match.winner_seat = winner
        self.match.end_reason = reason
        return self

    def finish(self, *, last: bool = False) -> None:
        """Store the new state and log, bump the version, and queue every seat's view.

        `last`: the caller writes nothing after this in its transaction, which may then
        commit in the write's round trip (`storage.save_run`); so everything that could still
        fail is done before the write."""
        match, family, now = self.match, self.family, timezone.now()
        if family.is_over(self.state) and match.status == Match.Status.PLAYING:
            self.end(winner=family.winner(self.state), reason="played")
        if self.moves or self.window_closed or match.status != Match.Status.PLAYING:
            match.version += 1
        match.state = family.dump(self.state)
        match.updated_at = now
        turn = family.turn(self.state)
        timed = match.room.turn_seconds and match.status == Match.Status.PLAYING
        human_turn = turn is not None and not self.seats[turn].bot
        match.turn_deadline = (
            now + timedelta(seconds=match.room.turn_seconds) if timed and human_turn else None
        )
        playing = match.status == Match.Status.PLAYING
        match.call_deadline = self.call_until if playing and family.callers(self.state) else None
        match.bots_play_at = self._next_bot_action(now) if playing and self.paced else None
        room = match.room
        writes: list[signals.Write] = []
        if human_turn and playing and turn != self.turn_before and not room.hotseat:
            # In the move's transaction, its listeners' statements in the move's round trip: a
            # move makes one commit, not two, and one trip fewer.
            answers = signals.turn_started.send(Match, match=match, seat=self.seats[turn], seats=self.seats)
            writes = [write for _, write in answers if isinstance(write, signals.Write)]
        finished = match.status != Match.Status.PLAYING and room.state == Room.State.PLAYING
        if finished or now - room.last_activity_at >= ACTIVITY_STEP:
            room.last_activity_at = now
            room.state = Room.State.FINISHED if finished else room.state
            room.save(update_fields=["last_activity_at", "state"])
            self.room_saved = True
        payloads = {
            seat: game_payload(match, self.state, seat, events=self.events) for seat in range(len(self.seats))
        }
        holders = {seat.index: holder(seat).tag for seat in self.seats}
        # Made later, if at all: as the match is now, whatever this run does to it next.
        as_now, state, events = copy.copy(match), self.state, list(self.events)
        messages = broadcast.game_messages(
            room.code,
            payloads,
            holders,
            match_id=match.pk,
            public_payload=lambda: game_payload(as_now, state, None, events=events),
        )
        if match.status != Match.Status.PLAYING:
            messages += broadcast.room_changed(room.code)
        broadcast.send_on_commit(messages)
        self._announce(match)
        try:  # every caller holds a transaction: a failed insert rolls it all back
            written = storage.save_run(
                match=match, moves=self.moves, also=[(w.sql, w.params) for w in writes], commit=last
            )
        except IntegrityError:
            raise ServiceError("conflict", "Another change landed first: resynced.") from None
        for write, rows in zip(writes, written, strict=True):
            write.then(rows)  # after the frames, whatever it sends (the move may have committed)
        self.turn_before = turn
        self.moves = []
        self.window_closed = False

    def _next_bot_action(self, now: datetime) -> datetime:
        if self.family.needs_deal(self.state):
            return now + ROUND_PAUSE
        low, high = BOT_PACE_MS
        return now + timedelta(milliseconds=low + secrets.randbelow(high - low + 1))

    def _announce(self, match: Match) -> None:
        finished_hands = match.state.get("history", [])[self.hands_before :]
        self.hands_before += len(finished_hands)
        for hand in finished_hands:
            transaction.on_commit(lambda hand=hand: signals.hand_finished.send(Match, match=match, hand=hand))
        if self.was_playing and match.status == Match.Status.FINISHED:
            self.was_playing = False
            transaction.on_commit(lambda: signals.match_finished.send(Match, match=match))


def start_match(
    *, room: Room, first_seed: bytes | None = None, seeds_secret_until: datetime | None = None
) -> Match:
    family = adapter(room.family)
    seat_count = room.seats.count()
    if room.family == "gin":
        # The first match's first dealer is seat 1, so seat 0 (the creator) plays first.
        previous = room.matches.order_by("-created_at").first()
        first_dealer = 1 if previous is None else 1 - previous.first_dealer
    else:  # RUMMY.md: a random player starts the first round
        first_dealer = secrets.randbelow(seat_count)
    state = family.new_match(
        family.rules_from(room.rules), seats=seat_count, first_dealer=first_dealer, rounds=room.rounds
    )
    match = Match.objects.create(
        room=room,
        family=room.family,
        rules=room.rules,
        first_dealer=first_dealer,
        state=family.dump(state),
        seeds_secret_until=seeds_secret_until,
    )
    room.state = Room.State.PLAYING
    room.last_activity_at = timezone.now()
    room.save(update_fields=["state", "last_activity_at"])
    run = Run(match, list(room.seats.all()))
    run.deal(seed=first_seed)
    run.finish()
    return match
