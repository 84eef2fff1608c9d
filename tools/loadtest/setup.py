"""A fresh database for one load run: players, signed-in sessions, and rooms ready to play."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from tools.servers import ROOT


def database_url(base_url: str, name: str) -> str:
    parts = urlsplit(base_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def recreate_database(base_url: str, name: str) -> str:
    """Drop and create database `name` on the server of `base_url`; return its URL.

    A database still in use is refused, not forced: pulled from under a running load run, its
    servers would carry on in the new one, where ids start again, and their sockets' cached
    users and matches would then be the new run's."""
    import psycopg

    with psycopg.connect(base_url, autocommit=True) as conn:
        try:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        except psycopg.errors.ObjectInUse:
            raise SystemExit(f"database {name} is in use (another load run?): set LOADTEST_DB") from None
        conn.execute(f'CREATE DATABASE "{name}"')
    return database_url(base_url, name)


def migrate(env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)


@dataclass(frozen=True)
class Table:
    code: str
    cookies: tuple[str, str]


def prepare_tables(*, games: int, target: int) -> list[Table]:
    """Create 2 x `games` players and `games` rooms with both seats taken (Django must be set up)."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games import services
    from games.identity import Identity
    from games.models import RuleSet

    base = RuleSet.objects.get(slug="gin-classic")
    ruleset, _ = RuleSet.objects.get_or_create(
        slug=f"load-{target}",
        defaults={"name": "Load", "family": "gin", "flags": {**base.flags, "match_target": target}},
    )
    User = get_user_model()
    tables = []
    for n in range(games):
        users = [
            User.objects.create_user(
                username=f"load{n}{s}", email=f"load{n}{s}@example.com", display_name=f"L{n}{s}"
            )
            for s in "ab"
        ]
        room = services.do_create_room(identity=Identity(user_id=users[0].pk), ruleset=ruleset)
        services.do_take_seat(room=room, identity=Identity(user_id=users[1].pk))
        cookies = []
        for user in users:
            client = Client()
            client.force_login(user)
            cookies.append(
                f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
            )
        tables.append(Table(code=room.code, cookies=tuple(cookies)))
    return tables


def base_env(*, database: str, redis: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "load-test-only-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": database,
        "REDIS_URL": redis,
    }


def fresh_site(*, db_name: str, redis_url: str) -> dict[str, str]:
    """A new database `db_name` on `$DATABASE_URL`'s server (else the local one), migrated, an
    emptied Redis, Django set up in this process against them; the servers' environment."""
    base_db = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    env = base_env(database=recreate_database(base_db, db_name), redis=redis_url)
    os.environ.update(env)
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    migrate(env)
    import django

    django.setup()
    return env
