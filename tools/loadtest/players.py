"""Simulated players: one WebSocket per seat, a simple bot policy, latency bookkeeping."""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field

import websockets

from common import fastjson
from games.rules.cards import parse_card, parse_cards
from games.rules.melds import deadwood_after_discards

STALL_S = 10.0
PING_S = 15.0
"""As static/js/socket.js: a socket that sent nothing for this long pings."""
VALUE = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}


def policy(view: dict) -> dict:
    """Knock when allowed, take the upcard when it lowers the deadwood (else pass it or draw
    from the stock), shed the highest deadwood.  Taking useful discards, as people do, keeps
    matches near the length of real ones: without it the longest of 500 ran past half an hour."""
    legal = view["legal_actions"]
    knocks = [a for a in legal if a["type"] == "knock"]
    if knocks:
        return knocks[0]
    take = next((a for a in legal if a in TAKES), None)
    if take is not None and _lowers_deadwood(view):
        return take
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    if {"type": "draw", "source": "stock"} in legal:
        return {"type": "draw", "source": "stock"}
    deadwood = set(view["deadwood_cards"] or [])
    discards = [a for a in legal if a["type"] == "discard"]
    return max(discards, key=lambda a: (a["card"] in deadwood, VALUE.get(a["card"][0]) or int(a["card"][0])))


TAKES = ({"type": "take_upcard"}, {"type": "draw", "source": "discard"})


def _lowers_deadwood(view: dict) -> bool:
    """Whether the upcard, taken, leaves less deadwood after the best discard of another card."""
    upcard = parse_card(view["discard_pile"][-1])
    after = deadwood_after_discards([*parse_cards(view["hand"]), upcard], view["rules"]["max_meld_size"])
    return min(points for card, points in after.items() if card != upcard) < view["deadwood"]


def table_state(frame: dict) -> dict | None:
    """The table a frame brings: a state frame, or the state an error carries (None: neither)."""
    if frame["type"] == "error":
        return frame.get("state") or None
    return frame if frame["type"] == "state" else None


def my_move(view: dict, seat: int) -> dict | None:
    """What `seat` does on `view`, None when it is not its turn (seat 0 deals the next hand)."""
    if view["turn"] is None:
        return {"type": "next_hand"} if seat == 0 and view["phase"] == "hand_over" else None
    return policy(view) if view["turn"] == seat else None


@dataclass
class Stats:
    latencies_ms: list[float] = field(default_factory=list)
    measured_at: list[float] = field(default_factory=list)
    """When each latency was measured (perf_counter), for the run's timeline."""
    sent: int = 0
    sent_ids: dict[str, set[tuple[int, str]]] = field(default_factory=dict)
    """room code -> (seat, client id) of every action sent and not refused"""
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    resyncs: int = 0
    sent_at: dict[tuple[int, int], tuple[float, int]] = field(default_factory=dict)
    """(match, version the action makes) -> (when it was sent, by which seat)"""
    unanswered_ids: dict[str, set[tuple[int, str]]] = field(default_factory=dict)
    """room code -> (seat, client id) of the actions still without an answer when their table's
    time ran out: the socket closed under them, so the server may or may not have applied them
    (a browser would resend them); they are left out of `sent_ids`, whose every action must be
    in the log, and the log may hold them or not."""

    @property
    def unanswered(self) -> int:
        return sum(len(ids) for ids in self.unanswered_ids.values())


async def _connect(url: str, code: str, cookie: str, attempts: int = 5):
    """Open a table socket, retrying like the browser does when a busy server drops the handshake."""
    for attempt in range(attempts):
        try:
            return await websockets.connect(
                f"{url.replace('http', 'ws')}/ws/room/{code}/",
                additional_headers={"Origin": url, "Cookie": cookie},
                max_size=2**22,
                open_timeout=30,
            )
        except (OSError, websockets.exceptions.InvalidMessage, TimeoutError):
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.5 * 2**attempt)


