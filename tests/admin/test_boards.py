"""Leaderboard and Daily Gin moderation from the admin."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from daily.models import DailyPar
from daily.seeds import day_seed, seed_hash
from leaderboard import selectors
from leaderboard.models import HandScore, PlayerExclusion, RatedGame, Rating
from moderation.models import AuditEntry
from tests.admin.support import post_action
from tests.games.support import make_user

pytestmark = pytest.mark.django_db


def score(user, points: int) -> HandScore:
    return HandScore.objects.create(user=user, hand_number=1, kind="gin", score=points)


def test_a_hidden_entry_vanishes_from_the_board_and_comes_back_when_restored(mod_client, client):
    ana, bo = make_user("Ana"), make_user("Bo")
    best, second, bos = score(ana, 60), score(ana, 40), score(bo, 50)
    board = reverse("leaderboard:index")
    assert selectors.best_hands() == [best, bos]

    post_action(mod_client, "leaderboard_handscore", "hide_entries", [best], reason="Impossible hand")
    assert selectors.best_hands() == [bos, second]  # Ana's next-best hand takes its place
    assert "60" not in [str(s.score) for s in client.get(board).context["all_time"]]

    post_action(mod_client, "leaderboard_handscore", "restore_entries", [best], reason="Checked: fair")
    assert selectors.best_hands() == [best, bos]
    assert list(AuditEntry.objects.order_by("created_at").values_list("action", "reason")) == [
        ("entry_hidden", "Impossible hand"),
        ("entry_restored", "Checked: fair"),
    ]


def test_an_excluded_player_leaves_every_board_until_restored(mod_client):
    ana, bo = make_user("Ana"), make_user("Bo")
    mine, bos = score(ana, 60), score(bo, 50)
    post_action(mod_client, "leaderboard_handscore", "exclude_players", [mine], reason="Bot account")
    assert selectors.best_hands() == [bos]

    exclusion = PlayerExclusion.objects.get(user=ana, active=True)
    post_action(mod_client, "leaderboard_playerexclusion", "restore_players", [exclusion], reason="Appeal")
    assert selectors.best_hands() == [mine, bos]
    assert [e.target_label for e in AuditEntry.objects.all()] == ["Ana", "Ana"]


def test_a_moderator_recomputes_the_ratings(mod_client):
    game = RatedGame.objects.create(family="gin")
    ana, bo = make_user("Ana"), make_user("Bo")
    game.placings.create(user=ana, place=0)
    game.placings.create(user=bo, place=1)
    url = reverse("admin:leaderboard_rating_recompute")
    assert mod_client.get(reverse("admin:leaderboard_rating_changelist")).content.count(url.encode()) == 1

    response = mod_client.post(url, {"family": "gin", "reason": "After the cheating purge"})
    assert response.status_code == 302
    assert sorted(r.user.display_name for r in Rating.objects.all()) == ["Ana", "Bo"]
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.details) == ("ratings_recomputed", {"family": "gin", "games_counted": 1})


def test_a_days_seed_stays_hidden_from_staff_until_the_day_closes(administrator_client):
    today, yesterday = timezone.now().date(), timezone.now().date() - timedelta(days=1)
    for day in (today, yesterday):
        DailyPar.objects.create(day=day, actions=[], result=10, turns=5, nodes=1, seconds=0.1, method="test")
    page = administrator_client.get(reverse("admin:daily_dailypar_changelist")).content.decode()
    assert day_seed(yesterday).hex() in page and seed_hash(day_seed(yesterday)) in page
    assert day_seed(today).hex() not in page and seed_hash(day_seed(today)) in page
    assert "hidden until" in page
