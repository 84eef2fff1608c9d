from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Family
from games.replay_views import game_list_page
from leaderboard import selectors
from leaderboard.charts import Bar, bar_chart, line_chart


def index(request):
    now = timezone.now()
    return render(
        request,
        "leaderboard/index.html",
        {
            "all_time": selectors.best_hands(),
            "this_week": selectors.best_hands(since=selectors.week_start(now)),
            "ratings": [
                (label, selectors.rating_board(family=value, now=now)) for value, label in Family.choices
            ],
            "settled_games": selectors.SETTLED_GAMES,
            "active_days": selectors.ACTIVE_DAYS,
        },
    )


def player(request, key):
    user = selectors.player_by_key(key)
    if user is None:
        raise Http404
    histories = selectors.rating_history(user=user)
    distribution = selectors.score_distribution(user=user)
    return render(
        request,
        "leaderboard/player.html",
        {
            "player": user,
            "results": selectors.recent_results(user=user),
            "ratings": [
                (
                    rating,
                    line_chart(
                        values=[p.rating for p in histories.get(rating.family, [])],
                        title=_("Rating history: %(family)s") % {"family": rating.get_family_display()},
                    ),
                )
                for rating in selectors.ratings_of(user=user)
            ],
            "settled_games": selectors.SETTLED_GAMES,
            "distribution": distribution
            and bar_chart(
                bars=[Bar(f"{start}+", count) for start, count in distribution],
                title=_("Best-hand scores, by tens of points"),
            ),
        },
    )


def player_games(request, key):
    """The player's finished matches in public rooms, with their replays."""
    user = selectors.player_by_key(key)
    if user is None:
        raise Http404
    return game_list_page(
        request,
        user=user,
        public_only=True,
        template="leaderboard/player_games.html",
        context={"player": user},
    )
