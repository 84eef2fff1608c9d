"""The only writer of reviews: a finished review stored whole, once per match and seat."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games.models import Family, Match
from games.played import seat_names
from review.models import Review
from social.services import do_notify


def check_reviewable(*, match: Match, seat: int) -> None:
    if match.status != Match.Status.FINISHED:
        raise ServiceError("not_finished", _("Only a finished match can be reviewed."))
    if match.family not in (Family.GIN, Family.RUMMY):
        raise ServiceError("not_reviewed", _("The review covers gin and German Rummy matches."))
    if not 0 <= seat < match.room.seats.count():
        raise ServiceError("bad_seat", _("No such seat."))


def do_store_review(
    *, match: Match, seat: int, decisions: list[dict[str, Any]], summary: dict[str, Any], samples: int
) -> tuple[Review, bool]:
    """Store the finished review unless one is stored already: (the stored one, whether new)."""
    check_reviewable(match=match, seat=seat)
    try:
        with transaction.atomic():
            review = Review.objects.create(
                match=match, seat=seat, decisions=decisions, summary=summary, samples=samples
            )
            _tell_the_player(match=match, seat=seat)
        return review, True
    except IntegrityError:  # another worker finished the same review first
        return Review.objects.get(match=match, seat=seat), False


def _tell_the_player(*, match: Match, seat: int) -> None:
    """The seat's player hears of the finished review on the bell (their preference allowing)."""
    user_id = match.room.seats.filter(index=seat).values_list("user_id", flat=True).first()
    if user_id is None:
        return
    with translation.override(settings.LANGUAGE_CODE):  # stored once, whatever page ran the job
        names = seat_names(match)
    do_notify(
        user_id=user_id,
        kind="review",
        params={"name": ", ".join(n for i, n in enumerate(names) if i != seat)},
        url=reverse("games:review", args=[match.pk]),
        key=f"review:{match.pk}:{seat}",
    )
