"""Every change to rooms and matches.  Views, consumers and the sweeper call these; nothing
else writes game data.

A change to a match happens in one transaction that locks the match row, applies actions
with the rules engine (the player's, then any bot's or the server's that follow), appends
each to the move log, stores the state, bumps the version, and queues each seat's own view
(and the spectators' view) to be sent once the transaction commits.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone

from games import broadcast, hooks
from games.commands import ActionData, OfferKind
from games.families import ADAPTERS, adapter
from games.identity import Identity
from games.models import MAX_SEATS, BotLevel, Match, Move, Room, RuleSet, Seat
from games.seating import (
    LOST_AFTER,
    holder,
    identity_filter,
    is_claimable,
    is_connected,
    seat_of,
    seats_of,
)

BOT_AFTER_TIMEOUTS = 3
"""Rummy: after this many timed-out turns in a row a bot takes the seat (RUMMY.md)."""
CALL_WINDOW = timedelta(seconds=3)
"""Rummy with calling: how long people may call a fresh discard (docs/protocol.md, "Calling")."""
ROOM_EXPIRY = timedelta(days=7)
ACTIVITY_STEP = timedelta(minutes=1)  # a room's last activity is kept to the minute: one write less per move


class ServiceError(Exception):
    """A refused request: `code` for programs, `message` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class ActResult:
    match: Match
    seat: int
    duplicate: bool


# --- rooms ---------------------------------------------------------------------------------


def do_create_room(
    *,
    identity: Identity,
    ruleset: RuleSet,
    is_private: bool = False,
    turn_seconds: int | None = None,
    rated: bool = False,
    bot: str = "",
    bot_seats: int | None = None,
    rounds: int | None = None,
    hotseat: bool = False,
    first_seed: bytes | None = None,
    seeds_secret_until: datetime | None = None,
) -> Room:
    """A room with the creator in seat 0; the other seats (the rule set's number) hold bots of
    level `bot` (all of them, or the last `bot_seats`), the creator again for pass-and-play
    (`hotseat`), or nobody yet (an online room).  `rounds`: how many rounds a rummy table plays.

    Playing the computer or pass-and-play is open to guests; online rooms and rated play
    need an account.  `first_seed` deals the first hand (the Daily Gin's shared deal), and
    `seeds_secret_until` keeps finished hands' seeds out of every view until then.
    """
    if identity.is_anonymous:
        raise ServiceError("not_signed_in", "Sign in, or start a game against the computer.")
    if not ruleset.enabled:
        raise ServiceError("ruleset_disabled", "That rule set is not offered.")
    if bot and bot not in BotLevel.values:
        raise ServiceError("bad_bot", f"No computer level {bot!r}.")
    seat_count = ruleset.seats if ruleset.family == "rummy" else 2
    bots = (seat_count - 1 if bot_seats is None else bot_seats) if bot else 0
    if not 0 <= bots <= seat_count - 1 or (bot_seats and not bot):
        raise ServiceError("bad_bot", f"Between 0 and {seat_count - 1} computer seats.")
    if ruleset.family == "rummy" and not (rounds and 1 <= rounds <= 20):
        raise ServiceError("bad_rounds", "A rummy table plays 1 to 20 rounds.")
    if hotseat and seat_count != 2:
        raise ServiceError("bad_request", "Pass-and-play is for two players.")
    local = bots == seat_count - 1 or hotseat
    if not local and not identity.is_authenticated:
        raise ServiceError("account_needed", "Online rooms need an account.")
    if rated and (bots or hotseat or ruleset.flags.get("practice")):
        raise ServiceError("not_rated", "Only online games between people are rated.")
    if turn_seconds is not None and not 10 <= turn_seconds <= 600:
        raise ServiceError("bad_timer", "A turn timer is 10 to 600 seconds.")
    if ruleset.family not in ADAPTERS:
        raise ServiceError("family_unavailable", "That game cannot be played online yet.")
    adapter(ruleset.family).rules_from(ruleset.flags)  # refuses impossible flags before anything is stored
    with transaction.atomic():
        room = Room.objects.create(
            ruleset=ruleset,
            family=ruleset.family,
            rules=ruleset.flags,
            created_by_id=identity.user_id,
            is_private=is_private or local,
            turn_seconds=turn_seconds,
            rated=rated,
            hotseat=hotseat,
            rounds=rounds if ruleset.family == "rummy" else None,
        )
        creator = {"user_id": identity.user_id, "guest_key": identity.guest_key}
        Seat.objects.create(room=room, index=0, **creator)
        for index in range(1, seat_count):
            is_bot = index >= seat_count - bots
            Seat.objects.create(
                room=room, index=index, bot=bot if is_bot else "", **(creator if hotseat else {})
            )
        if local:
            _start_match(room, first_seed=first_seed, seeds_secret_until=seeds_secret_until)
        broadcast.send_on_commit(broadcast.room_changed(room.code))
    return room


