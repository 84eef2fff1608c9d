"""What players (and the sweeper's clocks) do to a match in play: act, time out, close a call
window, claim, offer a rematch or a restart."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from common.errors import ServiceError
from games import broadcast
from games.commands import ActionData, OfferKind
from games.identity import Identity
from games.models import BotLevel, Match, Move, Room
from games.seating import (
    is_claimable,
    seat_of,
    seats_of,
)
from games.services import memory as memories
from games.services.run import Run, start_match
from games.services.storage import Changed, as_remembered, lock_match

BOT_AFTER_TIMEOUTS = 3
"""Rummy: after this many timed-out turns in a row a bot takes the seat (RUMMY.md)."""


@dataclass(frozen=True)
class ActResult:
    match: Match
    seat: int
    duplicate: bool


def do_act(
    *, match_id: int, identity: Identity, version: int, client_id: str, action: ActionData
) -> ActResult:
    """Apply one player's action, then whatever bots and the server play after it.

    The frame was checked at the edge (`games.commands.parse_command`): `client_id` is safe
    to store, `action` an object with a string type.  A client id seen before is answered
    with the current state and never applied twice; an action sent against an older version
    is refused.

    An action against the version this process wrote last, when the turn stayed with the
    player (the discard after the draw), is made from what the process remembers of the
    match, with no read before its write (`memory`).  When the match changed meanwhile, or
    the action is refused, it is made again from the database, so its answer is the one a
    first try would have had.
    """
    memory = memories.recall(match_id, version=version)
    if memory is not None:
        try:
            return _act(match_id, identity, version, client_id, action, memory=memory)
        except (Changed, ServiceError):
            memories.forget(match_id)
    return _act(match_id, identity, version, client_id, action, memory=None)


def _act(
    match_id: int,
    identity: Identity,
    version: int,
    client_id: str,
    action: ActionData,
    *,
    memory: memories.Memory | None,
) -> ActResult:
    with contextlib.ExitStack() as stack:
        stack.enter_context(transaction.atomic())  # entered first, left last: after the lock's use
        if memory is None:
            match, seats = lock_match(match_id=match_id, client_id=client_id)
            moves_logged, state, maybe_seen = match.moves_logged, None, match.maybe_seen
        else:
            match, seats = stack.enter_context(as_remembered(memory, client_id=client_id))
            moves_logged, state, maybe_seen = memory.moves_logged, memory.state, False  # checked by the write
        held = seats_of(seats, identity)
        if not held:
            raise ServiceError("not_seated", "Only the players at this table can act.")
        run = Run(match, seats, moves_logged=moves_logged, state=state)  # the state, read once for the move
        # In pass-and-play the device holds both seats and plays whichever is to act.
        turn = run.family.turn(run.state)
        seat = next((s for s in held if s.index == turn), held[0])
        if seat.timeouts:
            seat.timeouts = 0
            seat.save(update_fields=["timeouts"])
        # Whose the id was is asked only when it may have been seen (a retry, or another
        # seat's id), or when the version moved on: the lock may have waited for the very
        # same action from another tab, and the query that waited saw the log as it was
        # before (PostgreSQL re-reads a locked row, not its subqueries).
        if maybe_seen or version != match.version:
            mine = [s.index for s in held]
            deals = [f"{i}:{client_id}" for i in mine]  # a next_hand request is logged as the server's deal
            seen = Q(seat__in=mine, client_id=client_id) | Q(seat=None, client_id__in=deals)
            if Move.objects.filter(seen, match=match).exists():
                return ActResult(match=match, seat=seat.index, duplicate=True)
        if match.status != Match.Status.PLAYING:
            raise ServiceError("match_over", "This match is over.")
        kind = action["type"]
        if version != match.version:
            if kind in run.family.out_of_turn:  # a call loses any race: another call or the draw came first
                raise ServiceError("stale_version", "Too late to call: someone moved first.")
            raise ServiceError("stale_version", f"The table moved on to version {match.version}: resynced.")
        if kind == "deal":
            raise ServiceError("bad_action", "Only the server deals.")
        if kind == "next_hand":
            if set(action) != {"type"}:
                raise ServiceError("bad_action", "next_hand takes no fields.")
            if not run.family.needs_deal(run.state) or run.family.is_over(run.state):
                raise ServiceError("wrong_phase", "The hand is still being played.")
            run.deal(client_id=f"{seat.index}:{client_id}")
        else:
            if (
                kind in run.family.out_of_turn
                and run.family.callers(run.state)
                and not run.window_open(timezone.now())
            ):
                raise ServiceError("call_window_closed", "Too late: the moment to call this card has passed.")
            run.play(seat.index, action, actor="player", client_id=client_id)
        run.finish(last=True)
    # Remembered only while the turn stays with the player (who sends its next action to this
    # process): a memory lives the seconds between two actions of a turn, not the whole match.
    if (
        hasattr(match, "xmin")
        and not run.room_saved
        and match.status == Match.Status.PLAYING
        and run.family.turn(run.state) in {s.index for s in held}
    ):
        memories.keep(match=match, seats=seats, state=run.state, moves_logged=run.seq)
    else:
        memories.forget(match_id)
    return ActResult(match=match, seat=seat.index, duplicate=False)


def do_timeout(*, match_id: int, now: datetime) -> bool:
    """Play the turn of a player whose clock ran out; False when the deadline moved meanwhile."""
    with transaction.atomic():
        match, seats = lock_match(match_id=match_id)
        if match.status != Match.Status.PLAYING or not match.turn_deadline or match.turn_deadline > now:
            return False
        run = Run(match, seats)
        seat = run.family.turn(run.state)
        if seat is None:
            return False
        while run.family.turn(run.state) == seat and not run.family.needs_deal(run.state):
            run.play(seat, run.family.timeout_action(run.state), actor="timeout")
        timed_out = run.seats[seat]
        timed_out.timeouts += 1
        if match.family == "rummy" and timed_out.timeouts >= BOT_AFTER_TIMEOUTS:
            timed_out.bot = BotLevel.MEDIUM
            run.advance()
            broadcast.send_on_commit(broadcast.room_changed(match.room.code))
        timed_out.save(update_fields=["timeouts", "bot"])
        run.finish(last=True)
    return True


def do_bot_step(*, match_id: int, now: datetime) -> bool:
    """At a table of computers alone, play the one action that is due (the sweeper calls this
    when `bots_play_at` comes); False when it is not due (yet)."""
    with transaction.atomic():
        match, seats = lock_match(match_id=match_id)
        if match.status != Match.Status.PLAYING or not match.bots_play_at or match.bots_play_at > now:
            return False
        run = Run(match, seats)
        run.step()
        run.finish(last=True)
    return True


def do_close_call_window(*, match_id: int, now: datetime) -> bool:
    """End a call window that ran out: nobody called, so the next player draws (a bot at once,
    a person whenever it likes); False when the window was closed meanwhile."""
    with transaction.atomic():
        match, seats = lock_match(match_id=match_id)
        if match.status != Match.Status.PLAYING or not match.call_deadline or match.call_deadline > now:
            return False
        run = Run(match, seats)
        run.close_window()
        run.advance()
        run.finish(last=True)
    return True


def do_claim(*, match_id: int, identity: Identity, bot: bool = False) -> None:
    """After an opponent has been away 60 s: let bots play the absent seats to the end
    (`bot`), or, when every other person is away, win the match."""
    with transaction.atomic():
        match, seats = lock_match(match_id=match_id)
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
        run = Run(match, seats)
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
        match, seats = lock_match(match_id=match_id)
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
                Run(match, seats).end(winner=None, reason="restarted", status=Match.Status.ABANDONED).finish()
            match.offers = {}
            new = start_match(room=match.room)
        match.save(update_fields=["offers"])
        broadcast.send_on_commit(broadcast.room_changed(match.room.code))
    return new
