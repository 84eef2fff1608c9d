"""Real server processes for tests: Daphne on a free port, against the test database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_database_url() -> str:
    """DATABASE_URL of the database the tests are using (pytest-django's test_ copy)."""
    s = connection.settings_dict
    if s["ENGINE"] != "django.db.backends.postgresql":
        raise RuntimeError("server-process tests need PostgreSQL (set DATABASE_URL)")
    return f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST']}:{s['PORT'] or 5432}/{s['NAME']}"


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


@contextmanager
def daphne(*, env: dict[str, str] | None = None, log_path: Path | None = None):
    """Start `daphne config.asgi:application` on a free port; yield its base URL."""
    port = free_port()
    full_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": test_database_url(),
        **(env or {}),
    }
    log = open(log_path, "wb") if log_path else subprocess.DEVNULL  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=full_env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        if log_path:
            log.close()
