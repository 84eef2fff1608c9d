from datetime import datetime

from django.conf import settings
from django.http import FileResponse, Http404
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control

from accounts.adapter import PREVIOUS_VISIT_KEY
from games.forms import RummyTableForm
from games.identity import identity_of
from games.models import BotLevel, RuleSet
from pages import selectors
from pages.rule_sets import PAGES, rules_page_of, settings_of

FAVICON = settings.BASE_DIR / "static" / "img" / "favicon.ico"


def home(request):
    """The door to everything: one click to a game, the lobby, the Daily Gin, and for a
    player, the games to resume and what happened since the previous visit."""
    previous = request.session.get(PREVIOUS_VISIT_KEY) if request.user.is_authenticated else None
    since = datetime.fromisoformat(previous) if previous else None
    identity = identity_of(request.user, request.session)
    quick = selectors.quick_start()
    return render(
        request,
        "pages/home.html",
        {
            "quick": quick,
            "gin_name": quick.gin and quick.gin.display_name(get_language() or "en"),
            "medium": BotLevel.MEDIUM,
            "rummy_rounds": RummyTableForm.base_fields["rounds"].initial,
            "daily": selectors.daily_status(user=request.user, now=timezone.now()),
            "games": selectors.games_for_home(identity=identity, since=since),
            "since": since,
            "rating_changes": since and selectors.rating_changes(user=request.user, since=since),
        },
    )


def rules_index(request):
    return render(request, "pages/rules_index.html")


def rules(request, page):
    """How to play one game. `?set=<slug>` (the table's link) adds that rule set's settings."""
    if page not in PAGES:
        raise Http404
    ruleset = RuleSet.objects.filter(slug=request.GET.get("set", "")).first()
    if ruleset is not None and rules_page_of(ruleset) != page:
        ruleset = None
    return render(
        request,
        f"pages/rules_{page}.html",
        {
            "page": page,
            "ruleset": ruleset,
            "ruleset_name": ruleset and ruleset.display_name(get_language() or "en"),
            "ruleset_settings": ruleset and settings_of(ruleset),
        },
    )


@cache_control(max_age=86400, public=True)
def favicon(request):
    return FileResponse(FAVICON.open("rb"), content_type="image/x-icon")
