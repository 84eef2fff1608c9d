"""python -m tools.attack_sockets [--json]

An attacker's client of its own (the `websockets` library and plain HTTP, none of the test
suite's helpers) against the real stack: two Daphne processes and the sweeper, PostgreSQL
(a fresh database, `sec_ws_attack` or `$ATTACK_DB`) and a redis-server of its own on a free
port (so it can restart it).  It tries what issue 14 found and more, and prints each attempt
with what it got; docs/security.md ("Sockets") keeps the last run's findings.

Setting up (users, sessions, rooms) goes through Django and the services, as a real player
would have done through pages; every attack goes over the wire.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.loadtest.processes import running_servers  # noqa: E402
from tools.loadtest.setup import base_env, migrate, recreate_database  # noqa: E402

FINDINGS: list[tuple[str, str, bool]] = []  # (what was tried, what it got, as it should be)


def found(tried: str, got: str, ok: bool) -> None:
    FINDINGS.append((tried, got, ok))
    print(f"{'ok ' if ok else 'BAD'} | {tried} | {got}", flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Redis:
    """A redis-server of the attacker's own, which it may restart."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


# --- the attacker's wire ------------------------------------------------------------------


class Tab:
    """One browser tab's table socket."""

    def __init__(self, ws, name: str) -> None:
        self.ws, self.name, self.frames = ws, name, []
        self.bytes_in = self.bytes_out = 0

    @classmethod
    async def open(cls, base: str, code: str, cookie: str | None, name: str, query: str = "") -> Tab:
        headers = {"Origin": base, **({"Cookie": cookie} if cookie else {})}
        ws = await websockets.connect(
            f"ws{base[4:]}/ws/room/{code}/{query}", additional_headers=headers, max_size=2**22
        )
        return cls(ws, name)

    async def send(self, data: str | bytes) -> None:
        self.bytes_out += len(data)
        await self.ws.send(data)

    async def act(self, version, client_id, action) -> None:
        await self.send(json.dumps({"type": "act", "version": version, "id": client_id, "action": action}))

    async def next(self, kind: str | None = None, timeout: float = 10) -> dict:
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout)
            self.bytes_in += len(raw)
            frame = json.loads(raw)
            self.frames.append(frame)
            if kind is None or frame["type"] == kind:
                return frame

    async def quiet(self, seconds: float = 1.0) -> list[dict]:
        got = []
        try:
            while True:
                got.append(await self.next(timeout=seconds))
        except TimeoutError:
            return got

    async def alive(self) -> bool:
        try:
            await self.send('{"type": "ping"}')
            await self.next("pong")
            return True
        except (TimeoutError, websockets.ConnectionClosed):
            return False

    def close_code(self) -> int | None:
        return self.ws.close_code


def post(base: str, path: str, cookie: str) -> int:
    """A form POST as the browser makes it, with a CSRF secret of the client's choosing (a
    cookie and the same value in the form, which Django accepts unmasked)."""
    csrf = secrets.token_hex(16)
    request = urllib.request.Request(
        base + path,
        data=urllib.parse.urlencode({"csrfmiddlewaretoken": csrf}).encode(),
        headers={"Cookie": f"{cookie}; csrftoken={csrf}", "Origin": base, "Referer": base + "/"},
    )
    try:
        with NO_REDIRECTS.open(request) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class _Stay(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the answer itself, a redirect, is what is asked for


NO_REDIRECTS = urllib.request.build_opener(_Stay)


# --- setting up, as players would through pages -------------------------------------------


def setup_django(env: dict[str, str]) -> None:
    os.environ.update(
        {k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "SECRET_KEY")}
    )
    os.environ.setdefault("DAILY_SECRET", "attack-only")
    import django

    django.setup()


def player(name: str) -> tuple[object, str]:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.create_user(username=name, email=f"{name}@example.com", display_name=name)
    client = Client()
    client.force_login(user)
    return user, f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def me(user):
    from games.identity import Identity

    return Identity(user_id=user.pk)


def gin_table(a, b, private=False):
    from games import services
    from games.models import RuleSet

    room = services.do_create_room(
        identity=me(a), ruleset=RuleSet.objects.get(slug="gin-classic"), is_private=private
    )
    services.do_take_seat(room=room, identity=me(b), token=room.invite_token)
    return room


