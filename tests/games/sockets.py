"""Socket clients for tests: a signed-in communicator, and a loop that plays a seat."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connections
from django.test import Client

from config.asgi import application

ORIGIN = (b"origin", b"http://testserver")

# Channels' default is 1 s: a loaded machine takes longer to admit a socket (two database trips).
CONNECT_SECONDS = 10


@database_sync_to_async
def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


async def connect(path: str, user=None, *, language: str | None = None) -> WebsocketCommunicator:
    headers = [ORIGIN]
    if user is not None:
        headers.append((b"cookie", await session_cookie(user)))
    if language is not None:
        headers.append((b"accept-language", language.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect(timeout=CONNECT_SECONDS)
    assert connected, f"socket {path} refused"
    return communicator


async def receive_until(
    communicator: WebsocketCommunicator, kind: str, timeout: float = 20
) -> dict[str, Any]:
    """The next frame of type `kind`, skipping others (an unexpected error fails at once)."""
    while True:
        frame = await communicator.receive_json_from(timeout=timeout)
        if frame["type"] == kind:
            return frame
        assert frame["type"] != "error", f"waiting for {kind!r}, got {frame}"


async def until(condition: Callable[[], bool], timeout: float = 20) -> None:
    """Wait until `condition()` holds: for work a timer does, which no frame announces."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        await asyncio.sleep(0.02)


async def drain(communicator: WebsocketCommunicator) -> list[dict[str, Any]]:
    frames = []
    while not await communicator.receive_nothing(timeout=0.05):
        frames.append(await communicator.receive_json_from())
    return frames


def in_a_thread_of_its_own(work):
    """Run `work` off the sockets' database thread (which may be held busy), on a connection
    of its own."""

    def run():
        try:
            work()
        finally:
            connections.close_all()

    return asyncio.to_thread(run)
