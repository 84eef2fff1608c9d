from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import selectors, services, wire
from games.chat.phrases import phrase_texts
from games.forms import NewRoomForm, PassAndPlayForm, RummyTableForm, VersusComputerForm
from games.identity import identity_of


def lobby(request):
    return _lobby_page(request)


def _lobby_page(request, **refused):
    """The lobby; a form in `refused` (by its context name) comes back as it was typed, its
    errors beside its fields."""
    language = get_language() or "en"
    open_rooms = selectors.open_public_rooms()
    rooms = [wire.lobby_entry(room, language) for room in open_rooms]
    # The socket's list is the same for everyone: the page tells its script which are yours.
    yours = selectors.rooms_seating(open_rooms, identity_of(request.user, request.session))
    forms = {
        "new_room_form": NewRoomForm(),
        "computer_form": VersusComputerForm(),
        "local_form": PassAndPlayForm(),
        "rummy_form": RummyTableForm(guest=not request.user.is_authenticated),
    }
    return render(
        request,
        "games/lobby.html",
        {
            "rooms": rooms,
            "your_rooms": yours,
            **forms,
            **refused,
            "lobby_texts": {
                "rules": _("Rules"),
                "players": _("Players"),
                "timer": _("Timer"),
                "rated": _("Rated"),
                "casual": _("Casual"),
                "join": _("Join"),
                "yours": _("Open (yours)"),
                "empty": _("No open rooms yet: create one."),
            },
        },
        status=400 if refused else 200,
    )


@require_POST
def play_computer(request):
    form = VersusComputerForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, computer_form=form)
    identity = identity_of(request.user, request.session, create_guest=True)
    room = services.do_create_room(
        identity=identity, ruleset=form.cleaned_data["ruleset"], bot=form.bot_level()
    )
    return redirect("games:room", code=room.code)


@require_POST
def pass_and_play(request):
    form = PassAndPlayForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, local_form=form)
    identity = identity_of(request.user, request.session, create_guest=True)
    room = services.do_create_room(identity=identity, ruleset=form.cleaned_data["ruleset"], hotseat=True)
    return redirect("games:room", code=room.code)


@require_POST
def new_rummy_table(request):
    """A rummy table: with every other seat a bot it starts at once (guests welcome); else it
    waits in the lobby for people (an account needed).  With every seat a bot, the creator
    watches it through its invitation link (the table is private, and has no seat of theirs)."""
    form = RummyTableForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, rummy_form=form)
    data = form.cleaned_data
    bots = data["bot_seats"]
    solo = bots >= data["ruleset"].seats - 1
    if not solo and not request.user.is_authenticated:
        return redirect(f"{settings.LOGIN_URL}?next={reverse('games:lobby')}")
    try:
        room = services.do_create_room(
            identity=identity_of(request.user, request.session, create_guest=solo),
            ruleset=data["ruleset"],
            bot=data["level"] if bots else "",
            bot_seats=bots,
            rounds=data["rounds"],
            is_private=data["private"],
            turn_seconds=data["turn_seconds"],
            rated=data["rated"],
        )
    except services.ServiceError as error:
        form.add_error(None, error.message)
        return _lobby_page(request, rummy_form=form)
    if bots == data["ruleset"].seats:
        return redirect(f"{reverse('games:room', kwargs={'code': room.code})}?t={room.invite_token}")
    return redirect("games:room", code=room.code)


@login_required
@require_POST
def new_room(request):
    form = NewRoomForm(request.POST)
    if not form.is_valid():
        return _lobby_page(request, new_room_form=form)
    try:
        room = services.do_create_room(
            identity=identity_of(request.user, request.session),
            ruleset=form.cleaned_data["ruleset"],
            is_private=form.cleaned_data["private"],
            turn_seconds=form.cleaned_data["turn_seconds"],
            rated=form.cleaned_data["rated"],
        )
    except services.ServiceError as error:
        form.add_error(None, error.message)
        return _lobby_page(request, new_room_form=form)
    return redirect("games:room", code=room.code)


def room(request, code):
    room = selectors.room_by_code(code)
    token = request.GET.get("t", "")
    identity = identity_of(request.user, request.session)
    if room is None or not selectors.can_watch(room, identity, token):
        raise Http404
    language = get_language() or "en"
    match = selectors.current_match(room)
    info = selectors.room_info(room, identity, language, match=match)
    state = selectors.match_payload(match, info["you"]) if match else None
    return render(
        request,
        "games/room.html",
        {
            "room": room,
            "match": match,
            "info": info,
            "state": state,
            "token": token,
            "can_sit": _can_sit(request, room, info),
            "chat_phrases": phrase_texts(),
        },
    )


def _can_sit(request, room, info) -> bool:
    return (
        request.user.is_authenticated
        and info["you"] is None
        and room.state == room.State.OPEN
        and any(s["kind"] == "empty" for s in info["seats"])
    )


def invite(request, code, token):
    return redirect(reverse("games:room", args=[code]) + f"?{urlencode({'t': token})}")


@login_required
@require_POST
def take_seat(request, code):
    room = selectors.room_by_code(code)
    if room is None:
        raise Http404
    token = request.POST.get("t", "")
    try:
        services.do_take_seat(room=room, identity=identity_of(request.user, request.session), token=token)
    except services.ServiceError as error:
        messages.error(request, error.message)
    return redirect(reverse("games:room", args=[code]) + (f"?{urlencode({'t': token})}" if token else ""))


@require_POST
def leave_seat(request, code):
    room = selectors.room_by_code(code)
    if room is None:
        raise Http404
    try:
        services.do_leave_seat(room=room, identity=identity_of(request.user, request.session))
    except services.ServiceError as error:
        messages.error(request, error.message)
        return redirect("games:room", code=code)
    return redirect("games:lobby")