def rummy_table(creator):
    """A waiting German Rummy table of three seats, the creator in seat 0."""
    from games import services
    from games.models import RuleSet

    base = RuleSet.objects.get(slug="rummy-standard")
    three, _ = RuleSet.objects.get_or_create(
        slug="attack-rummy-3",
        defaults={"name": "Rummy 3", "family": "rummy", "flags": base.flags, "seats": 3},
    )
    return services.do_create_room(identity=me(creator), ruleset=three, rounds=1)


def seat_sockets(room) -> list[int]:
    from games.models import Seat

    return list(Seat.objects.filter(room=room).order_by("index").values_list("sockets", flat=True))


def match_row(room):
    from games.models import Match

    return Match.objects.filter(room=room).order_by("-created_at").values_list("version", "state").first()


# --- the attacks --------------------------------------------------------------------------


HOSTILE = {
    "2000 nested [": "[" * 2000 + "]" * 2000,
    "4000 unclosed [": "[" * 4000,
    "NUL in the id": json.dumps({"type": "act", "version": 1, "id": "a\x00", "action": {"type": "pass"}}),
    "lone surrogate in the id": '{"type": "act", "version": 1, "id": "a\\ud800", "action": {"type": "pass"}}',
    "NUL in an action field": json.dumps(
        {"type": "act", "version": 1, "id": "n1", "action": {"type": "x\x00"}}
    ),
    "NUL as a key": json.dumps({"type": "resync", "\x00": 1}),
    "NaN version": '{"type": "act", "version": NaN, "id": "n2", "action": {"type": "pass"}}',
    "2**64 version": json.dumps({"type": "act", "version": 2**64, "id": "n3", "action": {"type": "pass"}}),
    "5 KB frame": json.dumps({"type": "resync", "pad": "x" * 5000}),
    "500 KB frame": json.dumps({"type": "resync", "pad": "x" * 500_000}),
    "empty text": "",
    "not JSON": "{act",
    "a JSON list": '["act"]',
    "unknown type": '{"type": "__class__"}',
    "binary frame": b"\x00\xff\xfe binary",
    "id of 65 chars": json.dumps({"type": "act", "version": 1, "id": "x" * 65, "action": {"type": "pass"}}),
    "action as a string": json.dumps({"type": "act", "version": 1, "id": "n4", "action": "pass"}),
    "offer of a surrender": '{"type": "offer", "kind": "surrender"}',
    "claim with bot='yes'": '{"type": "claim", "bot": "yes"}',
}


async def hostile_frames(base, room, cookie) -> None:
    tab = await Tab.open(base, room.code, cookie, "ana")
    await tab.next("state")
    before = await asyncio.to_thread(match_row, room)
    for name, frame in HOSTILE.items():
        await tab.send(frame)
        try:
            reply = await tab.next()
            got = f"{reply['type']} {reply.get('code')}" + (" with state" if reply.get("state") else "")
        except (TimeoutError, websockets.ConnectionClosed):
            got = f"no answer, closed {tab.close_code()}"
        alive = await tab.alive()
        found(
            f"hostile frame: {name}", f"{got}; socket {'open' if alive else 'dead'}", alive and "error" in got
        )
        if not alive:
            tab = await Tab.open(base, room.code, cookie, "ana")
            await tab.next("state")
    await tab.send(json.dumps({"type": "resync", "pad": "x" * 2**21}))
    with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
        await tab.next()
    await asyncio.sleep(1)
    counts = await asyncio.to_thread(seat_sockets, room)
    found(
        "hostile frame: 2 MB (over Daphne's 1 MB message limit)",
        f"connection dropped by Daphne ({tab.close_code()}); seat count then {counts[0]}",
        counts[0] == 0,
    )
    tab = await Tab.open(base, room.code, cookie, "ana")
    await tab.next("state")
    after = await asyncio.to_thread(match_row, room)
    found(
        "the match after all hostile frames", "unchanged" if after == before else "CHANGED", after == before
    )
    await tab.ws.close()
    await asyncio.sleep(1)
    counts = await asyncio.to_thread(seat_sockets, room)
    found("seat 0's socket count after its sockets closed", str(counts[0]), counts[0] == 0)


