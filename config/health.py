"""`GET /healthz` for a proxy or an orchestrator: 200 when the database answers and a message
makes a round trip through the channel layer (Redis in production), else 503 naming the part
that failed.

It answers first in the middleware chain, so it needs no session, no CSRF token, no allowed
Host (a probe often calls by IP address) and no HTTPS redirect (a probe talks to the process
behind the TLS proxy), and it is never cached.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import markcoroutinefunction, sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse

PATH = "/healthz"
TIMEOUT = 2.0
"""Seconds each check may take before it counts as failed."""

logger = logging.getLogger(__name__)


def _query_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


async def check_database() -> None:
    await sync_to_async(_query_database)()


async def check_channel_layer() -> None:
    """Send to a fresh channel of this process and receive the message back."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "health.check"})
    message = await layer.receive(channel)
    if message.get("type") != "health.check":
        raise RuntimeError(f"the layer gave back {message!r}")


CHECKS = {"database": check_database, "channel_layer": check_channel_layer}


async def health() -> tuple[int, dict[str, str]]:
    results = {}
    for name, check in CHECKS.items():
        try:
            await asyncio.wait_for(check(), TIMEOUT)
        except Exception as error:  # noqa: BLE001 (any failure is the answer, not a crash)
            logger.warning("health check %s failed: %r", name, error)
            results[name] = "failed"
        else:
            results[name] = "ok"
    failed = [name for name, result in results.items() if result != "ok"]
    return (503 if failed else 200), {"status": "failed" if failed else "ok", **results}


class HealthCheckMiddleware:
    """First in MIDDLEWARE: answers `GET`/`HEAD /healthz`, passes everything else on."""

    sync_capable = False
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response  # a coroutine function: Django adapts for async-only
        markcoroutinefunction(self)

    async def __call__(self, request):
        if request.path_info != PATH:
            return await self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            response = JsonResponse({"status": "method_not_allowed"}, status=405)
            response["Allow"] = "GET, HEAD"
        else:
            status, body = await health()
            response = JsonResponse(body, status=status)
        response["Cache-Control"] = "no-store"
        return response