async def play_table(
    *,
    urls: tuple[str, str],
    code: str,
    cookies: tuple[str, str],
    stats: Stats,
    think_ms: float,
    deadline: float,
) -> None:
    """Both seats of one table, each on its own server process, until the match ends."""
    sockets = [await _connect(url, code, cookie) for url, cookie in zip(urls, cookies, strict=True)]
    done = asyncio.Event()
    stats.sent_ids.setdefault(code, set())
    rng = random.Random(code)
    waiting: dict[int, tuple[str, int]] = {}  # seat -> its action without an answer, the version it makes
    last_sent = [time.monotonic()] * 2  # when each seat's socket last sent a frame

    async def send(seat: int, frame: dict) -> None:
        last_sent[seat] = time.monotonic()
        await sockets[seat].send(fastjson.dumps(frame))

    async def seat_loop(seat: int) -> None:
        sock = sockets[seat]
        n = 0
        last_version = -1  # a snapshot and a group update can both bring the same version
        while True:
            try:
                async with asyncio.timeout(STALL_S):  # no task per frame, as wait_for makes
                    raw = await sock.recv(decode=False)
            except TimeoutError:  # like the browser: no news for a while, ask for the table again
                stats.resyncs += 1
                last_version = -1
                await send(seat, {"type": "resync"})
                continue
            frame = fastjson.loads(raw)
            if frame["type"] == "error":
                stats.errors.append(f"{code}:{seat}:{frame['code']}")
                stats.sent_ids[code].discard((seat, frame.get("id")))
                if seat in waiting and waiting[seat][0] == frame.get("id"):
                    del waiting[seat]
                last_version = -1  # the refused action must be made again on the current state
            frame = table_state(frame)
            if frame is None or frame["version"] <= last_version:
                continue
            if seat in waiting and frame["version"] >= waiting[seat][1]:
                del waiting[seat]
            last_version = frame["version"]
            key = (frame["match"], frame["version"])
            sent = stats.sent_at.get(key)
            if sent is not None and sent[1] != seat:  # the opponent's update: the latency players feel
                del stats.sent_at[key]
                now = time.perf_counter()
                stats.latencies_ms.append((now - sent[0]) * 1000)
                stats.measured_at.append(now)
            if frame["status"] != "playing":
                if not done.is_set():
                    stats.finished += 1
                done.set()
                return
            action = my_move(frame["view"], seat)
            if action is None:
                continue
            if think_ms:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think_ms / 1000)
            n += 1
            client_id = f"{seat}-{n}"
            stats.sent += 1
            stats.sent_ids.setdefault(code, set()).add((seat, client_id))
            stats.sent_at[(frame["match"], frame["version"] + 1)] = (time.perf_counter(), seat)
            waiting[seat] = (client_id, frame["version"] + 1)
            await send(seat, {"type": "act", "version": frame["version"], "id": client_id, "action": action})

    async def keep_alive(seat: int) -> None:
        while True:
            await asyncio.sleep(last_sent[seat] + PING_S - time.monotonic())
            if time.monotonic() >= last_sent[seat] + PING_S:
                await send(seat, {"type": "ping"})

    tasks = [asyncio.create_task(loop(s)) for s in (0, 1) for loop in (seat_loop, keep_alive)]
    try:
        await asyncio.wait_for(done.wait(), timeout=max(1.0, deadline - time.monotonic()))
    except TimeoutError:
        stats.errors.append(f"{code}:timeout")
    finally:
        for task in tasks:
            task.cancel()
        for sock in sockets:
            await sock.close()
        # Python 3.11's wait_for can swallow a cancel that meets a frame: the closed socket
        # ends such a loop too. A socket closed under a loop is no error.
        await asyncio.gather(*tasks, return_exceptions=True)
        for seat, (client_id, _) in waiting.items():
            stats.sent_ids[code].discard((seat, client_id))
            stats.unanswered_ids.setdefault(code, set()).add((seat, client_id))


async def floor_samples(
    *, urls: tuple[str, str], stop: asyncio.Event, interval: float = 0.1
) -> tuple[list[float], int]:
    """Round trips of a bare channel-layer message from a socket on one process to one on the
    other, and how many messages never came back within STALL_S."""

    def connect(url):
        return websockets.connect(
            f"{url.replace('http', 'ws')}/ws/health/", additional_headers={"Origin": url}
        )

    samples: list[float] = []
    async with connect(urls[0]) as a, connect(urls[1]) as b:
        for sock in (a, b):  # each socket is in the group once its own ping came back
            await sock.send(fastjson.dumps({"type": "ping", "id": "ready"}))
            await sock.recv()
        n = lost = 0
        while not stop.is_set():
            n += 1
            started = time.perf_counter()
            await a.send(fastjson.dumps({"type": "broadcast", "text": str(n)}))
            try:
                await asyncio.wait_for(_heard(b, str(n)), STALL_S)
                samples.append((time.perf_counter() - started) * 1000)
                await asyncio.wait_for(_heard(a, str(n)), STALL_S)  # `a` is in the group too: keep it read
            except TimeoutError:
                lost += 1
            await asyncio.sleep(interval)
    return samples, lost


async def _heard(sock, text: str) -> None:
    while fastjson.loads(await sock.recv()).get("text") != text:
        pass
