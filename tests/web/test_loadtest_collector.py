"""The load test's simulator plays with its garbage collector off, and reports what it paused."""

import gc

from tools.loadtest.collector import Pauses, switched_off


def test_no_collection_runs_while_the_simulator_plays_and_the_collector_comes_back_after():
    pauses = Pauses()
    with pauses.recording():
        with switched_off():
            assert not gc.isenabled()
            made = len(pauses.collections)
            cycles = []
            for _ in range(50_000):  # far past the young generation's threshold
                cycle: list = []
                cycle.append(cycle)
                cycles.append(cycle)
            del cycles, cycle
            assert len(pauses.collections) == made
        assert gc.isenabled() and gc.get_freeze_count() == 0
        gc.collect()
    summary = pauses.summary()
    assert summary["full"] == 2  # the one before the freeze, and this one
    assert summary["total_ms"] >= summary["max_ms"] > 0
