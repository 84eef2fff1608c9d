"""Structured logs: one JSON object a line, with the room, match, request and socket ids
of whatever the line was logged for (context variables, so each request's or socket's task,
and the database threads it calls into, log their own).  LOG_FORMAT=json turns it on
(config/settings.py)."""

from __future__ import annotations

import json
import logging
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime

from asgiref.sync import markcoroutinefunction

ROOM: ContextVar[str | None] = ContextVar("room", default=None)
MATCH: ContextVar[int | None] = ContextVar("match", default=None)
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)
SOCKET_ID: ContextVar[str | None] = ContextVar("socket_id", default=None)
CONTEXT = {"room": ROOM, "match": MATCH, "request_id": REQUEST_ID, "socket_id": SOCKET_ID}


def new_id() -> str:
    return uuid.uuid4().hex[:16]


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry |= {name: value for name, var in CONTEXT.items() if (value := var.get()) is not None}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class RequestIdMiddleware:
    """An id for each HTTP request: the proxy's `X-Request-ID` when it sends a sane one
    (nginx's $request_id, deploy/nginx), else a new one; echoed in the response."""

    sync_capable = False
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        markcoroutinefunction(self)

    async def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request_id = given if given.isalnum() and len(given) <= 64 else new_id()
        REQUEST_ID.set(request_id)
        response = await self.get_response(request)
        response["X-Request-ID"] = request_id
        return response
