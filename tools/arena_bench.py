"""python -m tools.arena_bench --players 200 --seconds 90 [--think-ms 400] [--json]

One arena on two Daphne processes and the sweeper (PostgreSQL and Redis: a fresh database
`rummy_arena_bench` or `$ARENA_BENCH_DB` on `$DATABASE_URL`'s server, Redis
`$ARENA_BENCH_REDIS_URL`, else `$REDIS_URL`, else database 3).  `--players` simulated players
join an arena of one-hand gin matches ending `--seconds` from now, each on a real arena socket
(alternately on either process); whenever the arena pairs them they play the table over its
own socket, then wait for the next pairing.  Prints the pairing latency players feel (from
becoming free to the "pairing" frame: the first from joining, the arena socket opening; then
from the end of their match), the
games played, double pairings (a player in two running games at once: must be 0) and whether
every socket's last standings are one table equal to the one recomputed from the matches.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field
from datetime import timedelta

import websockets

from tools.loadtest.__main__ import percentile
from tools.loadtest.players import policy
from tools.loadtest.processes import running_servers
from tools.loadtest.setup import fresh_site

STARTUP_S = 5.0
RAMP_S = 60.0


@dataclass
class Stats:
    first_ms: list[float] = field(default_factory=list)  # from joining (the socket opening)
    again_ms: list[float] = field(default_factory=list)  # from the end of the player's match
    tables: int = 0
    errors: list[str] = field(default_factory=list)
    finals: list[dict] = field(default_factory=list)


def connect(url: str, path: str, cookie: str):
    return websockets.connect(
        url.replace("http", "ws") + path,
        additional_headers={"Origin": url, "Cookie": cookie},
        max_size=2**23,
        open_timeout=60,
    )


async def play_table(
    url: str, cookie: str, code: str, think_ms: float = 0, rng: random.Random | None = None
) -> None:
    """One seat of a table over its socket, the plain policy, until the match ends."""
    async with await opened(url, f"/ws/room/{code}/", cookie) as sock:
        n, last = 0, -1
        while True:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 60))
            if frame["type"] == "error":
                frame, last = frame.get("state") or {}, -1
            if frame.get("type") != "state" or frame["version"] <= last:
                continue
            last = frame["version"]
            if frame["status"] != "playing":
                return
            view = frame["view"]
            seat = view["seat"]
            if view["turn"] == seat or (view["turn"] is None and seat == 0 and view["phase"] == "hand_over"):
                if think_ms and rng is not None:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * think_ms / 1000)
                n += 1
                action = {"type": "next_hand"} if view["turn"] is None else policy(view)
                await sock.send(
                    json.dumps({"type": "act", "version": last, "id": f"{seat}-{n}", "action": action})
                )


async def opened(url: str, path: str, cookie: str, attempts: int = 8):
    """Open a socket, retrying like the browser when a busy server drops the handshake."""
    for attempt in range(attempts):
        try:
            return await connect(url, path, cookie)
        except (OSError, websockets.exceptions.InvalidMessage, TimeoutError):
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.5 * 2**attempt)


async def player(
    url: str, cookie: str, arena_id: int, stats: Stats, think_ms: float, seed: int, delay: float
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(delay)  # players arrive over RAMP_S, not in one instant
    async with await opened(url, f"/ws/arena/{arena_id}/", cookie) as sock:
        free_since, waits = time.perf_counter(), stats.first_ms
        table: asyncio.Task | None = None

        async def play(code: str) -> None:
            nonlocal free_since, waits
            try:
                await play_table(url, cookie, code, think_ms, rng)
            except Exception as error:  # noqa: BLE001 (counted, the run goes on)
                stats.errors.append(f"{code}: {error!r}")
            free_since, waits = time.perf_counter(), stats.again_ms

        while True:
            frame = json.loads(await asyncio.wait_for(sock.recv(), 120))
            if frame["type"] == "pairing" and frame["room"]:
                waits.append((time.perf_counter() - free_since) * 1000)
                stats.tables += 1
                table = asyncio.create_task(play(frame["room"]))
            elif frame["type"] == "standings" and frame["closed"]:
                if table is not None:
                    await table
                stats.finals.append({"lines": frame["lines"], "url": url})
                return


def prepare(*, players: int, seconds: float) -> tuple[int, list[str]]:
    """An arena ending `seconds` from now (already running) and `players` signed-in joiners."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.utils import timezone

    from arenas import services
    from arenas.models import Arena, Format
    from games.models import RuleSet

    now = timezone.now()
    arena = Arena.objects.create(
        name="Bench",
        ruleset=RuleSet.objects.get(slug="gin-classic"),
        format=Format.ONE_HAND,
        minutes=20,
        turn_seconds=60,
        rated=False,
        starts_at=now + timedelta(seconds=seconds) - timedelta(minutes=20),
    )
    cookies = []
    for n in range(players):
        user = get_user_model().objects.create_user(
            username=f"arena{n}", email=f"arena{n}@example.com", display_name=f"A{n}"
        )
        services.do_join(arena=arena, user_id=user.pk)
        client = Client()
        client.force_login(user)
        cookies.append(f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}")
    return arena.pk, cookies