def do_take_seat(*, room: Room, identity: Identity, token: str = "") -> Seat:
    """Sit `identity` in the first empty seat; the match starts when every seat is taken."""
    if not identity.is_authenticated:
        raise ServiceError("account_needed", "Sign in to take a seat.")
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seats = list(room.seats.all())
        if seat_of(seats, identity) is not None:
            raise ServiceError("already_seated", "You already have a seat here.")
        if room.state != Room.State.OPEN:
            raise ServiceError("room_not_open", "This room is not waiting for players.")
        if room.is_private and not room.is_invitation(token):
            raise ServiceError("invite_needed", "This room is private: use its invitation link.")
        empty = [s for s in seats if s.is_empty]
        if not empty:
            raise ServiceError("room_full", "Every seat is taken.")
        seat = empty[0]
        seat.user_id = identity.user_id
        seat.last_seen = timezone.now()
        seat.save(update_fields=["user", "last_seen"])
        if len(empty) == 1:
            _start_match(room)
        room.last_activity_at = timezone.now()
        room.save(update_fields=["last_activity_at", "state"])
        broadcast.send_on_commit(broadcast.room_changed(room.code))
    return seat


def do_leave_seat(*, room: Room, identity: Identity) -> None:
    """Leave a room that has not started; an empty room closes."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        seats = list(room.seats.all())
        seat = seat_of(seats, identity)
        if seat is None:
            raise ServiceError("not_seated", "You have no seat here.")
        if room.state != Room.State.OPEN:
            raise ServiceError("room_not_open", "The game has started: resign or claim instead.")
        seat.user = None
        seat.guest_key = ""
        seat.sockets = 0  # the sockets counted were the leaver's; its next holder's count afresh
        seat.save(update_fields=["user", "guest_key", "sockets"])
        if all(s.is_empty for s in seats):
            room.state = Room.State.CLOSED
            room.save(update_fields=["state"])
            broadcast.send_on_commit(broadcast.room_closed(room.code, "empty"))
        else:
            broadcast.send_on_commit(broadcast.room_changed(room.code))


def do_close_room(*, room: Room, reason: str) -> None:
    """Close a room for good (moderators, expiry): its sockets hear it at once."""
    with transaction.atomic():
        room = Room.objects.select_for_update().get(pk=room.pk)
        room.state = Room.State.CLOSED if reason != "expired" else Room.State.EXPIRED
        room.save(update_fields=["state"])
        Match.objects.filter(room=room, status=Match.Status.PLAYING).update(
            status=Match.Status.ABANDONED, end_reason=reason, turn_deadline=None, call_deadline=None
        )
        broadcast.send_on_commit(broadcast.room_closed(room.code, reason))


def do_socket_opened(*, room: Room, identity: Identity) -> bool:
    """Count a table socket of this identity's seats (several tabs, several processes) and mark
    them seen now.  True when a seat came online: the room hears it (`room.changed`)."""
    return _count_sockets(room, identity, +1)


def do_socket_closed(*, room: Room, identity: Identity) -> bool:
    """Uncount a closed table socket; its seat was seen until now, so "away" starts now.
    True when that was a seat's last socket: the room hears it."""
    return _count_sockets(room, identity, -1)


def _count_sockets(room: Room, identity: Identity, step: int) -> bool:
    now = timezone.now()
    changed = []
    with transaction.atomic():
        for seat in Seat.objects.select_for_update().filter(room=room, **identity_filter(identity)):
            before = is_connected(seat)
            seat.sockets = max(0, (seat.sockets if before else 0) + step)
            seat.last_seen = now
            seat.save(update_fields=["sockets", "last_seen"])
            if before != (seat.sockets > 0):
                changed.append(seat.index)
        if changed:
            broadcast.send_on_commit(broadcast.presence_changed(room.code, changed))
    return bool(changed)


