"""Reviews on the Redis queue: worker processes (`manage.py run_review_worker`) take them, each
match and seat is reviewed once, and a worker killed mid-review leaves its job to be retried."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from rq.registry import StartedJobRegistry

from review.models import Review
from review.progress import progress_of
from review.queue import enqueue_review, redis_queue
from tests import servers
from tests.review.support import ONE_HAND, hard, play, seeds, store

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not settings.REDIS_URL, reason="the queue needs REDIS_URL"),
]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def empty_queue():
    q = redis_queue()
    q.connection.flushdb()
    yield q
    q.connection.flushdb()


@pytest.fixture
def started():
    """The workers a test starts, stopped (with their work horses) however the test ends."""
    workers: list[subprocess.Popen] = []
    yield workers
    for worker in workers:
        if worker.poll() is None:
            for horse in _children(worker.pid):  # in a process group of its own
                os.kill(horse, signal.SIGKILL)
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(timeout=10)


def _worker(started: list[subprocess.Popen], name: str, *, burst: bool = True) -> subprocess.Popen:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": servers.test_database_url(),
    }
    args = [sys.executable, "manage.py", "run_review_worker", "--name", name]
    worker = subprocess.Popen(
        [*args, "--burst"] if burst else args,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    started.append(worker)
    return worker


def _children(pid: int) -> list[int]:
    kids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.append(int(stat.parent.name))
    return kids


def _matches(n: int):
    return [store(ONE_HAND, *play(ONE_HAND, seeds(8, base=100 * i), (hard, hard))) for i in range(n)]


def test_two_workers_review_a_batch_each_match_once(empty_queue, started) -> None:
    matches = _matches(4)
    for match in matches:
        enqueue_review(match.pk, 0, samples=8)
        enqueue_review(match.pk, 0, samples=8)  # asked twice: still one job
    assert empty_queue.count == 4
    workers = [_worker(started, "a"), _worker(started, "b")]
    for w in workers:
        assert w.wait(timeout=240) == 0
    assert sorted(Review.objects.values_list("match_id", "seat")) == sorted((m.pk, 0) for m in matches)
    assert all(r.decisions and r.summary["match"]["decisions"] for r in Review.objects.all())


def test_a_killed_workers_review_is_retried_and_stored_once(empty_queue, started) -> None:
    (match,) = _matches(1)
    enqueue_review(match.pk, 0, samples=1500)  # slow enough to be killed midway
    worker = _worker(started, "doomed", burst=False)
    deadline = time.monotonic() + 120
    while not ((progress_of(match.pk, 0) or {}).get("done", 0) >= 1):
        assert time.monotonic() < deadline, "the review never started"
        time.sleep(0.2)
    horses = _children(worker.pid)
    assert horses, "the worker had no work horse running the review"
    for pid in [*horses, worker.pid]:  # the work horse (its own group) and its worker
        os.kill(pid, signal.SIGKILL)
    worker.wait(timeout=30)
    assert not Review.objects.exists()  # nothing half stored
    # RQ finds the job abandoned once its heartbeat lapses; here the clock is moved on instead.
    registry = StartedJobRegistry(queue=empty_queue)
    registry.cleanup(timestamp=time.time() + 3600)
    assert empty_queue.count == 1
    assert _worker(started, "heir").wait(timeout=400) == 0
    assert Review.objects.filter(match=match, seat=0).count() == 1
