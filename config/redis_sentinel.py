"""Redis through Sentinel, from the environment: REDIS_SENTINELS=host:port,... and
REDIS_SENTINEL_MASTER=name; REDIS_URL then gives only the database number and password.

The channel layer takes channels_redis' own Sentinel host form (`sentinels`, `master_name`);
Django's cache makes its pools with `from_url`, so `SentinelPool` gives redis-py's
SentinelConnectionPool that constructor.  Either asks the Sentinels for the master and asks
again when a connection to it fails, so a promoted replica is found by itself.
"""

from __future__ import annotations

from typing import Any

from redis.connection import parse_url
from redis.sentinel import Sentinel, SentinelConnectionPool


def sentinel_addresses(value: list[str]) -> list[tuple[str, int]]:
    """`["10.0.0.5:26379", ...]` as (host, port) pairs."""
    return [(host, int(port)) for host, port in (item.rsplit(":", 1) for item in value)]


def connection_options(url: str) -> dict[str, Any]:
    """What of REDIS_URL still applies behind Sentinel: the database, user and password."""
    return {k: v for k, v in parse_url(url).items() if k in ("db", "username", "password")}


class SentinelPool(SentinelConnectionPool):
    @classmethod
    def from_url(cls, url, *, sentinels, master_name, **options):  # type: ignore[override]
        return cls(master_name, Sentinel(sentinels), **connection_options(url), **options)
