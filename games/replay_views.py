"""Looking back at finished matches: your games, a match's replay, its game record."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from games import played
from games.chat.selectors import replay_chat
from games.identity import identity_of
from games.record_export import match_record
from games.replay_frames import frames


def game_list_page(request, *, user, public_only: bool, template: str, context: dict):
    """A page of `user`'s finished matches, newest first (shared with the player page's list)."""
    language = get_language() or "en"
    page = Paginator(played.finished_matches(user=user, public_only=public_only), played.GAMES_PER_PAGE)
    page_obj = page.get_page(request.GET.get("page"))
    rows = [played.game_row(match, user=user, language=language) for match in page_obj]
    return render(request, template, {**context, "page_obj": page_obj, "rows": rows})


@login_required
def my_games(request):
    return game_list_page(
        request, user=request.user, public_only=False, template="games/my_games.html", context={}
    )


def _refusal(request, refused: played.Refused) -> HttpResponse:
    return render(request, "games/replay_refused.html", {"message": refused.message}, status=refused.status)


def _bool(value: str | None) -> bool:
    return value in ("1", "on", "true")


def replay(request, match_id: int):
    match = played.replayable_match(match_id)
    try:
        access = played.replay_access(match, identity_of(request.user, request.session))
    except played.Refused as refused:
        return _refusal(request, refused)
    assert match is not None  # replay_access refuses a missing match
    names = played.seat_names(match)
    seat = _chosen_seat(request.GET.get("seat"), access, len(names))
    every_hand = _bool(request.GET.get("all")) and not access.secret
    return render(
        request,
        "games/replay.html",
        {
            "match": match,
            "names": names,
            "seat": seat,
            "every_hand": every_hand,
            "access": access,
            "views": [(i, name) for i, name in enumerate(names) if access.may_view(i)],
            # What the players said at the table is theirs: shown to them only.
            "chat": replay_chat(match, reader_id=request.user.pk) if access.seats else [],
            "replay": {
                "family": match.family,
                "seat": seat,
                "every_hand": every_hand,
                "names": names,
                "mine": list(access.seats),
                "frames": frames(match, seat=seat, every_hand=every_hand),
            },
        },
    )


def _chosen_seat(asked: str | None, access: played.ReplayAccess, seats: int) -> int:
    """The seat asked for when the visitor may see its view, else their own (seat 0 for anyone
    who did not play)."""
    if (
        asked is not None
        and asked.isascii()
        and asked.isdigit()
        and int(asked) < seats
        and access.may_view(int(asked))
    ):
        return int(asked)
    return access.seats[0] if access.seats else 0


def record(request, match_id: int):
    match = played.replayable_match(match_id)
    try:
        access = played.replay_access(match, identity_of(request.user, request.session))
    except played.Refused as refused:
        return _refusal(request, refused)
    if access.secret:  # the record holds every seed
        return _refusal(request, played.Refused(403, played.SECRET_RECORD))
    assert match is not None
    response = HttpResponse(match_record(match), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="rummy-deco-match-{match.pk}.txt"'
    return response
