from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from arenas import selectors, services
from arenas.models import Arena
from common.errors import ServiceError


def arena_list(request):
    return render(request, "arenas/list.html", selectors.arena_lists(now=timezone.now()))


def arena_detail(request, pk: int):
    arena = get_object_or_404(Arena.objects.select_related("ruleset"), pk=pk)
    now = timezone.now()
    entry = arena.players.filter(user_id=request.user.pk).first() if request.user.is_authenticated else None
    payload = selectors.standings_payload(arena, now=now)
    return render(
        request,
        "arenas/detail.html",
        {
            "arena": arena,
            "entry": entry,
            "phase": arena.phase(now),
            "standings": payload,
            "podium": payload["lines"][:3] if arena.closed else [],
            "room": selectors.current_room(arena, request.user.pk) if entry else None,
        },
    )


@require_POST
@login_required
def arena_action(request, pk: int, action: str):
    if action not in ("join", "pause", "leave"):
        raise Http404
    arena = get_object_or_404(Arena.objects.select_related("ruleset"), pk=pk)
    try:
        if action == "join":
            services.do_join(arena=arena, user_id=request.user.pk)
        elif action == "pause":
            services.do_pause(arena=arena, user_id=request.user.pk, paused=True)
        elif action == "leave":
            services.do_leave(arena=arena, user_id=request.user.pk)
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("arenas:detail", pk=arena.pk)
