"""Real server processes on free ports: Daphne, for the tests and the load test alike."""

from __future__ import annotations

import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
            env={"PYTHONFAULTHANDLER": "1", **env},
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
