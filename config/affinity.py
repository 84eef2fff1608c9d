"""CPU_AFFINITY (config/serve.py): a web process and every thread it starts on the CPUs of a
list as taskset writes it ("1", "0,2", "0-3").

A Daphne process runs Python on one thread at a time (the GIL), so a CPU of its own costs it
little, and saves waking another of its threads (a socket's database trip hands work to a
database thread and back) on another CPU.  On these 2-core virtual machines a database trip
that did nothing cost 200-220 µs of CPU with the process on any CPU and 74-106 µs pinned to one
(`python -m tools.trip_bench`, docs/benchmarks.md, session 35).  Deployed: one process per CPU,
each on its own (deploy/systemd/rummy-daphne@.service).
"""

from __future__ import annotations

import os

MAX_CPU = 8191  # Linux's largest CPU number (NR_CPUS is at most 8192)


def pin_to_cpus(spec: str) -> None:
    """Run this process, its threads and those it starts later on the CPUs `spec` lists;
    SystemExit saying why when it cannot."""
    cpus = parse_cpus(spec)
    try:
        pin_threads(cpus)
    except OSError as error:
        raise SystemExit(
            f"CPU_AFFINITY={spec}: this machine has CPUs {sorted(os.sched_getaffinity(0))} ({error.strerror})"
        ) from None


def pin_threads(cpus: set[int]) -> None:
    """Every thread of this process on `cpus` (a thread's affinity is its own; a new thread
    inherits its starter's)."""
    for task in os.listdir("/proc/self/task"):
        try:
            os.sched_setaffinity(int(task), cpus)
        except ProcessLookupError:  # the thread ended after the listing: nothing to pin
            continue


def parse_cpus(spec: str) -> set[int]:
    """The CPUs a list such as "0,2-3" names; SystemExit saying what is expected otherwise."""
    cpus: set[int] = set()
    try:
        for part in spec.split(","):
            first, dash, last = part.strip().partition("-")
            low, high = int(first), int(last) if dash else int(first)
            if low < 0 or high < low or high > MAX_CPU:
                raise ValueError(part)
            cpus.update(range(low, high + 1))
    except ValueError:
        raise SystemExit(
            f'CPU_AFFINITY={spec!r}: expected CPU numbers and ranges such as "1" or "0,2-3"'
        ) from None
    return cpus