async def game_cheats(bases, room, cookies) -> None:
    ana = await Tab.open(bases[0], room.code, cookies[0], "ana")
    bo = await Tab.open(bases[1], room.code, cookies[1], "bo")
    state = await ana.next("state")
    await bo.next("state")
    version = state["version"]
    from games.rules.gin import GinState

    hand_of_bo = GinState.from_json((await asyncio.to_thread(match_row, room))[1]).hands[1]
    tries = [
        ("act out of turn (Bo)", bo, {"type": "pass"}, version),
        ("stale version", ana, {"type": "pass"}, version - 1),
        ("future version", ana, {"type": "pass"}, version + 5),
        ("forged card: discard one of Bo's", ana, {"type": "discard", "card": str(hand_of_bo[0])}, version),
        ("the dealer's move", ana, {"type": "deal", "seed": "00" * 16}, version),
        ("play Bo's seat from Ana's socket", ana, {"type": "pass", "seat": 1}, version),
    ]
    for n, (name, tab, action, at) in enumerate(tries):
        await tab.act(at, f"cheat{n}", action)
        reply = await tab.next("error")
        found(name, f"error {reply['code']}" + (" (state to resync)" if reply.get("state") else ""), True)
    spectator = await Tab.open(bases[0], room.code, None, "spectator")
    await spectator.next("state")
    await spectator.act(version, "spy1", {"type": "pass"})
    found("a spectator acts", f"error {(await spectator.next('error'))['code']}", True)
    unchanged = (await asyncio.to_thread(match_row, room))[0] == version
    found("the match after the cheats", "unchanged" if unchanged else "CHANGED", unchanged)

    # Two tabs, the same action with the same id at the same version, on both processes at once.
    second = await Tab.open(bases[1], room.code, cookies[0], "ana-tab2")
    await second.next("state")
    await asyncio.gather(
        ana.act(version, "twice", {"type": "pass"}), second.act(version, "twice", {"type": "pass"})
    )
    replies = [await ana.next(), await second.next()]
    while any(r["type"] == "state" for r in replies):  # the first tab may see the update first
        replies = [
            r if r["type"] != "state" else await (ana if r is replies[0] else second).next() for r in replies
        ]
    kinds = sorted(
        f"{r['type']} dup={r.get('duplicate')}" if r["type"] == "ack" else r.get("code") for r in replies
    )
    applied = (await asyncio.to_thread(match_row, room))[0] == version + 1
    found(
        "two tabs send one action with one id at once",
        f"{kinds}; applied once: {applied}",
        applied and kinds == ["ack dup=False", "ack dup=True"],
    )

    # The whole state frame of another seat must never reach Ana.
    leaked = [
        f for t in (ana, second) for f in t.frames if f["type"] == "state" and f["view"]["seat"] not in (0,)
    ]
    found("frames of another seat on Ana's sockets", f"{len(leaked)}", not leaked)
    for tab in (ana, bo, second, spectator):
        await tab.ws.close()


async def flood(base, room, cookie) -> None:
    tab = await Tab.open(base, room.code, cookie, "flooder")
    await tab.next("state")
    tab.bytes_in = 0
    sent = 0
    started = time.monotonic()
    try:
        while time.monotonic() - started < 3:
            while sent < (time.monotonic() - started) * 200:  # 200 a second, however slow this client
                await tab.send(
                    json.dumps({"type": "act", "version": 0, "id": f"f{sent}", "action": {"type": "pass"}})
                )
                sent += 1
            await asyncio.sleep(0.01)
    except websockets.ConnectionClosed:
        pass
    with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
        while True:  # what is still on its way, until the server closes
            await tab.next(timeout=2)
    errors = [f for f in tab.frames if f["type"] == "error"]
    limited = sum(1 for f in errors if f["code"] == "rate_limited")
    found(
        "flood: 200 stale acts a second for 3 s",
        f"{sent} sent ({tab.bytes_out // 1024} KB), {len(errors)} errors back ({tab.bytes_in // 1024} KB), "
        f"{limited} rate_limited, closed {tab.close_code()}",
        tab.close_code() == 4008 and limited == 1,
    )
    for _ in range(50):  # the server's side of the close comes after what it was doing
        count = (await asyncio.to_thread(seat_sockets, room))[0]
        if count == 0:
            break
        await asyncio.sleep(0.2)
    found("seat count after the flooder is closed", str(count), count == 0)


