"""The review page of a finished match and its start button (its socket, `review.consumers`,
brings the progress and the finished review)."""

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from common.errors import ServiceError
from games.identity import identity_of
from games.models import Match
from review import selectors, services
from review.queue import enqueue_review


def _own_match(request, match_id):
    match = get_object_or_404(Match.objects.select_related("room"), pk=match_id)
    seat = selectors.own_seat(match, identity_of(request.user, request.session))
    if seat is None:
        raise Http404
    return match, seat


@require_GET
def review_page(request, match_id):
    match, seat = _own_match(request, match_id)
    review = selectors.stored_review(match, seat)
    error = None
    try:
        services.check_reviewable(match=match, seat=seat)
    except ServiceError as refused:
        error = refused.message
    return render(
        request,
        "review/review.html",
        {
            "match": match,
            "seat": seat,
            **selectors.result_context(review),
            "status": selectors.status_of(match, seat),
            "error": error,
            "daily": selectors.daily_lines(match, timezone.now()),
        },
    )


@require_POST
def start_review(request, match_id):
    match, seat = _own_match(request, match_id)
    try:
        services.check_reviewable(match=match, seat=seat)
    except ServiceError:
        return redirect("games:review", match_id=match.pk)
    if selectors.stored_review(match, seat) is None:
        enqueue_review(match.pk, seat)
    return redirect("games:review", match_id=match.pk)
