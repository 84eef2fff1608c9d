"""Real server processes on free ports: Daphne, for the tests and the load test alike."""

from __future__ import annotations

import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def log_name(test_name: str, suffix: str = ".log") -> str:
    """The file name of a test's server log (the browser suite keeps one per test in
    test-artifacts/daphne/; the repeat command copies a failed test's); with `suffix=""`, its
    folder of failed pages (test-artifacts/failures/)."""
    return re.sub(r"[^\w.-]+", "_", test_name)[:120] + suffix


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(
    port: int, process: subprocess.Popen, timeout: float = 30.0, host: str = "127.0.0.1"
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited with {process.returncode}")
        try:
            with socket.create_connection((host, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on port {port} within {timeout} s")


def _no_core_dumps() -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def stop(process: subprocess.Popen, *, grace: float = 10.0) -> None:
    """SIGTERM, and after `grace` seconds SIGABRT: the server was started with Python's
    faulthandler on, so its log then holds every thread's stack (what kept it from exiting)."""
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGABRT)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def daphne(
    *, env: dict[str, str], log_path: Path | None = None, access_log: bool = True
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Start Daphne (`config.serve`: a SIGTERM drains it, docs/operations.md) with
    `config.asgi:application` on a free port with exactly `env`; yield its base URL and its
    process, and stop it on the way out.  Its errors go to `log_path`, and its
    access log (a line per request and socket event) too unless `access_log` is False."""
    port = free_port()
    with open(log_path or "/dev/null", "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "config.serve",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env={"PYTHONFAULTHANDLER": "1", "RESTART_GRACE_SECONDS": "5", **env},
            stdout=log if access_log else subprocess.DEVNULL,
            stderr=log,
            preexec_fn=_no_core_dumps,  # a SIGABRT from `stop` leaves a log, not a core file
        )
        try:
            wait_for_port(port, process)
            yield f"http://127.0.0.1:{port}", process
        finally:
            stop(process)


@contextmanager
def sweeper(*, env: dict[str, str], log_path: Path, interval: float = 1.0) -> Iterator[subprocess.Popen]:
    """Start `manage.py run_sweeper` with exactly `env`, its log (where it says when it leads
    and when it stands by) to `log_path`; yield its process, and stop it on the way out."""
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "run_sweeper", "--interval", str(interval)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
        try:
            yield process
        finally:
            stop(process)


PGBOUNCER_INI = """\
[databases]
* = host={host} port={port}
[pgbouncer]
listen_addr = {listen_host}
listen_port = {listen}
unix_socket_dir =
auth_type = trust
auth_file = {dir}/users.txt
pool_mode = transaction
max_client_conn = 500
default_pool_size = 20
ignore_startup_parameters = extra_float_digits,options
logfile = {dir}/pgbouncer.log
"""


@contextmanager
def pgbouncer(
    *, host: str, port: int, user: str, listen_host: str = "127.0.0.1", wrap: tuple[str, ...] = ()
) -> Iterator[int]:
    """Start PgBouncer (Debian's /usr/sbin/pgbouncer) in transaction mode in front of
    PostgreSQL at host:port, trusting `user`, on `listen_host` (`wrap`: a command prefix, such
    as `ip netns exec NS`); yield its port.  It refuses to run as root, so as root it runs as
    the postgres user (in a directory of its own: pytest's are root's)."""
    listen = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="rummy-pgbouncer-"))
    (workdir / "users.txt").write_text(f'"{user}" ""\n')
    ini = workdir / "pgbouncer.ini"
    ini.write_text(
        PGBOUNCER_INI.format(host=host, port=port, listen_host=listen_host, listen=listen, dir=workdir)
    )
    command = ["/usr/sbin/pgbouncer", str(ini)]
    if os.geteuid() == 0:
        for path in (workdir, *workdir.iterdir()):
            shutil.chown(path, "postgres")
        command = ["runuser", "-u", "postgres", "--", *command]
    process = subprocess.Popen([*wrap, *command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(listen, process, host=listen_host)
        yield listen
    finally:
        stop(process)
        shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def redis_behind_sentinel(*, master: str = "rummy") -> Iterator[tuple[int, int]]:
    """A throwaway Redis and one Sentinel watching it as `master` (Debian's redis-server and
    redis-sentinel); yield the Redis port and the Sentinel port."""
    redis_port, sentinel_port = free_port(), free_port()
    workdir = Path(tempfile.mkdtemp(prefix="rummy-sentinel-"))
    conf = workdir / "sentinel.conf"  # Sentinel rewrites its file: one of its own
    conf.write_text(
        f"port {sentinel_port}\nbind 127.0.0.1\ndir {workdir}\n"
        f"sentinel monitor {master} 127.0.0.1 {redis_port} 1\n"
    )
    redis = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
    )
    sentinel = subprocess.Popen(["redis-sentinel", str(conf)], stdout=subprocess.DEVNULL)
    try:
        wait_for_port(redis_port, redis)
        wait_for_port(sentinel_port, sentinel)
        yield redis_port, sentinel_port
    finally:
        stop(sentinel)
        stop(redis)
        shutil.rmtree(workdir, ignore_errors=True)
