"""The CPU of a move in one process, as a table socket makes it: `do_act` through the
database thread, and what its commit sends through the channel layer.

    python -m tools.act_bench [--tables 20] [--actions 2000] [--listen] [--profile FILE]

Both seats of each gin table count as connected (so "your turn" entries are written as on the
site) and play the load test's simple policy; the bench times `process_time` around each
awaited move (the process's every thread: the database thread and the event loop), reading
the next view outside the timed part.  The deals are the same on every run.  It needs
PostgreSQL and Redis (`DATABASE_URL`, `REDIS_URL`; its own database `act_bench` and Redis
database 5 by default: `ACT_BENCH_DB`, `ACT_BENCH_REDIS_URL`).  With `--profile`, cProfile's
statistics of the timed calls (on a CPU clock) go to FILE (the event loop's) and FILE.thread
(the database thread's).  With `--listen`, each table's seats have a socket's channel waiting,
seat 0's on this process's layer and seat 1's on a second layer standing for another process
(as the load test seats them), and a move's time runs until both have received its frame: the
channel layer's receiving is timed too.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import random
import statistics
import sys
import time
import types

from tools.loadtest.players import policy
from tools.loadtest.setup import recreate_database


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--listen", action="store_true", help="time the frames' receiving too")
    parser.add_argument("--profile", help="write cProfile statistics of the timed moves here")
    args = parser.parse_args()

    base_url = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    os.environ["DATABASE_URL"] = recreate_database(base_url, os.environ.get("ACT_BENCH_DB") or "act_bench")
    os.environ["REDIS_URL"] = os.environ.get("ACT_BENCH_REDIS_URL") or "redis://127.0.0.1:6379/5"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "act-bench")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    result = asyncio.run(
        _run(tables=args.tables, actions=args.actions, listen=args.listen, profile=args.profile)
    )
    print(json.dumps(result))
    return 0


async def _run(*, tables: int, actions: int, listen: bool, profile: str | None) -> dict:
    from common.db import database_sync_to_async
    from games import selectors, services
    from games.identity import Identity
    from games.models import Match, Room
    from games.services import run as run_module
    from tools.loadtest.setup import prepare_tables

    def setup() -> list[tuple[int, list[Identity]]]:
        found = []
        for table in prepare_tables(games=tables, target=100):
            room = Room.objects.get(code=table.code)
            identities = [Identity(user_id=seat.user_id) for seat in room.seats.order_by("index")]
            for identity in identities:
                services.do_socket_opened(room=room, identity=identity)
            found.append((selectors.current_match(room).pk, identities))
        return found

    def next_move(match_id: int) -> tuple[int, int, dict] | None:
        """(seat, version, action) of whoever moves next, None once the match is over."""
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.PLAYING:
            return None
        for seat in (0, 1):
            frame = selectors.match_payload(match, seat)
            view = frame["view"]
            if view["turn"] == seat:
                return seat, frame["version"], policy(view)
            if view["turn"] is None and view["phase"] == "hand_over" and seat == 0:
                return seat, frame["version"], {"type": "next_hand"}
        return None

    # The same deals on every run (the seeds are the server's secrets): a match's cost grows
    # with its hands, so random deals made runs of one code differ by a tenth.
    deals = random.Random(1)
    run_module.secrets = types.SimpleNamespace(token_bytes=deals.randbytes, randbelow=deals.randrange)
    found = await database_sync_to_async(setup)()
    profiler = cProfile.Profile(time.thread_time) if profile else None
    in_thread = cProfile.Profile(time.thread_time) if profile else None

    def do_act(**kwargs):
        if in_thread is None:
            return services.do_act(**kwargs)
        return in_thread.runcall(services.do_act, **kwargs)

    act, read = database_sync_to_async(do_act), database_sync_to_async(next_move)
    sockets = await _sockets(found) if listen else {}
    costs: list[float] = []
    n = 0
    while len(costs) < actions and found:
        match_id, identities = found[n % len(found)]
        move = await read(match_id)
        if move is None:
            found.remove((match_id, identities))
            continue
        seat, version, action = move
        arrivals = [
            asyncio.ensure_future(layer.receive(channel)) for layer, channel in sockets.get(match_id, [])
        ]
        await asyncio.sleep(0)  # waiting, as a socket's receive always is
        started = time.process_time()
        if profiler:
            profiler.enable()
        await act(
            match_id=match_id, identity=identities[seat], version=version, client_id=f"m{n}", action=action
        )
        await asyncio.wait_for(asyncio.gather(*arrivals), 10)
        if profiler:
            profiler.disable()
        costs.append(time.process_time() - started)
        n += 1
    if profiler and in_thread:
        profiler.dump_stats(profile)
        in_thread.dump_stats(f"{profile}.thread")
    costs_ms = sorted(c * 1000 for c in costs)
    return {
        "actions": len(costs_ms),
        "cpu_ms_mean": round(statistics.fmean(costs_ms), 3),
        "cpu_ms_p50": round(costs_ms[len(costs_ms) // 2], 3),
        "cpu_ms_p90": round(costs_ms[int(len(costs_ms) * 0.9)], 3),
    }


_idle: list[asyncio.Future] = []  # held: a task nobody references may be collected


async def _sockets(found: list) -> dict[int, list[tuple[object, str]]]:
    """For each match, seat 0's channel on this process's layer and seat 1's on another's, each
    in its seat's group as a table socket is."""
    from channels.layers import get_channel_layer
    from django.conf import settings

    from games import broadcast
    from games.models import Match

    here = get_channel_layer()
    elsewhere = type(here)(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    matches = await Match.objects.select_related("room").ain_bulk([m for m, _ in found])
    codes = {pk: match.room.code for pk, match in matches.items()}
    sockets = {}
    for layer in [here, elsewhere]:  # an idle socket each: the processes' pumps run throughout
        _idle.append(asyncio.ensure_future(layer.receive(await layer.new_channel())))
    for match_id, _ in found:
        sockets[match_id] = []
        for seat, layer in enumerate([here, elsewhere]):
            channel = await layer.new_channel()
            await layer.group_add(broadcast.seat_group(codes[match_id], seat), channel)
            sockets[match_id].append((layer, channel))
    return sockets


if __name__ == "__main__":
    sys.exit(main())
