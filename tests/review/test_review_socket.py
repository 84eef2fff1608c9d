"""The review page's socket on the Redis layer: a worker's progress and the finished review
reach the match's player live, and nobody else."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from config.asgi import application
from games.models import Seat
from review.jobs import run_review
from tests.games.sockets import CONNECT_SECONDS, ORIGIN, connect, in_a_thread_of_its_own, session_cookie
from tests.games.support import make_user
from tests.review.support import ONE_HAND, hard, play, seeds, store

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def finished_match():
    """A stored one-hand match, seat 0 held by a new user; (the match, that user, a stranger)."""
    cache.clear()  # progress left by an earlier run under the same match id
    match = store(ONE_HAND, *play(ONE_HAND, seeds(8, base=700), (hard, hard)))
    return match, match.room.seats.get(index=0).user, make_user("Stranger")


async def test_a_workers_progress_and_review_reach_the_players_page_only(redis_layer):
    match, player, stranger = await finished_match()
    path = f"/ws/review/{match.pk}/"
    page = await connect(path, player)
    assert await page.receive_json_from(timeout=10) == {
        "type": "review",
        "state": "none",
        "done": 0,
        "total": 0,
    }
    outsider = WebsocketCommunicator(
        application, path, headers=[ORIGIN, (b"cookie", await session_cookie(stranger))]
    )
    connected, code = await outsider.connect(timeout=CONNECT_SECONDS)
    assert (connected, code) == (False, 4403)

    await in_a_thread_of_its_own(lambda: run_review(match.pk, 0, samples=8))
    frames = [await page.receive_json_from(timeout=20)]
    while frames[-1]["state"] != "done":
        frames.append(await page.receive_json_from(timeout=20))
    # A socket behind the worker reads the stored review for the steps still queued: it tells
    # the steps in order from the first, then that the review is done.
    running = [f for f in frames if f["state"] == "running"]
    total = running[0]["total"]
    done = [f["done"] for f in running]
    assert total > 1 and done == list(range(len(done))) and len(done) <= total + 1
    assert {f["total"] for f in running} == {total}
    assert frames[-1]["state"] == "done" and 'data-testid="accuracy"' in frames[-1]["html"]
    assert await outsider.receive_nothing(timeout=0.2)
    await page.disconnect()


async def test_a_socket_whose_identity_lost_the_seat_hears_no_more(redis_layer):
    match, player, stranger = await finished_match()
    page = await connect(f"/ws/review/{match.pk}/", player)
    await page.receive_json_from(timeout=10)
    await database_sync_to_async(Seat.objects.filter(room=match.room, index=0).update)(user=stranger)
    await in_a_thread_of_its_own(lambda: run_review(match.pk, 0, samples=8))
    assert (await page.receive_output(timeout=10))["type"] == "websocket.close"
    assert await page.receive_nothing(timeout=0.2)
