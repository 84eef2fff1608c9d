"""One ranked attempt a day, kept on the server; practice never ranks."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from daily import seeds, services
from daily.models import DailyPlay
from games import services as game_services
from games.identity import Identity
from games.models import Match
from games.services import ServiceError
from games.wire import seeds_secret
from leaderboard.models import HandScore
from tests.daily.support import NOON, OPEN_DAY, play_first_hand
from tests.games.support import make_user, me

pytestmark = pytest.mark.django_db


def test_an_interrupted_attempt_resumes_and_a_second_one_is_refused(django_capture_on_commit_callbacks):
    ana = make_user("Ana")
    play = services.do_start_attempt(user=ana, now=NOON)
    game_services.do_act(
        match_id=play.match_id,
        identity=me(ana),
        version=1,
        client_id="x",
        action={"type": "draw", "source": "stock"},
    )
    resumed = services.do_start_attempt(user=ana, now=NOON + timedelta(hours=3))
    assert (resumed.pk, resumed.room_id, resumed.match.version) == (play.pk, play.room_id, 2)

    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(play.match, ana)
    play.refresh_from_db()
    assert play.status == DailyPlay.Status.FINISHED and play.result and play.turns
    with pytest.raises(ServiceError) as refused:
        services.do_start_attempt(user=ana, now=NOON + timedelta(hours=4))
    assert refused.value.code == "already_played"
    assert DailyPlay.objects.filter(user=ana).count() == 1


def test_the_start_button_resumes_the_same_room(client):
    client.force_login(make_user())
    first = client.post("/daily/start/")
    again = client.post("/daily/start/")
    assert first.status_code == again.status_code == 302 and first.url == again.url
    assert client.get("/daily/").content.decode().count("Resume your attempt") == 1


def test_a_first_hand_finished_after_the_day_closed_does_not_rank(django_capture_on_commit_callbacks):
    ana = make_user("Ana")
    past = timezone.now() - timedelta(days=3)
    play = services.do_start_attempt(user=ana, now=past)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(play.match, ana)
    play.refresh_from_db()
    assert play.status == DailyPlay.Status.LATE


def test_practice_waits_for_the_ranked_attempt_and_never_ranks(django_capture_on_commit_callbacks):
    ana = make_user("Ana")
    with pytest.raises(ServiceError):
        services.do_start_practice(identity=me(ana), day=OPEN_DAY, now=NOON)
    with pytest.raises(ServiceError):
        services.do_start_practice(identity=me(ana), day=OPEN_DAY + timedelta(days=1), now=NOON)
    play = services.do_start_attempt(user=ana, now=NOON)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(play.match, ana)
    room = services.do_start_practice(identity=me(ana), day=OPEN_DAY, now=NOON)
    assert room.matches.get().seeds_secret_until == seeds.closes_at(OPEN_DAY)
    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(room.matches.get(), ana)
    assert not HandScore.objects.filter(match=room.matches.get()).exists()
    assert DailyPlay.objects.filter(user=ana).count() == 1

    guest_room = services.do_start_practice(identity=Identity(guest_key="g1"), day=date(2024, 1, 5), now=NOON)
    assert not seeds_secret(guest_room.matches.get())


def test_after_the_attempt_the_page_offers_the_share_text_and_practice(
    client, django_capture_on_commit_callbacks, known_deal
):
    ana = make_user("Ana")
    client.force_login(ana)
    room_url = client.post("/daily/start/").url
    with django_capture_on_commit_callbacks(execute=True):
        play_first_hand(DailyPlay.objects.get(user=ana).match, ana)
    play = DailyPlay.objects.get(user=ana)
    page = client.get("/daily/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert 'id="share-text"' in page and "Gin Diario" in page and "Practicar este reparto" in page
    assert "⬜" in page or "🟨" in page
    practice = client.post(f"/daily/{play.day}/practice/")
    assert practice.status_code == 302 and practice.url != room_url


def test_a_first_hand_of_any_other_match_costs_no_query(django_assert_num_queries):
    with django_assert_num_queries(0):
        assert (
            services.do_record_first_hand(
                match=Match(pk=1, seeds_secret_until=None), hand={"number": 1}, now=NOON
            )
            is None
        )
