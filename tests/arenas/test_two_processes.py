"""Eight simulated players on two Daphne processes (Redis layer) play a short arena to its end:
paired by the sweeper, one-hand gin matches over real table sockets, the live standings over
the arena sockets, identical on both processes and equal to those recomputed from the matches."""

import asyncio
import json
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from arenas import selectors, services
from arenas.models import Arena, ArenaGame
from games import sweeper
from games.models import Match
from tests.arenas.support import running_arena
from tests.games.support import make_user
from tests.games.test_two_processes import cookie_for
from tests.servers import daphne
from tools.arena_bench import opened, play_table

pytestmark = pytest.mark.django_db(transaction=True)
ARENA_SECONDS = 25
DEADLINE = 90  # a loaded machine plays the last games out slowly


async def player(url: str, cookie: str, arena_id: int) -> dict:
    """Wait on the arena page, play each table it pairs, until the arena closes; the last
    standings seen.  A player done with its games hears nothing until the others' games end
    (the arena closes only once its last game is played out), which took over 20 s on a
    loaded machine (a repeat-run failure): only DEADLINE bounds the wait."""
    tables: list[asyncio.Task] = []
    async with await opened(url, f"/ws/arena/{arena_id}/", cookie) as sock:
        while True:
            frame = json.loads(await sock.recv())
            if frame["type"] == "pairing" and frame["room"]:
                tables.append(asyncio.create_task(play_table(url, cookie, frame["room"])))
            elif frame["type"] == "standings" and frame["closed"]:
                await asyncio.gather(*tables)
                return frame


def run_sweeper(stop: threading.Event) -> None:
    """The sweeper's loop in a thread of its own (pairing, closing), as `run_sweeper` runs it."""
    while not stop.wait(0.5):
        sweeper.sweep_once(now=timezone.now(), expire=False)
    connection.close()


async def arena_to_its_end(urls, cookies, arena_id):
    stop = threading.Event()
    clock = threading.Thread(target=run_sweeper, args=(stop,))
    clock.start()
    try:
        return await asyncio.wait_for(
            asyncio.gather(*(player(urls[i % 2], cookie, arena_id) for i, cookie in enumerate(cookies))),
            DEADLINE,
        )
    finally:
        stop.set()
        clock.join()


def test_eight_players_on_two_processes_play_an_arena_to_its_end(redis_layer, tmp_path):
    arena = running_arena(ends_in=timedelta(seconds=ARENA_SECONDS))
    users = [make_user() for _ in range(8)]
    for user in users:
        services.do_join(arena=arena, user_id=user.pk)
    cookies = [cookie_for(u) for u in users]
    with daphne(log_path=tmp_path / "a.log") as url_a, daphne(log_path=tmp_path / "b.log") as url_b:
        finals = asyncio.run(arena_to_its_end([url_a, url_b], cookies, arena.pk))

    games = list(ArenaGame.objects.filter(arena=arena).select_related("match"))
    assert len(games) >= 4 and all(g.match.status == Match.Status.FINISHED for g in games)
    # Nobody was ever in two running games: each player's matches follow one another.
    for user in users:
        mine = sorted((g.match.created_at, g.match.updated_at) for g in games if user.pk in g.players)
        assert all(end <= next_start for (_, end), (next_start, _) in zip(mine, mine[1:], strict=False))
        assert mine  # everyone played
    # No game was paired after the end (a match's row is written a moment after its pairing).
    assert max(g.created_at for g in games) < arena.ends_at
    lines = [f["lines"] for f in finals]
    on_a, on_b = lines[0::2], lines[1::2]
    assert all(ln == on_a[0] for ln in on_a + on_b)  # every socket, on both processes, saw one table
    recomputed = [ln.as_dict() for ln in selectors.standings(Arena.objects.get(pk=arena.pk))]
    assert [{k: v for k, v in ln.items() if k != "name"} for ln in on_a[0]] == recomputed
    assert sum(ln["games"] for ln in recomputed) == 2 * len(games)
