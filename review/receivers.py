"""Rated matches are reviewed as soon as they finish, for every seat a person held."""

from django.dispatch import receiver

from games import signals
from review.queue import enqueue_review


@receiver(signals.match_finished)
def review_rated_match(sender, match, **kwargs):
    if not match.room.rated:
        return
    for seat in match.room.seats.exclude(user=None).filter(bot=""):
        enqueue_review(match.pk, seat.index)
