"""Boards recompute from visible entries: hidden entries and excluded players vanish, nothing is deleted."""

from datetime import UTC, datetime, timedelta

import pytest

from games.models import Family
from leaderboard import selectors, services
from leaderboard.models import HandScore, Placing, PlayerExclusion, RatedGame, Rating
from tests.games.support import make_user

pytestmark = pytest.mark.django_db
NOW = datetime(2031, 5, 8, 12, tzinfo=UTC)  # a Thursday


def score(user, points, days_ago=0):
    return HandScore.objects.create(
        user=user, hand_number=1, kind="knock", score=points, recorded_at=NOW - timedelta(days=days_ago)
    )


def test_best_hand_boards_show_each_players_best_once_and_recompute_after_moderation():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    ana_best, ana_next = score(ana, 70, days_ago=10), score(ana, 40)
    score(ana, 12)
    bo_best = score(bo, 55, days_ago=1)
    cy_best = score(cy, 60, days_ago=2)
    assert [(e.user, e.score) for e in selectors.best_hands()] == [(ana, 70), (cy, 60), (bo, 55)]
    this_week = selectors.best_hands(since=selectors.week_start(NOW))
    assert selectors.week_start(NOW) == datetime(2031, 5, 5, tzinfo=UTC)
    assert [(e.user, e.score) for e in this_week] == [(cy, 60), (bo, 55), (ana, 40)]

    services.do_hide_entry(entry=ana_best, by=bo, reason="played on a known deal", now=NOW)
    services.do_exclude_player(user=cy, by=bo, reason="multiple accounts", now=NOW)
    assert [e.pk for e in selectors.best_hands()] == [bo_best.pk, ana_next.pk]
    ana_best.refresh_from_db()
    assert (ana_best.hidden, ana_best.hidden_by, ana_best.hidden_reason) == (
        True,
        bo,
        "played on a known deal",
    )

    services.do_restore_entry(entry=ana_best, by=bo)
    services.do_restore_player(user=cy, by=bo, now=NOW)
    assert [e.pk for e in selectors.best_hands()] == [ana_best.pk, cy_best.pk, bo_best.pk]
    assert HandScore.objects.count() == 5 and PlayerExclusion.objects.get(user=cy).active is False


def rated_game(winner, loser, at):
    game = RatedGame.objects.create(family=Family.GIN, finished_at=at)
    Placing.objects.bulk_create(
        [Placing(game=game, user=winner, place=0), Placing(game=game, user=loser, place=1)]
    )
    return game


def test_the_rating_board_lists_settled_recent_ratings_and_moderation_recomputes_them():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    games = [
        rated_game(ana if n % 3 else bo, bo if n % 3 else ana, NOW - timedelta(hours=n))
        for n in range(20, 0, -1)
    ]
    rated_game(cy, ana, NOW - timedelta(days=40))
    assert services.do_recompute_ratings(family=Family.GIN) == 21
    board = selectors.rating_board(family=Family.GIN, now=NOW)
    assert [r.user for r in board] == [ana, bo], "Cy has one game: provisional"
    assert Rating.objects.get(user=ana).games == 21 and board[0].rating > board[1].rating
    assert selectors.rating_board(family=Family.GIN, now=NOW + timedelta(days=31)) == []

    services.do_hide_entry(entry=games[0], by=None, reason="a disconnect bug", now=NOW)
    assert Rating.objects.get(user=bo).games == 19
    assert [r.user for r in selectors.rating_board(family=Family.GIN, now=NOW)] == [ana]
    services.do_restore_entry(entry=games[0], by=None)
    services.do_exclude_player(user=bo, by=None, reason="cheating")
    assert not Rating.objects.filter(user=bo).exists(), "an excluded player's games count for nobody"
    assert Rating.objects.get(user=ana).games == 1
    services.do_restore_player(user=bo, by=None)
    assert [r.user for r in selectors.rating_board(family=Family.GIN, now=NOW)] == [ana, bo]
    assert RatedGame.objects.count() == 21
