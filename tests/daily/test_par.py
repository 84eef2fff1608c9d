"""The par: a searched line that replays to its result, stored by the command, shown after the day."""

from datetime import UTC, date, datetime

import pytest
from django.core.management import call_command

from daily import par, seeds, services
from daily.models import DailyPar
from tests.daily.support import play_first_hand
from tests.games.support import make_user

DAY = date(2024, 2, 2)


def test_the_search_returns_a_line_that_replays_to_its_result():
    seed = seeds.day_seed(DAY)
    found = par.search(seed, seconds=0.1)  # the first, narrowest beam always completes
    state, moves = par.play_line(seed, list(found.actions))
    assert state.history and par.result_of(state) == found.result
    assert found.turns == sum(a["type"] == "draw" for a in found.actions) and found.width == par.FIRST_WIDTH
    assert [seat for seat, _ in moves[:3]] == [0, 0, 1]


@pytest.mark.django_db
def test_the_command_stores_the_par_and_the_past_day_shows_it_beside_your_line(
    client, django_capture_on_commit_callbacks
):
    call_command("daily_par", "--date", DAY.isoformat(), "--seconds", "0.1")
    stored = DailyPar.objects.get(day=DAY)
    ana = make_user("Ana")
    past = datetime(2024, 2, 2, 9, tzinfo=UTC)
    play = services.do_start_attempt(user=ana, now=past)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(play.match, ana)
    client.force_login(ana)
    page = client.get(f"/daily/{DAY}/").content.decode()
    assert f"{stored.result:+d}".lstrip("+") in page and "Your line" in page
    own, par_line = page.split('id="own-line"')[1].split('id="par-line"')
    assert own.count("<li") > 2 and par_line.count("<li") >= 2 * stored.turns
