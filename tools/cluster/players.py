"""Simulated players for the cluster test: one socket per seat through the proxy, which
reconnects after any close or failure (as static/js/socket.js does) and resends the action
it had no answer for."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field

import websockets
from websockets.exceptions import InvalidHandshake, WebSocketException

from tools.loadtest.players import my_move, table_state

STALL_S = 5.0


@dataclass
class Tally:
    acked: dict[str, set[tuple[int, str]]] = field(default_factory=dict)
    """room code -> (seat, client id) of every action the server acknowledged"""
    reconnects: int = 0
    refused: list[str] = field(default_factory=list)
    finished: int = 0
    unfinished: list[str] = field(default_factory=list)
    last_seen: dict[str, dict[int, str]] = field(default_factory=dict)
    """room code -> seat -> the last frame it took and the action it waits on (for a stall)"""


async def play_seat(
    *, url: str, code: str, cookie: str, seat: int, tally: Tally, done: asyncio.Event
) -> None:
    rng = random.Random(f"{code}{seat}")
    sock = None
    pending: dict | None = None
    last_version, n = -1, 0
    acked = tally.acked.setdefault(code, set())
    while not done.is_set():
        try:
            if sock is None:
                sock = await websockets.connect(
                    f"{url.replace('http', 'ws')}/ws/room/{code}/",
                    additional_headers={"Origin": url, "Cookie": cookie},
                    open_timeout=5,
                )
                last_version = -1  # take the state the new socket is sent
                if pending:
                    await sock.send(json.dumps(pending))
            try:
                frame = json.loads(await asyncio.wait_for(sock.recv(), STALL_S))
            except TimeoutError:
                # No answer: an action's ack may have been lost to a failure (a server_error
                # carries no id), so it is resent (the server acknowledges a repeat once more).
                await sock.send(json.dumps(pending or {"type": "resync"}))
                last_version = -1
                continue
        except (OSError, WebSocketException, InvalidHandshake, TimeoutError):
            tally.reconnects += 1
            if sock is not None:
                await sock.close()
            sock = None
            await asyncio.sleep(rng.uniform(0.2, 0.6))
            continue
        if frame["type"] == "ack" and pending and frame["id"] == pending["id"]:
            acked.add((seat, pending["id"]))
            pending = None
            continue
        if frame["type"] == "error":
            if pending and frame.get("id") == pending["id"]:
                tally.refused.append(f"{code}:{seat}:{frame['code']}")
                pending = None
            last_version = -1
        frame = table_state(frame)
        if frame is None or frame["version"] <= last_version:
            continue
        last_version = frame["version"]
        tally.last_seen.setdefault(code, {})[seat] = (
            f"v{last_version} {frame['status']} {frame['view']['phase']} turn {frame['view']['turn']},"
            f" waiting on {pending and pending['id']}"
        )
        if frame["status"] != "playing":
            done.set()
            break
        action = my_move(frame["view"], seat)
        if action is None or pending:
            continue
        await asyncio.sleep(rng.uniform(0.05, 0.25))
        n += 1
        pending = {"type": "act", "version": frame["version"], "id": f"{seat}-{n}", "action": action}
        with contextlib.suppress(WebSocketException):  # the next receive reconnects, and resends it
            await sock.send(json.dumps(pending))
    if sock is not None:
        await sock.close()


async def play_tables(*, url: str, tables, tally: Tally, timeout: float) -> None:
    async def table(t) -> None:
        done = asyncio.Event()
        seats = [
            asyncio.create_task(play_seat(url=url, code=t.code, cookie=c, seat=s, tally=tally, done=done))
            for s, c in enumerate(t.cookies)
        ]
        try:
            await asyncio.wait_for(done.wait(), timeout=max(1.0, deadline - time.monotonic()))
            tally.finished += 1
        except TimeoutError:
            tally.unfinished.append(t.code)
            for seat, seen in tally.last_seen.get(t.code, {}).items():
                print(f"unfinished {t.code} seat {seat}: last took {seen}", flush=True)
        finally:
            done.set()
            for task in seats:
                task.cancel()
            await asyncio.gather(*seats, return_exceptions=True)

    deadline = time.monotonic() + timeout
    await asyncio.gather(*(table(t) for t in tables))
