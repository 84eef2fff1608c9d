"""Which sweeper works: any number may run, the one holding the lock sweeps, the rest stand by.

On PostgreSQL the lock is a session-level advisory lock on a connection of its own (Django's
connections come and go with CONN_MAX_AGE, and PgBouncer in transaction mode would hand the
session to someone else: `SWEEPER_LOCK_DATABASE_URL` points past PgBouncer).  PostgreSQL
drops the lock with the session, so when the holder dies its socket closes and a standby
takes the lock at its next try.  On SQLite it is an exclusive `flock` beside the database
file: one machine, and one sweeper working at a time there.

The lock only keeps the standbys idle; a clock fires once because each deadline is claimed
under the match's row lock and checked again there (`games.services.do_timeout`).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
from typing import Any, Protocol

import psycopg
from django.conf import settings

log = logging.getLogger(__name__)
# Any 64-bit number no other program on the database uses: "rummy_sweeper" in ASCII, cut to 8 bytes.
LOCK_KEY = int.from_bytes(b"rummy_sw", "big") >> 1


class Lock(Protocol):
    def hold(self) -> bool:
        """True while this process holds the lock (taking it when free)."""

    def release(self) -> None: ...


class AdvisoryLock:
    """pg_try_advisory_lock on a dedicated autocommit connection, re-checked on every call."""

    def __init__(self, conninfo: dict[str, Any]) -> None:
        self._conninfo = conninfo
        self._conn: psycopg.Connection | None = None
        self._held = False

    def hold(self) -> bool:
        try:
            if self._conn is None:
                self._conn = psycopg.connect(**self._conninfo, autocommit=True, connect_timeout=2)
                self._held = False
            if self._held:
                self._conn.execute("SELECT 1")  # the session, and so the lock, is still there
            else:
                row = self._conn.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY]).fetchone()
                self._held = bool(row and row[0])
        except psycopg.Error as error:
            log.warning("sweeper lock connection lost: %s", error)
            self.release()
        return self._held

    def release(self) -> None:
        self._held = False
        if self._conn is not None:
            with contextlib.suppress(psycopg.Error):
                self._conn.close()  # ends the session, which frees the lock
            self._conn = None


class FileLock:
    """SQLite: an exclusive flock on `<database>.sweeper.lock`."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._file: Any = None

    def hold(self) -> bool:
        if self._file is None:
            file = open(self._path, "a")  # noqa: SIM115 (kept open: the lock lives with it)
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                file.close()
                return False
            self._file = file
        return True

    def release(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def sweeper_lock() -> Lock:
    """The lock for this site's database."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] == "django.db.backends.postgresql":
        if settings.SWEEPER_LOCK_DATABASE_URL:
            return AdvisoryLock({"conninfo": settings.SWEEPER_LOCK_DATABASE_URL})
        params = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"]}
        params |= {"host": db["HOST"], "port": db["PORT"]}
        return AdvisoryLock({k: v for k, v in params.items() if v})
    return FileLock(f"{db['NAME']}.sweeper.lock")