def double_pairings(arena_id: int) -> int:
    """Players seated in two matches of the arena whose play overlapped."""
    from arenas.models import ArenaGame

    spans: dict[int, list[tuple]] = {}
    for game in ArenaGame.objects.filter(arena_id=arena_id).select_related("match"):
        for user_id in game.players:
            spans.setdefault(user_id, []).append((game.match.created_at, game.match.updated_at))
    doubles = 0
    for mine in spans.values():
        mine.sort()
        doubles += sum(nxt[0] < end for (_, end), nxt in zip(mine, mine[1:], strict=False))
    return doubles


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=90, help="how long the arena runs from now")
    parser.add_argument("--think-ms", type=float, default=400, help="mean pause before each action")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    env = fresh_site(
        db_name=os.environ.get("ARENA_BENCH_DB") or "rummy_arena_bench",
        redis_url=os.environ.get("ARENA_BENCH_REDIS_URL")
        or os.environ.get("REDIS_URL")
        or "redis://127.0.0.1:6379/3",
    )
    print(f"preparing {args.players} players…", file=sys.stderr)
    arena_id, cookies = prepare(players=args.players, seconds=args.seconds)
    stats = Stats()
    with running_servers(env=env, workers=2) as (urls, _pids):
        print(f"arena on {', '.join(urls)} for {args.seconds:.0f} s…", file=sys.stderr)
        time.sleep(STARTUP_S)  # the sweeper's Django start-up is not a pairing's wait
        started = time.perf_counter()

        async def everyone():
            await asyncio.gather(
                *(
                    player(urls[n % 2], cookie, arena_id, stats, args.think_ms, n, n * RAMP_S / len(cookies))
                    for n, cookie in enumerate(cookies)
                )
            )

        asyncio.run(asyncio.wait_for(everyone(), args.seconds + 300))
        elapsed = time.perf_counter() - started

    from arenas import selectors
    from arenas.models import Arena, ArenaGame

    recomputed = [ln.as_dict() for ln in selectors.standings(Arena.objects.get(pk=arena_id))]
    seen = [[{k: v for k, v in ln.items() if k != "name"} for ln in f["lines"]] for f in stats.finals]
    result = {
        "players": args.players,
        "arena_seconds": args.seconds,
        "think_ms": args.think_ms,
        "seconds": round(elapsed, 1),
        "games": ArenaGame.objects.filter(arena_id=arena_id).count(),
        "pairings_seen": stats.tables,
        "first_pairing_p50_ms": percentile(stats.first_ms, 50),
        "first_pairing_p99_ms": percentile(stats.first_ms, 99),
        "pairing_p50_ms": percentile(stats.again_ms, 50),
        "pairing_p99_ms": percentile(stats.again_ms, 99),
        "pairing_max_ms": round(max(stats.again_ms), 1) if stats.again_ms else None,
        "double_pairings": double_pairings(arena_id),
        "standings_identical": len(seen) == args.players and all(s == recomputed for s in seen),
        "errors": len(stats.errors),
        "error_samples": stats.errors[:5],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    ok = not result["double_pairings"] and result["standings_identical"] and not result["errors"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