def release_lost_sockets(*, now: datetime) -> int:
    """Seats still counting sockets but unseen for LOST_AFTER lost them with a dead process:
    uncount them, and tell their rooms (the sweeper calls this)."""
    lost = Seat.objects.filter(sockets__gt=0, last_seen__lt=now - LOST_AFTER)
    seats_by_room: dict[str, list[int]] = {}
    for code, index in lost.values_list("room__code", "index"):
        seats_by_room.setdefault(code, []).append(index)
    if not seats_by_room:
        return 0
    with transaction.atomic():
        released = lost.update(sockets=0)
        broadcast.send_on_commit(
            [m for code, seats in seats_by_room.items() for m in broadcast.presence_changed(code, seats)]
        )
    return released


def do_touch_presence(*, room: Room, identity: Identity) -> bool:
    """Record that this identity's seat is connected now; False when it has no seat."""
    now = timezone.now()
    updated = (
        Seat.objects.filter(room=room, **identity_filter(identity))
        .exclude(last_seen__gt=now - timedelta(seconds=10))
        .update(last_seen=now)
    )
    return updated > 0


def transfer_guest_seats(*, guest_key: str, user_id: int) -> int:
    """A guest who signs up keeps its games: its seats become the user's."""
    if not guest_key:
        return 0
    return Seat.objects.filter(guest_key=guest_key).update(user_id=user_id, guest_key="")


def expire_idle_rooms(*, now: datetime) -> int:
    """Rooms with no activity for seven days expire."""
    idle = Room.objects.filter(
        state__in=[Room.State.OPEN, Room.State.PLAYING, Room.State.FINISHED],
        last_activity_at__lt=now - ROOM_EXPIRY,
    )
    count = 0
    for room in idle:
        do_close_room(room=room, reason="expired")
        count += 1
    return count


# --- matches -------------------------------------------------------------------------------


def do_act(
    *, match_id: int, identity: Identity, version: int, client_id: str, action: ActionData
) -> ActResult:
    """Apply one player's action, then whatever bots and the server play after it.

    The frame was checked at the edge (`games.commands.parse_command`): `client_id` is safe
    to store, `action` an object with a string type.  A client id seen before is answered
    with the current state and never applied twice; an action sent against an older version
    is refused.
    """
    with transaction.atomic():
        match, seats = _lock_match(match_id, client_id=client_id)
        held = seats_of(seats, identity)
        if not held:
            raise ServiceError("not_seated", "Only the players at this table can act.")
        # In pass-and-play the device holds both seats and plays whichever is to act.
        turn = adapter(match.family).turn(adapter(match.family).load(match.state))
        seat = next((s for s in held if s.index == turn), held[0])
        if seat.timeouts:
            seat.timeouts = 0
            seat.save(update_fields=["timeouts"])
        # Whose the id was is asked only when it may have been seen (a retry, or another
        # seat's id), or when the version moved on: the lock may have waited for the very
        # same action from another tab, and the query that waited saw the log as it was
        # before (PostgreSQL re-reads a locked row, not its subqueries).
        if match.maybe_seen or version != match.version:
            mine = [s.index for s in held]
            deals = [f"{i}:{client_id}" for i in mine]  # a next_hand request is logged as the server's deal
            seen = Q(seat__in=mine, client_id=client_id) | Q(seat=None, client_id__in=deals)
            if Move.objects.filter(seen, match=match).exists():
                return ActResult(match=match, seat=seat.index, duplicate=True)
        if match.status != Match.Status.PLAYING:
            raise ServiceError("match_over", "This match is over.")
        kind = action["type"]
        if version != match.version:
            if kind == "call":  # a call loses any race: another call or the next draw came first
                raise ServiceError("stale_version", "Too late to call: someone moved first.")
            raise ServiceError("stale_version", f"The table moved on to version {match.version}: resynced.")
        run = _Run(match, seats, moves_logged=match.moves_logged)
        if kind == "deal":
            raise ServiceError("bad_action", "Only the server deals.")
        if kind == "next_hand":
            if set(action) != {"type"}:
                raise ServiceError("bad_action", "next_hand takes no fields.")
            if not run.family.needs_deal(run.state) or run.family.is_over(run.state):
                raise ServiceError("wrong_phase", "The hand is still being played.")
            run.deal(client_id=f"{seat.index}:{client_id}")
        else:
            if kind == "call" and run.family.callers(run.state) and not run.window_open(timezone.now()):
                raise ServiceError("call_window_closed", "Too late: the moment to call this card has passed.")
            run.play(seat.index, action, actor="player", client_id=client_id)
        run.finish()
    return ActResult(match=match, seat=seat.index, duplicate=False)


