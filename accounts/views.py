import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ProfileForm
from accounts.models import User
from accounts.services import do_block, do_unblock, do_update_table_preferences
from common.errors import ServiceError
from common.redirects import back_to_page
from games.identity import identity_of
from games.selectors import games_of


@login_required
def profile(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        messages.success(request, _("Your settings are saved."))
        response = redirect("accounts:profile")
        if user.language:
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, user.language, samesite="Lax")
        return response
    games = games_of(identity_of(request.user, request.session))
    return render(request, "accounts/profile.html", {"form": form, "games": games})


@login_required
@require_POST
def table_preferences(request):
    """The table's settings dialog saves here too, so they follow the player to any device."""
    if request.content_type != "application/json":  # a form's body is read as fields, not JSON
        return HttpResponseBadRequest("send JSON")
    try:
        do_update_table_preferences(user=request.user, preferences=json.loads(request.body or b"{}"))
    except RecursionError:  # JSON nested deeper than the parser goes
        return HttpResponseBadRequest("bad JSON")
    except ValueError as error:
        return HttpResponseBadRequest(str(error))
    return JsonResponse(request.user.table_preferences())


@login_required
@require_POST
def block(request, user_id):
    """Block a player (from a table or their page): back to where the button was."""
    other = get_object_or_404(User, pk=user_id)
    try:
        do_block(blocker=request.user, blocked=other)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("You blocked %(name)s: you will not see each other's chat, nor play at the same table.")
            % {"name": other},
        )
    return _back(request)


@login_required
@require_POST
def unblock(request, user_id):
    other = get_object_or_404(User, pk=user_id)
    do_unblock(blocker=request.user, blocked=other)
    messages.success(request, _("You unblocked %(name)s.") % {"name": other})
    return _back(request)


@login_required
def blocks(request):
    """The players one blocked, each with a button to unblock."""
    blocked = User.objects.filter(blocks_received__blocker=request.user).order_by("display_name")
    return render(request, "accounts/blocks.html", {"blocked": blocked})


def _back(request):
    return back_to_page(request, fallback="accounts:blocks")
