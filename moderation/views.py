from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from common.errors import ServiceError
from games import selectors
from games.identity import identity_of
from moderation.forms import ReportForm
from moderation.reports import do_file_report


@login_required
def report(request):
    """Report a room (`?room=<code>`, from the table) or a player (`?player=<id>`, from a profile)."""
    room = _visible_room(request)
    player_id = request.GET.get("player", "")
    is_id = player_id.isascii() and player_id.isdigit()
    player = get_user_model().objects.filter(pk=player_id).first() if is_id else None
    if room is None and player is None:
        raise Http404(_("Nothing to report: the link names no room or player."))
    form = ReportForm(request.POST or None)
    if form.is_valid():
        try:
            do_file_report(reporter=request.user, room=room, player=player, **form.cleaned_data)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Thank you: a moderator will look at your report."))
            return redirect("games:room", code=room.code) if room else redirect("home")
    return render(request, "moderation/report.html", {"form": form, "room": room, "player": player})


def _visible_room(request):
    """The room of `?room=` (and `&t=`, a private room's invitation), if the reporter may watch
    it: a room they may not see is answered as one that does not exist."""
    room = selectors.room_by_code(request.GET.get("room", "")) if request.GET.get("room") else None
    identity = identity_of(request.user, request.session)
    if room is None or not selectors.can_watch(room, identity, request.GET.get("t", "")):
        return None
    return room
