import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import ProfileForm
from accounts.services import do_update_table_preferences
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
