"""Pages and forms of friends, challenges and notifications; each calls one service."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.views.decorators.http import require_POST

from accounts.models import User
from common.redirects import back_to_page
from social import selectors, services
from social.forms import ChallengeForm


def _back(request):
    return back_to_page(request, fallback="social:friends")


def _check_answer(answer: str) -> None:
    if answer not in ("accept", "decline"):
        raise Http404


def _refused(request, error: services.ServiceError) -> None:
    messages.error(request, error.message)


@login_required
def friends(request):
    return render(
        request,
        "social/friends.html",
        {
            "friends": selectors.friends(user=request.user),
            "incoming": selectors.incoming_requests(user=request.user),
            "outgoing": selectors.outgoing_requests(user=request.user),
            "challenges": selectors.open_challenges(user=request.user),
            "language": get_language() or "en",
        },
    )


@login_required
@require_POST
def send_request(request, user_id: int):
    try:
        services.do_send_friend_request(sender=request.user, receiver_id=user_id)
    except services.ServiceError as error:
        _refused(request, error)
    return _back(request)


@login_required
@require_POST
def answer_request(request, friendship_id: int, answer: str):
    _check_answer(answer)
    try:
        services.do_answer_friend_request(
            user=request.user, friendship_id=friendship_id, accept=answer == "accept"
        )
    except services.ServiceError as error:
        _refused(request, error)
    return _back(request)


@login_required
@require_POST
def remove_friend(request, user_id: int):
    services.do_remove_friend(user=request.user, other_id=user_id)
    return _back(request)


@login_required
def challenge(request, user_id: int):
    other = get_object_or_404(User, pk=user_id, is_active=True)
    form = ChallengeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            services.do_challenge(
                challenger=request.user,
                challenged_id=other.pk,
                ruleset=data["ruleset"],
                turn_seconds=data["turn_seconds"],
                rated=data["rated"],
                rounds=data["rounds"] if data["ruleset"].family == "rummy" else None,
            )
        except services.ServiceError as error:
            _refused(request, error)
        else:
            return redirect("social:friends")
    return render(
        request, "social/challenge.html", {"other": other, "form": form}, status=400 if form.errors else 200
    )


@login_required
@require_POST
def answer_challenge(request, challenge_id: int, answer: str):
    _check_answer(answer)
    try:
        room = services.do_answer_challenge(
            user=request.user, challenge_id=challenge_id, accept=answer == "accept"
        )
    except services.ServiceError as error:
        _refused(request, error)
        return redirect("social:friends")
    return redirect("games:room", room.code) if room else redirect("social:friends")


@login_required
def notifications(request):
    language = get_language() or "en"
    entries = [selectors.render(n, language) for n in selectors.recent(user_id=request.user.pk)]
    return render(request, "social/notifications.html", {"entries": entries})


@login_required
def open_notification(request, notification_id: int):
    """Follow a notification's link, reading it on the way."""
    entry = get_object_or_404(selectors.Notification, pk=notification_id, user=request.user)
    services.do_mark_read(user_id=request.user.pk, ids=[entry.pk])
    return redirect(entry.url or "social:notifications")


@login_required
@require_POST
def mark_read(request):
    services.do_mark_read(user_id=request.user.pk)
    return redirect("social:notifications")


@login_required
def preferences(request):
    if request.method == "POST":
        chosen = set(request.POST.getlist("kind"))
        services.do_set_preferences(
            user_id=request.user.pk,
            enabled={kind: kind in chosen for kind, _, _ in selectors.preferences(user_id=request.user.pk)},
        )
        return redirect("social:preferences")
    return render(
        request, "social/preferences.html", {"kinds": selectors.preferences(user_id=request.user.pk)}
    )
