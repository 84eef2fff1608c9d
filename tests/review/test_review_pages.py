"""The review page: only a match's players see it, a finished match only, and the start
button queues one job; a rated match is queued as it finishes."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from games import signals
from games.models import Match
from review.jobs import run_review
from review.models import Review
from review.queue import job_id, redis_queue
from review.selectors import status_of
from tests.games.support import make_user
from tests.review.support import ONE_HAND, hard, play, seeds, store

pytestmark = pytest.mark.django_db


@pytest.fixture
def match():
    return store(ONE_HAND, *play(ONE_HAND, seeds(8, base=700), (hard, hard)))


@pytest.fixture
def queue():
    if not settings.REDIS_URL:
        pytest.skip("the queue needs REDIS_URL")
    q = redis_queue()
    q.connection.flushdb()
    yield q
    q.connection.flushdb()


def _player(client, match):
    client.force_login(match.room.seats.get(index=0).user)
    return client


def test_someone_elses_review_is_not_found(client, match) -> None:
    client.force_login(make_user())
    assert client.get(reverse("games:review", args=[match.pk])).status_code == 404
    assert client.post(reverse("games:review_start", args=[match.pk])).status_code == 404
    assert client.get(reverse("games:review", args=[999999])).status_code == 404


def test_a_match_in_progress_cannot_be_reviewed(client, match, queue) -> None:
    Match.objects.filter(pk=match.pk).update(status=Match.Status.PLAYING)
    page = _player(client, match).get(reverse("games:review", args=[match.pk]))
    assert "Only a finished match can be reviewed." in page.content.decode()
    client.post(reverse("games:review_start", args=[match.pk]))
    assert queue.count == 0


def test_the_button_queues_one_job_and_the_page_shows_the_stored_review(client, match, queue) -> None:
    client = _player(client, match)
    assert status_of(match, 0)["state"] == "none"
    for _ in range(2):
        assert client.post(reverse("games:review_start", args=[match.pk])).status_code == 302
    assert queue.job_ids == [job_id(match.pk, 0)]
    assert status_of(match, 0)["state"] == "queued"
    run_review(match.pk, 0, 8)
    run_review(match.pk, 0, 8)  # a retry after the store changes nothing
    assert Review.objects.filter(match=match).count() == 1
    assert status_of(match, 0)["state"] == "done"
    page = client.get(reverse("games:review", args=[match.pk])).content.decode()
    assert "Accuracy" in page and "Review this match" not in page


def test_a_rated_match_is_queued_when_it_finishes_for_its_people_only(queue) -> None:
    match = store(ONE_HAND, *play(ONE_HAND, seeds(8, base=700), (hard, hard)), rated=True)
    signals.match_finished.send(Match, match=match)
    assert queue.job_ids == [job_id(match.pk, 0)]


def test_a_casual_match_is_not_queued(queue, match) -> None:
    signals.match_finished.send(Match, match=match)
    assert queue.count == 0


def test_the_review_page_in_spanish(client, match) -> None:
    client = _player(client, match)
    page = client.get(reverse("games:review", args=[match.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Revisar esta partida" in page


def test_a_finished_review_rings_its_players_bell_once() -> None:
    from social.models import Notification

    player = make_user("Rita Review")
    match = store(ONE_HAND, *play(ONE_HAND, seeds(8, base=700), (hard, hard)), users=[player, None])
    run_review(match.pk, 0, samples=8)
    run_review(match.pk, 0, samples=8)  # a retried job: the stored review, no second ring
    (bell,) = Notification.objects.filter(user=player)
    assert bell.kind == "review" and bell.url == reverse("games:review", args=[match.pk])
    assert bell.params == {"name": "Hard"}
