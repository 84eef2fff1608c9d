"""python -m tools.loadtest --games 200 --workers 2 [--think-ms 2000] [--target 100] [--ramp-s 30] [--no-pin] [--client-collector] [--json]

Starts `--workers` Daphne processes (each on a CPU of its own, in turn, as deployed; anywhere
with `--no-pin`) and the sweeper against PostgreSQL and Redis (a fresh
database named `rummy_loadtest` or `$LOADTEST_DB`, Redis database 2 or `$LOADTEST_REDIS_URL`;
two runs side by side need one of each), seats two simulated players at each of
`--games` tables (one player on each process), plays every match to its end over real
WebSockets, and prints what players would feel: actions per second, the latency from a
player's action to the opponent's update, errors, and whether every match replays to its
stored state with no action lost or doubled, and the Daphne processes' CPU time per action
(a figure that a busy machine disturbs less than latency) and the simulator's, which shares the
machine.  The simulator plays with its garbage collector off (`tools/loadtest/collector.py`;
`--client-collector` to let it run) and reports its pauses and peak memory.  In the same run
it samples the bare channel-layer round trip between the two processes: the floor under the
game latency.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import statistics
import sys
import time

from tools.loadtest import collector
from tools.loadtest.checks import check_tables
from tools.loadtest.players import Stats, floor_samples, play_table
from tools.loadtest.processes import cpu_seconds, running_servers
from tools.loadtest.setup import fresh_site, prepare_tables


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))], 2)


def timeline(stats: Stats, cpu: list[tuple[float, float]], *, step_s: int = 30) -> list[dict]:
    """Latency and the servers' CPU per action by period of the run: the opening rush (every
    socket opens, every table deals) and the steady state that follows are different loads.
    `cpu`: (perf_counter, the servers' CPU seconds so far) sampled through the run."""
    if not stats.measured_at:
        return []
    start = min(stats.measured_at)
    periods: dict[int, list[float]] = {}
    for at, ms in zip(stats.measured_at, stats.latencies_ms, strict=True):
        periods.setdefault(int((at - start) // step_s) * step_s, []).append(ms)
    return [
        {
            "from_s": t,
            "actions": len(ms),
            "p50_ms": percentile(ms, 50),
            "p99_ms": percentile(ms, 99),
            "server_cpu_ms_per_action": _cpu_ms(cpu, start + t, start + t + step_s, len(ms)),
        }
        for t, ms in sorted(periods.items())
    ]


def _cpu_ms(cpu: list[tuple[float, float]], begin: float, end: float, actions: int) -> float | None:
    """The servers' CPU between the samples nearest `begin` and `end`, per action."""
    if len(cpu) < 2 or not actions:
        return None
    first = min(cpu, key=lambda sample: abs(sample[0] - begin))
    last = min(cpu, key=lambda sample: abs(sample[0] - end))
    return round((last[1] - first[1]) * 1000 / actions, 2) if last[0] > first[0] else None


async def sample_cpu(pids: list[int], samples: list[tuple[float, float]], stop: asyncio.Event) -> None:
    while not stop.is_set():
        samples.append((time.perf_counter(), cpu_seconds(pids)))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 1.0)


async def run_load(
    *, urls, pids, tables, think_ms: float, ramp_s: float, timeout: float
) -> tuple[Stats, tuple[list[float], int], float, list[tuple[float, float]]]:
    stats = Stats()
    stop = asyncio.Event()
    floor_task = asyncio.create_task(floor_samples(urls=(urls[0], urls[-1]), stop=stop))
    cpu: list[tuple[float, float]] = []
    cpu_task = asyncio.create_task(sample_cpu(pids, cpu, stop))
    deadline = time.monotonic() + timeout
    started = time.perf_counter()

    async def staggered(n: int, coroutine):
        await asyncio.sleep(n * ramp_s / len(tables))  # tables fill over the ramp, not in one instant
        return await coroutine

    await asyncio.gather(
        *(
            staggered(
                n,
                play_table(
                    urls=(urls[n % len(urls)], urls[(n + 1) % len(urls)]),
                    code=t.code,
                    cookies=t.cookies,
                    stats=stats,
                    think_ms=think_ms,
                    deadline=deadline,
                ),
            )
            for n, t in enumerate(tables)
        )
    )
    elapsed = time.perf_counter() - started
    stop.set()
    await cpu_task
    return stats, await floor_task, elapsed, cpu


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2, help="Daphne processes")
    parser.add_argument(
        "--think-ms", type=float, default=2000, help="mean pause before each action (a person's: seconds)"
    )
    parser.add_argument("--target", type=int, default=100, help="match target (points)")
    parser.add_argument(
        "--ramp-s", type=float, default=30, help="seconds over which the tables' players arrive"
    )
    # The simulated players' matches to 100 take about 280 actions, but one in 500 has taken 900:
    # half an hour at 2 s an action, still playing, not failing.
    parser.add_argument(
        "--timeout", type=float, default=3600, help="seconds before unfinished games count as errors"
    )
    parser.add_argument(
        "--no-pin",
        action="store_true",
        help="let the Daphne processes run on any CPU (deployed, each has its own: CPU_AFFINITY)",
    )
    parser.add_argument(
        "--client-collector",
        action="store_true",
        help="let the simulator's garbage collector run while it plays (its pauses read as latency)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    env = fresh_site(
        db_name=os.environ.get("LOADTEST_DB") or "rummy_loadtest",
        redis_url=os.environ.get("LOADTEST_REDIS_URL") or "redis://127.0.0.1:6379/2",
    )
    log = sys.stderr
    print(f"preparing {args.games} tables…", file=log)
    tables = prepare_tables(games=args.games, target=args.target)
    with running_servers(env=env, workers=args.workers, pin=not args.no_pin) as (urls, pids):
        print(f"playing on {', '.join(urls)}…", file=log)
        cpu_before, client_before = cpu_seconds(pids), time.process_time()
        with (
            collector.Pauses().recording() as pauses,
            contextlib.nullcontext() if args.client_collector else collector.switched_off(),
        ):
            stats, (floor, floor_lost), elapsed, cpu = asyncio.run(
                run_load(
                    urls=urls,
                    pids=pids,
                    tables=tables,
                    think_ms=args.think_ms,
                    ramp_s=args.ramp_s,
                    timeout=args.timeout,
                )
            )
        server_cpu, client_cpu = cpu_seconds(pids) - cpu_before, time.process_time() - client_before
    inconsistencies = check_tables(tables, sent=stats.sent_ids, only_sent=True, unsure=stats.unanswered_ids)
    result = {
        "games": args.games,
        "workers": args.workers,
        "think_ms": args.think_ms,
        "ramp_s": args.ramp_s,
        "target": args.target,
        "pinned": not args.no_pin,
        "finished": stats.finished,
        "errors": len(stats.errors),
        "error_samples": stats.errors[:10],
        "inconsistencies": len(inconsistencies),
        "inconsistency_samples": inconsistencies[:5],
        "actions": stats.sent,
        "resyncs": stats.resyncs,
        "unanswered": stats.unanswered,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(stats.sent / elapsed, 1),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / stats.sent, 2) if stats.sent else None,
        "client_cpu_ms_per_action": round(client_cpu * 1000 / stats.sent, 2) if stats.sent else None,
        "p50_ms": percentile(stats.latencies_ms, 50),
        "p95_ms": percentile(stats.latencies_ms, 95),
        "p99_ms": percentile(stats.latencies_ms, 99),
        "floor_p50_ms": percentile(floor, 50),
        "floor_p99_ms": percentile(floor, 99),
        "floor_samples": len(floor),
        "floor_lost": floor_lost,
        "mean_ms": round(statistics.fmean(stats.latencies_ms), 2) if stats.latencies_ms else None,
        "client_collector": pauses.summary(),
        "client_max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "timeline": timeline(stats, cpu),
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            if key not in ("timeline", "inconsistency_samples"):
                print(f"{key:>16}: {value}")
        for period in result["timeline"]:
            print(
                "{from_s:>14}s: {actions} actions, p50 {p50_ms} ms, p99 {p99_ms} ms,"
                " server CPU {server_cpu_ms_per_action} ms an action".format(**period)
            )
    return 0 if not result["errors"] and not result["inconsistencies"] else 1


if __name__ == "__main__":
    sys.exit(main())
