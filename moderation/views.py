from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games import selectors
from games.chat.selectors import visible_message
from games.identity import identity_of
from moderation.forms import ReportForm
from moderation.reports import do_file_report


@login_required
def report(request):
    """Report a room (`?room=<code>`, from the table), a player (`?player=<id>`, from a
    profile) or a chat message (`?message=<id>`, from the table's chat)."""
    identity = identity_of(request.user, request.session)
    chat_message = visible_message(
        request.GET.get("message", ""), lambda room: selectors.seat_indices(room, identity)
    )
    room = chat_message.room if chat_message else _visible_room(request)
    player_id = request.GET.get("player", "")
    is_id = player_id.isascii() and player_id.isdigit()
    player = get_user_model().objects.filter(pk=player_id).first() if is_id else None
    player = chat_message.author if chat_message else player
    if room is None and player is None:
        raise Http404(_("Nothing to report: the link names no room or player."))
    form = ReportForm(request.POST or None)
    if form.is_valid():
        try:
            do_file_report(
                reporter=request.user,
                room=room,
                player=player,
                chat_message=chat_message,
                **form.cleaned_data,
            )
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Thank you: a moderator will look at your report."))
            return redirect("games:room", code=room.code) if room else redirect("home")
    context = {"form": form, "room": room, "player": player, "chat_message": chat_message}
    return render(request, "moderation/report.html", context)


def _visible_room(request):
    """The room of `?room=` (and `&t=`, a private room's invitation), if the reporter may watch
    it: a room they may not see is answered as one that does not exist."""
    room = selectors.room_by_code(request.GET.get("room", "")) if request.GET.get("room") else None
    identity = identity_of(request.user, request.session)
    if room is None or not selectors.can_watch(room, identity, request.GET.get("t", "")):
        return None
    return room
