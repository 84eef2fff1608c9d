"""python -m tools.trip_bench [--trips 3000] [--rounds 3] [--json]

What a Daphne process pays to hand work to one of its database threads and back
(`common.db.database_sync_to_async`), with the process on any CPU against pinned to one
(`CPU_AFFINITY`, config/serve.py), interleaved round by round: the CPU of a trip that does
nothing, and of one that runs `SELECT 1` on the thread's connection.  Each socket's database
trip pays this on top of its work.  Needs `DATABASE_URL` for the second (else SQLite).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time


async def _cpu_per_trip(trip, trips: int) -> float:
    """µs of this process's CPU per awaited trip."""
    for _ in range(trips // 10):  # the threads and their connections warm
        await trip()
    started = time.process_time()
    for _ in range(trips):
        await trip()
    return round((time.process_time() - started) / trips * 1e6, 1)


async def measure(*, trips: int, rounds: int) -> dict[str, dict[str, list[float]]]:
    from django.db import connection

    from common.db import database_sync_to_async
    from config.affinity import pin_threads

    def nothing() -> None:
        pass

    def select_one() -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    everywhere = os.sched_getaffinity(0)
    placements = {"any CPU": everywhere, "one CPU": {min(everywhere)}}
    kinds = {"nothing": database_sync_to_async(nothing), "SELECT 1": database_sync_to_async(select_one)}
    results: dict[str, dict[str, list[float]]] = {kind: {p: [] for p in placements} for kind in kinds}
    for _ in range(rounds):
        for placement, cpus in placements.items():
            pin_threads(cpus)
            for kind, trip in kinds.items():
                results[kind][placement].append(await _cpu_per_trip(trip, trips))
    pin_threads(everywhere)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--trips", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    results = asyncio.run(measure(trips=args.trips, rounds=args.rounds))
    if args.json:
        print(json.dumps(results))
    else:
        for kind, by_placement in results.items():
            for placement, figures in by_placement.items():
                print(f"{kind:>9}, {placement}: {' '.join(map(str, figures))} µs of CPU a trip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
