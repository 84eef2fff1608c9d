"""The server processes of a load run: Daphne workers and the sweeper."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(port: int, process: subprocess.Popen, timeout: float = 30) -> None:
    import socket
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"a server exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listened on {port}")


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user and system) the processes have used so far (Linux's /proc)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


@contextmanager
def running_servers(*, env: dict[str, str], workers: int):
    """Start `workers` Daphne processes and one sweeper; yield the servers' base URLs and
    the Daphne processes' ids."""
    processes, urls = [], []
    try:
        for _ in range(workers):
            port = _free_port()
            process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "daphne",
                    "-b",
                    "127.0.0.1",
                    "-p",
                    str(port),
                    "config.asgi:application",
                ],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=open(f"/tmp/loadtest-daphne-{port}.log", "wb"),  # noqa: SIM115
            )
            processes.append(process)
            _wait(port, process)
            urls.append(f"http://127.0.0.1:{port}")
        processes.append(
            subprocess.Popen(
                [sys.executable, "manage.py", "run_sweeper"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
            )
        )
        yield urls, [p.pid for p in processes[:workers]]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
