"""The server processes of a load run: Daphne workers and the sweeper."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from tools.servers import ROOT, daphne, stop


def cpu_seconds(pids: list[int]) -> float:
    """CPU time (user and system) the processes have used so far (Linux's /proc)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


@contextmanager
def running_servers(
    *, env: dict[str, str], workers: int, pin: bool = True
) -> Iterator[tuple[list[str], list[int]]]:
    """Start `workers` Daphne processes and one sweeper; yield the servers' base URLs and
    the Daphne processes' ids.  With `pin`, as deployed (deploy/systemd/rummy-daphne@.service):
    each Daphne process on a CPU of its own, in turn (`CPU_AFFINITY`, config/serve.py)."""
    cpus = sorted(os.sched_getaffinity(0))
    with ExitStack() as stack:
        started = [
            stack.enter_context(
                daphne(
                    env={**env, "CPU_AFFINITY": str(cpus[n % len(cpus)])} if pin else env,
                    log_path=Path(f"/tmp/loadtest-daphne-{n}.log"),
                    access_log=False,
                )
            )
            for n in range(workers)
        ]
        sweeper = subprocess.Popen(
            [sys.executable, "manage.py", "run_sweeper"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
        )
        stack.callback(stop, sweeper)
        yield [url for url, _ in started], [process.pid for _, process in started]
