"""The load test's players: what they count as sent, and so what the check after a run demands
to find in every match's move log."""

import asyncio
import json
import time

import pytest
import websockets

from games import services
from games.rules.gin import CLASSIC, GinState, view_for
from tests.games.support import me, simple_policy
from tests.games.test_match_services import two_player_match
from tests.rules.gin_tables import table
from tools.loadtest.checks import check_tables
from tools.loadtest.players import Stats, play_table, policy
from tools.loadtest.setup import Table

VIEW = {
    "turn": 0,
    "phase": "draw",
    "legal_actions": [{"type": "draw", "source": "stock"}],
    "deadwood_cards": [],
}


def state(version, turn):
    return json.dumps(
        {"type": "state", "match": 1, "version": version, "status": "playing", "view": {**VIEW, "turn": turn}}
    )


async def silent_after_the_first_frame(sock):
    """A table whose server deals one state and then never answers (as a server does whose
    socket closes under an action in flight)."""
    await sock.send(state(3, turn=0))
    async for _ in sock:
        pass


async def answers_the_first_action(sock):
    await sock.send(state(3, turn=0))
    async for message in sock:
        if json.loads(message)["type"] == "act":
            await sock.send(state(4, turn=1))  # the move made; seat 1's turn, which it never hears


def play_one_table(server_handler):
    """One table of two seats against `server_handler` until its second runs out: the stats."""

    async def run():
        stats = Stats()
        async with websockets.serve(server_handler, "127.0.0.1", 0) as server:
            url = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            await play_table(
                urls=(url, url),
                cookies=("", ""),
                code="abc",
                stats=stats,
                think_ms=0,
                deadline=time.monotonic() + 1.0,
            )
        return stats

    return asyncio.run(run())


def test_an_action_unanswered_when_the_time_runs_out_is_not_demanded_in_the_log():
    stats = play_one_table(silent_after_the_first_frame)
    assert stats.sent == 1  # seat 0 drew; seat 1 had nothing to do
    assert stats.errors == ["abc:timeout"]
    assert stats.sent_ids["abc"] == set()  # the check after the run would report it lost
    assert stats.unanswered == 1
    assert stats.unanswered_ids == {"abc": {(0, "0-1")}}  # which the log may hold, or not


def test_an_answered_action_is_demanded_in_the_log():
    stats = play_one_table(answers_the_first_action)
    assert stats.sent == 1
    assert stats.sent_ids["abc"] == {(0, "0-1")}
    assert stats.unanswered == 0


@pytest.mark.django_db
def test_an_action_the_server_logged_after_the_run_gave_up_on_it_is_no_inconsistency():
    """The run stops with an action in flight; the server may still log it.  The check took
    such an action for one nobody sent (an inconsistency in every run cut short by its time)."""
    match, (ana, _) = two_player_match()
    view = GinState.from_json(match.state)
    services.do_act(
        match_id=match.pk,
        identity=me(ana),
        version=match.version,
        client_id="0-1",
        action=simple_policy(view_for(view, 0)),
    )
    table = Table(code=match.room.code, cookies=("", ""))
    assert check_tables([table], sent={}, only_sent=True)[0]["unsent"] == [(0, "0-1")]
    assert check_tables([table], sent={}, only_sent=True, unsure={table.code: {(0, "0-1")}}) == []


HAND = "2C 3C 4C 9D 9H KS QD JH 7S 5D"  # one run; deadwood 9+9+10+10+10+7+5 = 60


@pytest.mark.parametrize(
    ("phase", "pile", "taken"),
    [
        ("draw", "2S 5C", {"type": "draw", "source": "discard"}),  # 5C extends the run: 55
        ("draw", "2S 9S", {"type": "draw", "source": "discard"}),  # 9S makes a set: 42
        ("draw", "5C TS", {"type": "draw", "source": "stock"}),  # TS for a ten: 60 again
        ("upcard", "9C", {"type": "take_upcard"}),
        ("upcard", "QS", {"type": "pass"}),  # QS beside KS and QD is no meld
    ],
)
def test_the_players_take_the_upcard_when_it_lowers_their_deadwood(phase, pile, taken):
    """The load test's players take useful discards, as people do: matches that ignored them
    lasted so long that the longest of 500 outran the run's half hour."""
    view = view_for(table(CLASSIC, HAND, "AS AD AH 2D 3D 4D 6C 7C 8C TC", pile=pile, phase=phase), 0)
    assert policy(view) == taken