async def left_seat_leak(bases, cookies, users) -> None:
    """Yan sits at a waiting 3-seat rummy table, leaves by the page's form, and two others sit
    (the deal starts) while Yan's process is kept busy by a crowd asking for resync."""
    from games import services

    ana, yan, cy, di = users
    room = await asyncio.to_thread(rummy_table, ana)
    await asyncio.to_thread(services.do_take_seat, room=room, identity=me(yan))
    yan_tab = await Tab.open(bases[0], room.code, cookies[1], "yan")
    assert (await yan_tab.next("room"))["you"] == 1
    crowd = [await Tab.open(bases[0], room.code, None, f"crowd{n}") for n in range(30)]

    async def busy():
        for _ in range(20):
            await asyncio.gather(*(t.send('{"type": "resync"}') for t in crowd))
            await asyncio.sleep(0.02)

    pressure = asyncio.create_task(busy())
    status = await asyncio.to_thread(post, bases[1], f"/r/{room.code}/leave/", cookies[1])
    await asyncio.to_thread(services.do_take_seat, room=room, identity=me(cy))
    await asyncio.to_thread(services.do_take_seat, room=room, identity=me(di))
    await yan_tab.send('{"type": "resync"}')
    await pressure
    await yan_tab.quiet(3)
    views = [f["view"]["seat"] for f in yan_tab.frames if f["type"] == "state"]
    found(
        "left seat under load: Yan leaves (POST leave), two sit, Yan's process busy with 30 resyncing sockets",
        f"leave answered {status}; state frames Yan got: seats {views}",
        status == 302 and all(v is None for v in views),
    )
    for t in [yan_tab, *crowd]:
        await t.ws.close()


async def handshakes(bases, room, cookie) -> None:
    for name, path, headers in [
        ("no Origin", f"/ws/room/{room.code}/", {"Cookie": cookie}),
        (
            "another site's Origin",
            f"/ws/room/{room.code}/",
            {"Cookie": cookie, "Origin": "http://evil.example"},
        ),
        ("a private room without its token", f"/ws/room/{room.code}/", {"Origin": bases[0]}),
        ("a private room with a wrong token", f"/ws/room/{room.code}/?t=nope", {"Origin": bases[0]}),
    ]:
        try:
            ws = await websockets.connect(f"ws{bases[0][4:]}{path}", additional_headers=headers)
            frame = await asyncio.wait_for(ws.recv(), 5)
            got = f"opened, got {frame[:60]}"
            await ws.close()
        except websockets.ConnectionClosed as closed:
            got = f"closed {closed.rcvd.code if closed.rcvd else None}"
        except websockets.InvalidStatus as refused:
            got = f"refused HTTP {refused.response.status_code}"
        found(f"handshake: {name}", got, not got.startswith("opened"))


async def redis_restart(bases, redis, room, cookie) -> None:
    redis.stop()
    redis.start()
    for n, base in enumerate(bases):
        try:
            tab = await Tab.open(base, room.code, cookie, f"after-restart-{n}")
            await tab.next("state")
            alive = await tab.alive()
            got = "state, then pong" if alive else f"closed {tab.close_code()}"
            await tab.ws.close()
        except (TimeoutError, websockets.ConnectionClosed) as error:
            alive, got = False, f"closed {getattr(error, 'rcvd', None) and error.rcvd.code}"
        found(f"the first socket on process {n + 1} after a Redis restart", got, alive)


async def attack(bases, redis) -> None:
    from django.db import connections

    names = ["ana", "bo", "yan", "cy", "di", "eve", "fay"]
    people = {n: await asyncio.to_thread(player, n) for n in names}
    cookie = {n: c for n, (_, c) in people.items()}
    user = {n: u for n, (u, _) in people.items()}
    table = await asyncio.to_thread(gin_table, user["ana"], user["bo"])
    await hostile_frames(bases[0], table, cookie["ana"])
    await game_cheats(bases, table, (cookie["ana"], cookie["bo"]))
    flood_table = await asyncio.to_thread(gin_table, user["eve"], user["fay"])
    await flood(bases[1], flood_table, cookie["eve"])
    await left_seat_leak(bases, (cookie["ana"], cookie["yan"]), [user[n] for n in ("ana", "yan", "cy", "di")])
    private = await asyncio.to_thread(gin_table, user["cy"], user["di"], True)
    await handshakes(bases, private, cookie["cy"])
    await redis_restart(bases, redis, table, cookie["ana"])
    await asyncio.to_thread(connections.close_all)


def main() -> None:
    redis = Redis()
    redis.start()
    database = recreate_database(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"),
        os.environ.get("ATTACK_DB", "sec_ws_attack"),
    )
    env = base_env(database=database, redis=f"redis://127.0.0.1:{redis.port}/0")
    migrate(env)
    setup_django(env)
    try:
        with running_servers(env=env, workers=2) as (bases, _):
            asyncio.run(attack(bases, redis))
    finally:
        redis.stop()
    bad = [f for f in FINDINGS if not f[2]]
    print(f"\n{len(FINDINGS)} attempts, {len(bad)} not as they should be")
    if "--json" in sys.argv:
        print(json.dumps([{"tried": t, "got": g, "ok": ok} for t, g, ok in FINDINGS], indent=1))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
