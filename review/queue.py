"""Where review jobs go: RQ on the site's Redis (`REDIS_URL`), so workers on any machine take
them (`manage.py run_review_worker`); without Redis, one thread in this process.

One job per match and seat: its RQ id names both, and a request while it is queued or running
adds nothing.  A worker killed midway leaves the job in RQ's started registry; once its
heartbeat lapses a worker's maintenance finds it abandoned and, with retries left, queues it
again (`Retry`).
"""

from __future__ import annotations

import logging
import queue as local_queue
import threading

from asgiref.sync import SyncToAsync
from django.conf import settings
from django.db import connections

from review.jobs import run_review
from review.progress import set_progress

log = logging.getLogger(__name__)

QUEUE_NAME = "reviews"
RETRIES = 3
JOB_TIMEOUT = 900
LIVE = ("queued", "started", "deferred", "scheduled")


def job_id(match_id: int, seat: int) -> str:
    return f"review-{match_id}-{seat}"


def redis_queue():
    from redis import Redis
    from rq import Queue

    return Queue(QUEUE_NAME, connection=Redis.from_url(settings.REDIS_URL))


def enqueue_review(match_id: int, seat: int, *, samples: int | None = None) -> None:
    """`samples`: the other hands sampled per decision (None: the game's own default)."""
    if settings.REDIS_URL:
        _enqueue_rq(match_id, seat, samples)
    else:
        _local.put(match_id, seat, samples)


def _enqueue_rq(match_id: int, seat: int, samples: int | None) -> None:
    from rq import Retry
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    q = redis_queue()
    try:
        if Job.fetch(job_id(match_id, seat), connection=q.connection).get_status() in LIVE:
            return
    except NoSuchJobError:
        pass
    set_progress(match_id, seat, state="queued")
    q.enqueue(
        run_review,
        match_id,
        seat,
        samples,
        job_id=job_id(match_id, seat),
        retry=Retry(max=RETRIES),
        job_timeout=JOB_TIMEOUT,
        result_ttl=3600,
        failure_ttl=86400,
    )


def failed(match_id: int, seat: int) -> bool:
    """Whether the match's review job ran out of retries (RQ) or failed (the thread)."""
    if not settings.REDIS_URL:
        return False
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        return Job.fetch(job_id(match_id, seat), connection=redis_queue().connection).get_status() == "failed"
    except NoSuchJobError:
        return False


class _LocalWorker:
    """The single-machine default: one daemon thread working through the requests in order."""

    def __init__(self) -> None:
        self._jobs: local_queue.Queue[tuple[int, int, int | None]] = local_queue.Queue()
        self._pending: set[tuple[int, int]] = set()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop = None

    def put(self, match_id: int, seat: int, samples: int | None) -> None:
        with self._lock:
            if (match_id, seat) in self._pending:
                return
            self._pending.add((match_id, seat))
            set_progress(match_id, seat, state="queued")
            self._jobs.put((match_id, seat, samples))
            if self._thread is None:
                # The loop of the server that asked (its request's): the thread's progress goes
                # out through it, as the in-memory channel layer reaches only that loop's sockets.
                self._loop = getattr(SyncToAsync.threadlocal, "main_event_loop", None)
                self._thread = threading.Thread(target=self._work, name="review-worker", daemon=True)
                self._thread.start()

    def _work(self) -> None:
        if self._loop is not None:
            SyncToAsync.threadlocal.main_event_loop = self._loop  # what games.broadcast sends through
        while True:
            match_id, seat, samples = self._jobs.get()
            try:
                run_review(match_id, seat, samples)
            except Exception:
                log.exception("review of match %s seat %s failed", match_id, seat)
                set_progress(match_id, seat, state="failed")
            finally:
                connections.close_all()
                with self._lock:
                    self._pending.discard((match_id, seat))


_local = _LocalWorker()
