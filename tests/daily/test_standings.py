"""The day's standings, percentiles, histogram, streaks and share text."""

from datetime import UTC, date, datetime, timedelta

import pytest

from daily import selectors
from daily.models import DailyPlay
from leaderboard import services as board_services
from tests.games.support import make_user

pytestmark = pytest.mark.django_db
DAY = date(2031, 5, 4)


def finished(user, result, turns, minute, *, day=DAY, marks=None):
    return DailyPlay.objects.create(
        user=user,
        day=day,
        status=DailyPlay.Status.FINISHED,
        result=result,
        turns=turns,
        kind="knock" if result > 0 else "gin",
        marks=marks or "s" * (turns - 1) + ("k" if result > 0 else "s"),
        finished_at=datetime(day.year, day.month, day.day, 10, minute, tzinfo=UTC),
    )


def test_standings_order_by_result_then_fewer_turns_then_the_earlier_finish():
    a, b, c, d, e = (make_user(n) for n in "ABCDE")
    plays = {
        "late tie": finished(a, 30, 9, 50),
        "best": finished(b, 55, 12, 40),
        "early tie": finished(c, 30, 9, 10),
        "fewer turns": finished(d, 30, 7, 59),
        "lost": finished(e, -40, 5, 0),
    }
    DailyPlay.objects.create(user=make_user(), day=DAY)  # still playing: not in the standings
    table = selectors.standings(day=DAY)
    assert [p.pk for p in table] == [
        plays[k].pk for k in ("best", "fewer turns", "early tie", "late tie", "lost")
    ]
    ranks = [selectors.rank_of(table=table, play=plays[k]) for k in ("best", "early tie", "lost")]
    assert ranks == [1, 3, 5]
    assert [selectors.percentile(rank=r, total=len(table)) for r in ranks] == [100, 50, 0]
    assert selectors.percentile(rank=1, total=1) is None  # the only player is ahead of nobody
    bars = selectors.histogram(table=table, mine=plays["early tie"])
    assert sum(b.count for b in bars) == 5
    assert [(b.label, b.count, b.highlight) for b in bars if b.count] == [
        ("≤-31", 1, False),
        ("30", 3, True),
        ("50", 1, False),
    ]


def test_hidden_results_and_excluded_players_leave_the_standings():
    a, b, c = make_user("A"), make_user("B"), make_user("C")
    hidden, kept, banned = finished(a, 50, 5, 1), finished(b, 20, 5, 2), finished(c, 40, 5, 3)
    board_services.do_hide_entry(entry=hidden, by=None, reason="bug abuse")
    board_services.do_exclude_player(user=c, by=None, reason="multiple accounts")
    assert selectors.standings(day=DAY) == [kept]
    board_services.do_restore_entry(entry=hidden, by=None)
    board_services.do_restore_player(user=c, by=None)
    assert [p.pk for p in selectors.standings(day=DAY)] == [hidden.pk, banned.pk, kept.pk]


def test_streaks_count_consecutive_ranked_days():
    ana = make_user()
    for offset in (0, 1, 2, 4, 5, 6, 7):
        finished(ana, 10, 5, 0, day=DAY - timedelta(days=offset))
    assert selectors.streaks(user=ana, today=DAY) == selectors.Streaks(current=3, longest=4)
    assert selectors.streaks(user=ana, today=DAY + timedelta(days=1)).current == 3, "today not played yet"
    assert selectors.streaks(user=ana, today=DAY + timedelta(days=2)).current == 0


def test_the_share_text_shows_the_result_and_no_card():
    play = finished(make_user(), 37, 4, 0, marks="sdsk")
    text = selectors.share_text(play=play, percentile=88)
    assert text.splitlines() == [
        "Rummy Deco · Daily Gin 2031-05-04",
        "Won by knocking · 4 turns · +37 · ahead of 88%",
        "⬜🟨⬜🟩",
    ]


def test_the_only_player_of_the_day_reads_one_day_and_no_percentile(client):
    from django.utils import timezone

    from daily.seeds import today

    ana = make_user("Ana")
    play = finished(ana, -12, 1, 0, day=today(timezone.now()), marks="s")
    client.force_login(ana)
    page = " ".join(client.get("/daily/").content.decode().split())
    assert "Streak: 1 day (longest 1)." in page
    assert "You are the only player of this deal so far." in page and "ahead of" not in page
    assert selectors.share_text(play=play, percentile=None).splitlines()[1] == "Lost to gin · 1 turn · -12"