def do_timeout(*, match_id: int, now: datetime) -> bool:
    """Play the turn of a player whose clock ran out; False when the deadline moved meanwhile."""
    with transaction.atomic():
        match, seats = _lock_match(match_id)
        if match.status != Match.Status.PLAYING or not match.turn_deadline or match.turn_deadline > now:
            return False
        run = _Run(match, seats)
        seat = run.family.turn(run.state)
        if seat is None:
            return False
        while run.family.turn(run.state) == seat and not run.family.needs_deal(run.state):
            run.play(seat, run.family.timeout_action(run.state, seat), actor="timeout")
        timed_out = run.seats[seat]
        timed_out.timeouts += 1
        if match.family == "rummy" and timed_out.timeouts >= BOT_AFTER_TIMEOUTS:
            timed_out.bot = BotLevel.MEDIUM
            run.advance()
            broadcast.send_on_commit(broadcast.room_changed(match.room.code))
        timed_out.save(update_fields=["timeouts", "bot"])
        run.finish()
    return True


def do_close_call_window(*, match_id: int, now: datetime) -> bool:
    """End a call window that ran out: nobody called, so the next player draws (a bot at once,
    a person whenever it likes); False when the window was closed meanwhile."""
    with transaction.atomic():
        match, seats = _lock_match(match_id)
        if match.status != Match.Status.PLAYING or not match.call_deadline or match.call_deadline > now:
            return False
        run = _Run(match, seats)
        run.close_window()
        run.advance()
        run.finish()
    return True


def do_claim(*, match_id: int, identity: Identity, bot: bool = False) -> None:
    """After an opponent has been away 60 s: let bots play the absent seats to the end
    (`bot`), or, when every other person is away, win the match."""
    with transaction.atomic():
        match, seats = _lock_match(match_id)
        seat = seat_of(seats, identity)
        if seat is None:
            raise ServiceError("not_seated", "Only the players at this table can claim.")
        if match.status != Match.Status.PLAYING:
            raise ServiceError("match_over", "This match is over.")
        people = [s for s in seats if s.index != seat.index and not s.bot and not s.is_empty]
        absent = [s for s in people if is_claimable(s)]
        if not absent:
            raise ServiceError("opponent_present", "Your opponent is connected (or was, less than 60 s ago).")
        if len(absent) < len(people) and not bot:  # a win claimed against people still playing would rob them
            raise ServiceError(
                "opponent_present", "Others are still playing: let the computer finish instead."
            )
        run = _Run(match, seats)
        if bot:
            for s in absent:
                s.bot = BotLevel.MEDIUM
                s.save(update_fields=["bot"])
            run.advance()
        else:
            run.end(winner=seat.index, reason="claimed")
        run.finish()
        broadcast.send_on_commit(broadcast.room_changed(match.room.code))


def do_offer(*, match_id: int, identity: Identity, kind: OfferKind) -> Match | None:
    """Offer a rematch (after the match) or a restart (during it); when every player has
    offered the same, a new match starts in the room and is returned."""
    with transaction.atomic():
        match, seats = _lock_match(match_id)
        seat = seat_of(seats, identity)
        if seat is None:
            raise ServiceError("not_seated", "Only the players at this table can offer.")
        if match.room.state == Room.State.CLOSED or match.room.state == Room.State.EXPIRED:
            raise ServiceError("room_closed", "This room is closed.")
        over = match.status != Match.Status.PLAYING
        if over != (kind == "rematch"):
            raise ServiceError("wrong_phase", "Rematch after a match, restart during one.")
        if kind == "restart" and match.seeds_secret_until is not None:
            raise ServiceError("shared_deal", "A shared deal (the Daily Gin) is played to its end.")
        match.offers = {**match.offers, str(seat.index): kind}
        humans = [s for s in seats if not s.bot]
        agreed = all(match.offers.get(str(s.index)) == kind for s in humans)
        new = None
        if agreed:
            if not over:
                _Run(match, seats).end(
                    winner=None, reason="restarted", status=Match.Status.ABANDONED
                ).finish()
            match.offers = {}
            new = _start_match(match.room)
        match.save(update_fields=["offers"])
        broadcast.send_on_commit(broadcast.room_changed(match.room.code))
    return new


