import json

import pytest
import pytest_asyncio
from channels.db import database_sync_to_async
from django.db import connections

from games import broadcast


@pytest.fixture
def sent(monkeypatch):
    """Every (group, message) the services hand to the channel layer, in order; a game
    update's frame also as `payload`, the JSON its sockets send decoded."""
    messages: list[tuple[str, dict]] = []

    async def record(batch):
        made = [(group, broadcast.made(message)) for group, message in batch]
        messages.extend(
            (group, {**message, "payload": json.loads(message["text"])} if "text" in message else message)
            for group, message in made
        )

    monkeypatch.setattr(broadcast, "_send_all", record)
    return messages


@pytest_asyncio.fixture(autouse=True)
async def close_socket_thread_connections():
    """Consumers reach the database from a worker thread: close its connection after each test."""
    yield
    await database_sync_to_async(connections.close_all)()
