"""The database threads themselves (common/db.py, `Threads`): every call runs once, on no more
threads than the pool has; a call cancelled while it waited is never made; stopping finishes
what was handed over before."""

import asyncio
import threading

import pytest

from common import db


@pytest.fixture
def threads():
    pool = db.Threads(2, name="pool_test")
    yield pool
    pool.stop()


def test_calls_beyond_the_threads_wait_their_turn_and_each_runs_once(threads):
    release, lock = threading.Event(), threading.Lock()
    running, most, ran = 0, 0, []

    def call(n):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        release.wait(timeout=10)
        with lock:
            running -= 1
            ran.append(n)
        return n * n

    async def main():
        loop = asyncio.get_running_loop()
        futures = [threads.run(loop, call, n) for n in range(7)]
        await asyncio.sleep(0.2)  # two run, five wait
        assert len(ran) == 0
        release.set()
        return await asyncio.gather(*futures)

    assert asyncio.run(main()) == [n * n for n in range(7)]
    assert sorted(ran) == list(range(7))
    assert most == 2


def test_a_call_cancelled_before_a_thread_took_it_is_never_made(threads):
    release, made = threading.Event(), []

    async def main():
        loop = asyncio.get_running_loop()
        busy = [threads.run(loop, release.wait, 10) for _ in range(2)]
        waiting = threads.run(loop, made.append, "made")
        await asyncio.sleep(0.1)
        waiting.cancel()
        release.set()
        await asyncio.gather(*busy)
        done = threads.run(loop, made.append, "after")  # the threads are free again
        await done

    asyncio.run(main())
    assert made == ["after"]


def test_stopping_finishes_what_was_handed_over_then_ends_the_threads(threads):
    release, ran = threading.Event(), []

    def call(n):
        release.wait(timeout=10)
        ran.append(n)

    futures = [threads.submit(lambda n=n: call(n)) for n in range(5)]
    workers = [t for t in threading.enumerate() if t.name.startswith("pool_test")]
    assert len(workers) == 2
    release.set()
    threads.stop()
    assert sorted(ran) == list(range(5))
    assert all(f.done() for f in futures)
    assert not any(t.is_alive() for t in workers)


def test_a_call_that_fails_hands_its_error_to_the_caller(threads):
    def fails():
        raise ValueError("no")

    async def main():
        with pytest.raises(ValueError, match="no"):
            await threads.run(asyncio.get_running_loop(), fails)
        return await threads.run(asyncio.get_running_loop(), lambda: "still serving")

    assert asyncio.run(main()) == "still serving"