# --- internals -----------------------------------------------------------------------------


def _lock_match(match_id: int, *, client_id: str | None = None) -> tuple[Match, list[Seat]]:
    """The match and its room, both locked, and its seats.

    With `client_id`, the same query tells how many moves the log holds (`moves_logged`) and
    whether any may carry that id (`maybe_seen`, whoever sent it): a move costs one query fewer.
    The SQL is written out: the ORM built these queries anew for every move, about 1.3 ms of
    CPU of the 3.5 ms a move cost (docs/benchmarks.md, "Load", fourth round).
    """
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    if client_id is None:
        found = Match.objects.raw(f"SELECT * FROM games_match WHERE id = %s{lock}", [match_id])
    else:
        deal_tags = [f"{seat}:{client_id}" for seat in range(MAX_SEATS)]  # a next_hand's deal
        found = Match.objects.raw(
            "SELECT games_match.*,"
            " (SELECT COUNT(*) FROM games_move WHERE match_id = games_match.id) AS moves_logged,"
            " EXISTS(SELECT 1 FROM games_move WHERE match_id = games_match.id AND (client_id = %s"
            f" OR (seat IS NULL AND client_id IN ({', '.join(['%s'] * MAX_SEATS)})))) AS maybe_seen"
            f" FROM games_match WHERE id = %s{lock}",
            [client_id, *deal_tags, match_id],
        )
    match = next(iter(found), None)
    if match is None:
        raise ServiceError("no_match", "No such match.")
    match.room = next(
        iter(Room.objects.raw(f"SELECT * FROM games_room WHERE id = %s{lock}", [match.room_id]))
    )
    seats = Seat.objects.raw('SELECT * FROM games_seat WHERE room_id = %s ORDER BY "index"', [match.room_id])
    return match, list(seats)


