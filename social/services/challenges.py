"""Challenges: one player invites another to a game; accepted in time, the games' room services
create a private room with both seated.  A rematch at the end of a match is a challenge on the
finished room's terms."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from common.errors import ServiceError
from games import selectors as game_selectors
from games import services as game_services
from games.identity import Identity
from games.models import Room, RuleSet
from social import broadcast
from social.models import Challenge
from social.services.friends import check_not_blocked
from social.services.notifications import do_mark_read, do_notify

CHALLENGE_EXPIRY = timedelta(minutes=3)


def do_challenge(
    *,
    challenger: User,
    challenged_id: int,
    ruleset: RuleSet,
    turn_seconds: int | None = None,
    rated: bool = False,
    rounds: int | None = None,
    rematch_of: Room | None = None,
) -> Challenge:
    """Challenge a player (friend or not) on these terms; an earlier pending challenge between
    the two is withdrawn.  The terms are checked now, so an accepted challenge opens its room."""
    challenged = User.objects.filter(pk=challenged_id, is_active=True).first()
    if challenged is None or challenged.pk == challenger.pk:
        raise ServiceError("no_player", _("Choose another player to challenge."))
    check_not_blocked(a=challenger.pk, b=challenged.pk)
    if not ruleset.enabled or ruleset.seats != 2:
        raise ServiceError("bad_ruleset", _("Choose a two-player rule set."))
    if turn_seconds is not None and not 10 <= turn_seconds <= 600:
        raise ServiceError("bad_timer", _("A turn timer is 10 to 600 seconds."))
    is_rummy = ruleset.family == "rummy"
    if is_rummy and not (rounds and 1 <= rounds <= 20):
        raise ServiceError("bad_rounds", _("A rummy table plays 1 to 20 rounds."))
    if rated and ruleset.flags.get("practice"):
        raise ServiceError("not_rated", _("Practice rules are never rated."))
    now = timezone.now()
    with transaction.atomic():
        earlier = Challenge.objects.filter(
            challenger=challenger, challenged=challenged, status=Challenge.Status.PENDING
        )
        withdrawn = list(earlier.values_list("pk", flat=True))
        earlier.update(status=Challenge.Status.CANCELLED)
        challenge = Challenge.objects.create(
            challenger=challenger,
            challenged=challenged,
            ruleset=ruleset,
            turn_seconds=turn_seconds,
            rated=rated,
            rounds=rounds if is_rummy else None,
            rematch_of=rematch_of,
            expires_at=now + CHALLENGE_EXPIRY,
        )
        for pk in withdrawn:
            broadcast.send_on_commit(
                broadcast.challenge_closed(pk, Challenge.Status.CANCELLED, [challenger.pk, challenged.pk])
            )
        do_notify(
            user_id=challenged.pk,
            kind="challenge",
            params={
                "name": str(challenger),
                "game": ruleset.name,
                "game_es": ruleset.name_es or ruleset.name,
            },
            url=reverse("social:friends"),
            challenge=challenge,
        )
    return challenge


def do_challenge_rematch(*, user: User, room_code: str) -> Challenge:
    """At the end of a two-player match: challenge the opponent to the same terms at a new table."""
    room = game_selectors.room_by_code(room_code)
    if room is None or room.state != Room.State.FINISHED:
        raise ServiceError("no_rematch", _("A rematch is offered when the match is over."))
    seats = list(room.seats.all())
    others = [s.user_id for s in seats if s.user_id and s.user_id != user.pk and not s.bot]
    if len(seats) != 2 or room.hotseat or len(others) != 1 or all(s.user_id != user.pk for s in seats):
        raise ServiceError("no_rematch", _("Only the two players of a finished match can rematch."))
    return do_challenge(
        challenger=user,
        challenged_id=others[0],
        ruleset=room.ruleset,
        turn_seconds=room.turn_seconds,
        rated=room.rated,
        rounds=room.rounds,
        rematch_of=room,
    )


def do_answer_challenge(*, user: User, challenge_id: int, accept: bool) -> Room | None:
    """The challenged player accepts (the room opens for both, and is returned) or declines.
    An expired, withdrawn or answered challenge opens nothing."""
    expired = False
    with transaction.atomic():
        challenge = Challenge.objects.select_for_update().filter(pk=challenge_id, challenged=user).first()
        if challenge is None or challenge.status != Challenge.Status.PENDING:
            raise ServiceError("challenge_closed", _("That challenge is no longer open."))
        people = [challenge.challenger_id, challenge.challenged_id]
        do_mark_read(user_id=user.pk, ids=_notification_ids(challenge))
        if timezone.now() >= challenge.expires_at:
            _close(challenge, Challenge.Status.EXPIRED)
            expired = True
        elif not accept:
            _close(challenge, Challenge.Status.DECLINED)
            return None
        else:
            check_not_blocked(a=challenge.challenger_id, b=challenge.challenged_id)
            room = game_services.do_create_room(
                identity=Identity(user_id=challenge.challenger_id),
                ruleset=challenge.ruleset,
                is_private=True,
                turn_seconds=challenge.turn_seconds,
                rated=challenge.rated,
                rounds=challenge.rounds,
            )
            game_services.do_take_seat(room=room, identity=Identity(user_id=user.pk), token=room.invite_token)
            challenge.status = Challenge.Status.ACCEPTED
            challenge.room = room
            challenge.save(update_fields=["status", "room"])
            url = reverse("games:room", args=[room.code])
            broadcast.send_on_commit(broadcast.challenge_opened(challenge.pk, url, people))
            return room
    if expired:
        raise ServiceError("challenge_expired", _("That challenge has expired."))
    return None


def _notification_ids(challenge: Challenge) -> list[int]:
    return list(challenge.challenged.notifications.filter(challenge=challenge).values_list("pk", flat=True))


def _close(challenge: Challenge, status: str) -> None:
    challenge.status = status
    challenge.save(update_fields=["status"])
    people = [challenge.challenger_id, challenge.challenged_id]
    broadcast.send_on_commit(broadcast.challenge_closed(challenge.pk, status, people))


def do_expire_challenges(*, now: datetime) -> int:
    """Pending challenges past their time expire (the sweeper calls this); both players hear it."""
    with transaction.atomic():
        due = list(
            Challenge.objects.select_for_update(skip_locked=True).filter(
                status=Challenge.Status.PENDING, expires_at__lte=now
            )
        )
        for challenge in due:
            _close(challenge, Challenge.Status.EXPIRED)
    return len(due)
