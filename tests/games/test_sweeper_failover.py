"""Any number of sweepers: one sweeps, another takes over when it dies, no clock fires twice."""

import os
import signal
import time
from datetime import timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from games import services
from games.models import Match, Seat
from games.sweeper_lock import AdvisoryLock, sweeper_lock
from tests import servers as test_servers
from tests.games.support import make_user, me, ruleset
from tools import servers

pytestmark = pytest.mark.django_db(transaction=True)


def timed_matches(count: int):
    """`count` two-player matches with a 30 s turn timer (so each fires once within the test)."""
    matches = []
    for n in range(count):
        ana, bo = make_user(f"Ana{n}"), make_user(f"Bo{n}")
        room = services.do_create_room(identity=me(ana), ruleset=ruleset(), turn_seconds=30)
        services.do_take_seat(room=room, identity=me(bo))
        matches.append(room.matches.get())
    return matches


def timeouts_of(match) -> int:
    return Seat.objects.filter(room_id=match.room_id).aggregate(n=Sum("timeouts"))["n"]


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout} s")
        time.sleep(0.05)


def test_one_process_holds_the_lock_and_another_takes_it_when_the_session_ends():
    first, second = sweeper_lock(), sweeper_lock()
    assert isinstance(first, AdvisoryLock)
    try:
        assert first.hold() and first.hold()
        assert not second.hold()
        first.release()  # the server frees the lock as the session's backend exits, a moment later
        wait_for(second.hold, 2, "lock taken over")
        assert not first.hold()
    finally:
        first.release()
        second.release()


def test_two_sweepers_the_first_killed_fire_each_deadline_once(tmp_path):
    matches = timed_matches(8)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": test_servers.test_database_url(),
    }
    log_a, log_b = tmp_path / "a.log", tmp_path / "b.log"
    with servers.sweeper(env=env, log_path=log_a, interval=0.2) as first:
        wait_for(lambda: "sweeper leading" in log_a.read_text(), 30, "leading first sweeper")
        with servers.sweeper(env=env, log_path=log_b, interval=0.2):
            wait_for(lambda: "sweeper standing by" in log_b.read_text(), 30, "second sweeper standing by")
            # Half the deadlines fall due under the first sweeper, half after its death.
            start = timezone.now()
            for n, match in enumerate(matches):
                due = start + timedelta(seconds=0.3 * n + (2 if n >= 4 else 0))
                Match.objects.filter(pk=match.pk).update(turn_deadline=due)
            wait_for(lambda: all(timeouts_of(m) == 1 for m in matches[:4]), 20, "first four timeouts")
            assert all(timeouts_of(m) == 0 for m in matches[4:])
            os.kill(first.pid, signal.SIGKILL)
            first.wait()
            wait_for(lambda: "sweeper leading" in log_b.read_text(), 2, "takeover within 2 s")
            wait_for(lambda: all(timeouts_of(m) == 1 for m in matches), 20, "last four timeouts")
            time.sleep(1)  # a second firing would come within a few sweeps
    assert [timeouts_of(m) for m in matches] == [1] * 8
    for match in matches:
        assert list(match.moves.filter(actor="timeout").values_list("seat", flat=True)) == [0]