def _start_match(
    room: Room, *, first_seed: bytes | None = None, seeds_secret_until: datetime | None = None
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
    run = _Run(match, list(room.seats.all()))
    run.deal(seed=first_seed)
    run.finish()
    return match


# What a run changes in a match (offers and the rest are saved by their own services), and
# what it logs; their SQL is written once, as _lock_match's is.
_PROGRESS_FIELDS = [
    Match._meta.get_field(name)
    for name in (
        "state",
        "version",
        "status",
        "winner_seat",
        "end_reason",
        "turn_deadline",
        "call_deadline",
        "updated_at",
    )
]


_quote = connection.ops.quote_name
_SAVE_PROGRESS = (
    f"UPDATE games_match SET {', '.join(_quote(f.column) + ' = %s' for f in _PROGRESS_FIELDS)} WHERE id = %s"
)
_MOVE_FIELDS = [field for field in Move._meta.concrete_fields if not field.primary_key]
_MOVE_ROW = f"({', '.join(['%s'] * len(_MOVE_FIELDS))})"
_INSERT_MOVES = f"INSERT INTO games_move ({', '.join(_quote(f.column) for f in _MOVE_FIELDS)}) VALUES "


def _sql_values(instance: Any, fields: list) -> list[Any]:
    return [field.get_db_prep_save(getattr(instance, field.attname), connection) for field in fields]


def _save_run(match: Match, moves: list[Move]) -> None:
    """Append `moves` to the log and store the match's progress."""
    with connection.cursor() as cursor:
        if moves:
            cursor.execute(
                _INSERT_MOVES + ", ".join([_MOVE_ROW] * len(moves)),
                [value for move in moves for value in _sql_values(move, _MOVE_FIELDS)],
            )
        cursor.execute(_SAVE_PROGRESS, [*_sql_values(match, _PROGRESS_FIELDS), match.pk])


class _Run:
    """One locked change to a match: actions applied in order, logged, then saved and sent."""

    def __init__(self, match: Match, seats: list[Seat], *, moves_logged: int | None = None) -> None:
        self.match = match
        self.seats = seats
        self.family = adapter(match.family)
        self.state = self.family.load(match.state)
        self.hands_before = len(match.state.get("history", []))
        self.was_playing = match.status == Match.Status.PLAYING
        self.events: list[dict[str, Any]] = []
        self.seq = Move.objects.filter(match=match).count() if moves_logged is None else moves_logged
        self.moves: list[Move] = []
        self.call_until = match.call_deadline
        # A stored callable discard was offered to the bots when it was made.
        self.offered = self._discard_key()
        self.window_closed = False

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
            if self._offer_call() or turn is None or not self.seats[turn].bot:
                return
            self._apply(turn, self._bot_action(turn), actor="bot")

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

    def end(self, *, winner: int | None, reason: str, status: str = Match.Status.FINISHED) -> _Run:
        self.match.status = status
        self.match.winner_seat = winner
        self.match.end_reason = reason
        return self

    def finish(self) -> None:
        """Store the new state and log, bump the version, and queue every seat's view."""
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
        try:  # every caller holds a transaction: a failed insert rolls it all back
            _save_run(match, self.moves)
        except IntegrityError:
            raise ServiceError("conflict", "Another change landed first: resynced.") from None
        room = match.room
        finished = match.status != Match.Status.PLAYING and room.state == Room.State.PLAYING
        if finished or now - room.last_activity_at >= ACTIVITY_STEP:
            room.last_activity_at = now
            room.state = Room.State.FINISHED if finished else room.state
            room.save(update_fields=["last_activity_at", "state"])
        payloads = {
            seat: game_payload(match, self.state, seat, events=self.events)
            for seat in [*range(len(self.seats)), None]
        }
        holders = {seat.index: holder(seat).tag for seat in self.seats}
        messages = broadcast.game_messages(room.code, payloads, holders)
        if match.status != Match.Status.PLAYING:
            messages += broadcast.room_changed(room.code)
        broadcast.send_on_commit(messages)
        self._announce(match)
        self.moves = []
        self.window_closed = False

    def _announce(self, match: Match) -> None:
        finished_hands = match.state.get("history", [])[self.hands_before :]
        self.hands_before += len(finished_hands)
        for hand in finished_hands:
            transaction.on_commit(lambda hand=hand: hooks.hand_finished.send(Match, match=match, hand=hand))
        if self.was_playing and match.status == Match.Status.FINISHED:
            self.was_playing = False
            transaction.on_commit(lambda: hooks.match_finished.send(Match, match=match))


def seeds_secret(match: Match) -> bool:
    return match.seeds_secret_until is not None and timezone.now() < match.seeds_secret_until


def game_payload(match: Match, state: Any, seat: int | None, *, events: list | None = None) -> dict[str, Any]:
    """What a seat's socket receives: its own view of the match, at this version, with only
    the last finished hand's record in `view["history"]`.

    Calling (rummy): `call_deadline` and `call_seconds` (left when the frame was made) say how
    long the fresh discard may still be called; outside that window the view offers no call.
    """
    view = adapter(match.family).view_for(state, seat, reveal_seeds=not seeds_secret(match))
    # The table shows the last finished hand's record; every record made each frame of a long
    # match heavier (13 KB at the twentieth gin hand).  The replay page has them all.
    view["history"] = view["history"][-1:]
    until = match.call_deadline
    left = (until - timezone.now()).total_seconds() if until else 0.0
    if view.get("callable") and left <= 0:
        view["callable"] = False
        view["legal_actions"] = [a for a in view["legal_actions"] if a["type"] != "call"]
    return {
        "type": "state",
        "match": match.pk,
        "version": match.version,
        "status": match.status,
        "end_reason": match.end_reason,
        "winner_seat": match.winner_seat,
        "deadline": match.turn_deadline.isoformat() if match.turn_deadline else None,
        "call_deadline": until.isoformat() if left > 0 else None,
        "call_seconds": round(left, 1) if left > 0 else None,
        "view": view,
        "events": events or [],
    }
