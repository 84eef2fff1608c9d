"""The simulator's own garbage collector: its pauses, and switching it off while it plays.

One process plays every seat of the run, so while its collector runs, every frame that
reaches it waits, and each latency measured across the pause grows by it: a delay no server
made and no player, each on a device of their own, would feel.  At 500 tables it collected
1,051 times in 300 s, 187 of them over 10 ms and the longest 187 ms: about the share of the
actions that p99 reads (docs/benchmarks.md, session 37).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def switched_off() -> Iterator[None]:
    """No collection while the body runs: what exists already is collected and frozen first,
    and the cycles the run leaves wait for its end (the run reports the process's peak memory)."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


class Pauses:
    """(generation, milliseconds) of each collection while `recording`."""

    def __init__(self) -> None:
        self.collections: list[tuple[int, float]] = []
        self._started = 0.0

    @contextmanager
    def recording(self) -> Iterator[Pauses]:
        gc.callbacks.append(self._callback)
        try:
            yield self
        finally:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.collections.append((info["generation"], (time.perf_counter() - self._started) * 1000))

    def summary(self) -> dict[str, Any]:
        full = [ms for generation, ms in self.collections if generation == 2]
        return {
            "collections": len(self.collections),
            "full": len(full),
            "over_10_ms": sum(ms > 10 for _, ms in self.collections),
            "max_ms": round(max((ms for _, ms in self.collections), default=0.0), 1),
            "total_ms": round(sum(ms for _, ms in self.collections), 1),
        }
