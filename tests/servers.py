"""Daphne for tests: `tools.servers.daphne` against pytest-django's test database."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

from tools import servers


def test_database_url() -> str:
    """DATABASE_URL of the database the tests are using (pytest-django's test_ copy)."""
    s = connection.settings_dict
    if s["ENGINE"] != "django.db.backends.postgresql":
        raise RuntimeError("server-process tests need PostgreSQL (set DATABASE_URL)")
    return f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST']}:{s['PORT'] or 5432}/{s['NAME']}"


@contextmanager
def daphne_process(
    *, env: dict[str, str] | None = None, log_path: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Start Daphne on a free port with the test settings and database; yield its base URL
    and its process."""
    full_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": test_database_url(),
        **(env or {}),
    }
    with servers.daphne(env=full_env, log_path=log_path) as started:
        yield started


@contextmanager
def daphne(*, env: dict[str, str] | None = None, log_path: Path | None = None) -> Iterator[str]:
    """`daphne_process`, for a test that needs only the URL."""
    with daphne_process(env=env, log_path=log_path) as (url, _process):
        yield url
