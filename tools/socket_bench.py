"""python -m tools.socket_bench [--tables 200] [--idle-s 60] [--json]

What a table socket costs the server apart from the moves played on it: the Daphne processes'
CPU as every seat of `--tables` two-player tables opens its socket (one at a time, each player
on another process than its opponent, as in the load test), while those sockets stay open and
ping as browsers do, and as they close.  The first and last make the load test's opening rush
and its end; the second, what a quiet table costs each second.

Runs against a fresh database (`rummy_socketbench` or `$SOCKETBENCH_DB`) and Redis database 3
(`$SOCKETBENCH_REDIS_URL`), like the load test.  To compare two versions of the code, run it in
each of their trees in turn (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
import time

from common import fastjson
from tools.loadtest.players import PING_S, _connect
from tools.loadtest.processes import cpu_seconds, running_servers
from tools.loadtest.setup import Table, fresh_site, prepare_tables

SETTLE_S = 3.0
"""Time for the servers to finish what an opening or closing set off (the room's other sockets
hear of it) before the CPU is read."""


async def _drain(sock) -> None:
    with contextlib.suppress(Exception):
        async for _ in sock:
            pass


async def _ping(sock) -> None:
    while True:
        await asyncio.sleep(PING_S)
        await sock.send(fastjson.dumps({"type": "ping"}))


async def measure(*, urls: list[str], pids: list[int], tables: list[Table], idle_s: float) -> dict:
    tasks: list[asyncio.Task] = []
    sockets = []
    before = cpu_seconds(pids)
    for n, table in enumerate(tables):
        for seat in (0, 1):
            sock = await _connect(urls[(n + seat) % len(urls)], table.code, table.cookies[seat])
            sockets.append(sock)
            tasks.append(asyncio.create_task(_drain(sock)))
    await asyncio.sleep(SETTLE_S)
    opened = cpu_seconds(pids)
    tasks += [asyncio.create_task(_ping(sock)) for sock in sockets]
    started = time.perf_counter()
    await asyncio.sleep(idle_s)
    idle = cpu_seconds(pids)
    idle_seconds = time.perf_counter() - started
    for sock in sockets:
        await sock.close()
    await asyncio.sleep(SETTLE_S)
    closed = cpu_seconds(pids)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    count = len(sockets)
    return {
        "sockets": count,
        "open_ms_per_socket": round((opened - before) * 1000 / count, 2),
        "open_idle_ms_per_s": round((idle - opened) * 1000 / idle_seconds, 2),
        "close_ms_per_socket": round((closed - idle) * 1000 / count, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2, help="Daphne processes")
    parser.add_argument("--idle-s", type=float, default=60, help="seconds the sockets stay open")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    env = fresh_site(
        db_name=os.environ.get("SOCKETBENCH_DB") or "rummy_socketbench",
        redis_url=os.environ.get("SOCKETBENCH_REDIS_URL") or "redis://127.0.0.1:6379/3",
    )
    tables = prepare_tables(games=args.tables, target=100)
    with running_servers(env=env, workers=args.workers) as (urls, pids):
        time.sleep(SETTLE_S)  # the processes' own start is not the sockets'
        result = asyncio.run(measure(urls=urls, pids=pids, tables=tables, idle_s=args.idle_s))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
