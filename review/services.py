"""The only writer of reviews: a finished review stored whole, once per match and seat."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games.models import Family, Match
from review.models import Review


def check_reviewable(*, match: Match, seat: int) -> None:
    if match.status != Match.Status.FINISHED:
        raise ServiceError("not_finished", _("Only a finished match can be reviewed."))
    if match.family != Family.GIN:
        raise ServiceError("not_gin", _("The review covers gin matches."))
    if seat not in (0, 1):
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
        return review, True
    except IntegrityError:  # another worker finished the same review first
        return Review.objects.get(match=match, seat=seat), False
