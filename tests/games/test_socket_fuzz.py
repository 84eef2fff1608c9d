"""Property: whatever frame reaches a table socket (any JSON at any depth, any text with NUL
and lone surrogates, any size, binary), it is answered, the socket stays open, and the match
changes only when the frame was a legal action, which is acknowledged."""

import asyncio
import itertools
import json

import pytest
from channels.db import database_sync_to_async
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import flood, services
from games.models import Match
from tests.games.sockets import connect, drain, in_a_thread_of_its_own, receive_until
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db(transaction=True)

SEED = bytes.fromhex("5eed" * 8)  # a known deal: the same match every run
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=40)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(ANY_TEXT, inner, max_size=4),
    max_leaves=25,
)
ACTIONS = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["pass", "take_upcard", "draw", "discard", "knock", "deal", "next_hand"])
        | ANY_TEXT
    },
    optional={"card": st.sampled_from(["7H", "TS", "AC"]) | ANY_TEXT | JSON, "source": JSON, "seed": JSON},
)
FRAMES = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "resync", "ping", "offer", "claim"]) | ANY_TEXT},
    optional={
        "version": st.integers(-3, 40) | JSON,
        "id": st.sampled_from(["a1", "x"]) | ANY_TEXT | JSON,
        "action": ACTIONS | JSON,
        "kind": st.just("rematch") | JSON,  # a restart is a legal change of its own, not fed here
        "bot": JSON,
    },
)


def dumped(values):
    return st.builds(lambda v, ascii_only: json.dumps(v, ensure_ascii=ascii_only), values, st.booleans())


HOSTILE = st.one_of(
    dumped(FRAMES),
    dumped(JSON),
    st.text(st.characters(exclude_categories=()), max_size=300),
    st.binary(max_size=300),
    st.builds(
        lambda n, opener, closed: opener * n + ("]" * n if closed else ""),
        st.integers(1, 3000),
        st.sampled_from(["[", '{"a":', '[{"type":"act","a":']),
        st.booleans(),
    ),
    st.integers(4000, 9000).map(lambda size: json.dumps({"type": "resync", "pad": "x" * size})),
)

LEGAL = st.tuples(st.integers(0, 99), st.integers(0, 10**9))


@database_sync_to_async
def seeded_match():
    ana = make_user("Ana")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset(), bot="easy", first_seed=SEED)
    return room, ana


async def exchange(sock, frame, sentinel_id):
    """Send `frame`, then a frame refused with `sentinel_id`: what came before its refusal
    answered `frame` (frames are handled in order)."""
    await sock.send_input(
        {"type": "websocket.receive", "bytes" if isinstance(frame, bytes) else "text": frame}
    )
    sentinel = {"type": "act", "version": -1, "id": sentinel_id, "action": {"type": "pass"}}
    await sock.send_to(text_data=json.dumps(sentinel))
    replies = []
    while (reply := await sock.receive_json_from(timeout=30)).get("id") != sentinel_id or reply[
        "type"
    ] != "error":
        replies.append(reply)
    return replies


async def test_any_frame_is_answered_and_only_a_legal_action_changes_the_match(redis_layer, monkeypatch):
    monkeypatch.setattr(flood, "RATE", 1e9)  # the flood guard is tested on its own
    room, ana = await seeded_match()
    sock = await connect(f"/ws/room/{room.code}/", ana)
    latest = await receive_until(sock, "state")
    await drain(sock)
    loop, ids = asyncio.get_running_loop(), itertools.count()
    legal_sent = 0

    def legal_act(pick, n):
        """One of the legal actions of the latest view (the pick is drawn, the view is the
        match's: the strategy stays the same whatever the match did)."""
        legal = latest["view"]["legal_actions"] or [{"type": "next_hand"}]
        return json.dumps(
            {
                "type": "act",
                "version": latest["version"],
                "id": f"legal{n}",
                "action": legal[pick % len(legal)],
            }
        )

    def match_now():
        return Match.objects.values_list("pk", "version", "state").get(room=room)

    @settings(
        max_examples=150,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def feed(data):
        nonlocal latest, legal_sent
        frame = data.draw(HOSTILE | LEGAL, label="frame")
        if isinstance(frame, tuple):
            frame = legal_act(*frame)
        before = match_now()
        replies = asyncio.run_coroutine_threadsafe(
            exchange(sock, frame, f"sentinel{next(ids)}"), loop
        ).result(60)
        after = match_now()
        kinds = [r["type"] for r in replies]
        assert replies and set(kinds) <= {"error", "ack", "pong", "room", "state"}, replies
        applied = [r for r in replies if r["type"] == "ack" and not r["duplicate"]]
        if applied:
            legal_sent += 1
            assert after[0] == before[0] and after[1] == before[1] + 1
        else:
            assert after == before, replies
        states = [r for r in replies if r["type"] == "state"] + [
            r["state"] for r in replies if r["type"] == "error" and r.get("state")
        ]
        latest = max([latest, *states], key=lambda s: s["version"])

    await in_a_thread_of_its_own(feed)
    assert legal_sent >= 10  # the property was also tried on moves that count
    await sock.disconnect()
