"""CPU_AFFINITY pins a Daphne process and all its threads to its CPUs (config/affinity.py): on
these machines a thread hand-off within one CPU costs a quarter of one across two."""

import os
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from config.affinity import parse_cpus, pin_threads
from tests import servers as test_servers
from tools.servers import ROOT


def test_a_cpu_list_names_its_cpus():
    assert parse_cpus("1") == {1}
    assert parse_cpus("0,2-3") == {0, 2, 3}
    assert parse_cpus(" 0 , 1 ") == {0, 1}


@pytest.mark.parametrize("spec", ["", "x", "1-", "-1", "3-1", "0,,1", "1.5", "0-99999999"])
def test_a_malformed_cpu_list_is_refused_saying_what_is_expected(spec):
    with pytest.raises(SystemExit, match="expected CPU numbers and ranges"):
        parse_cpus(spec)


def test_a_server_told_a_cpu_the_machine_lacks_exits_saying_which_it_has():
    env = {**os.environ, "CPU_AFFINITY": "4095", "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "config.serve", "-p", "0", "config.asgi:application"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "CPU_AFFINITY=4095: this machine has CPUs" in done.stderr


def _allowed_cpus(pid: int) -> dict[int, str]:
    """Each thread of process `pid` and the CPUs it may run on (as taskset lists them); a
    thread that ends while they are read is left out."""
    allowed = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            status = (task / "status").read_text()
        except (FileNotFoundError, ProcessLookupError):  # gone before its listing, or as it is read
            continue
        for line in status.splitlines():
            if line.startswith("Cpus_allowed_list:"):
                allowed[int(task.name)] = line.split(":", 1)[1].strip()
    return allowed


def test_a_thread_that_ends_as_its_cpus_are_read_is_left_out(monkeypatch):
    """Linux answers ESRCH for a thread that ended after the listing: the pinned-server test
    below failed so once, as a database thread of the server it read came and went."""
    ending = threading.Event()
    thread = threading.Thread(target=ending.wait)
    thread.start()
    read = Path.read_text

    def read_or_gone(path, *args, **kwargs):
        if path.parent.name == str(thread.native_id):
            raise ProcessLookupError(3, "No such process")
        return read(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_or_gone)
    try:
        allowed = _allowed_cpus(os.getpid())
    finally:
        ending.set()
        thread.join()
    assert thread.native_id not in allowed and threading.get_native_id() in allowed


def test_pinning_passes_over_a_thread_that_ended_after_the_listing(monkeypatch):
    listed = os.listdir
    ended = str(2**22 + 1)  # above any thread id Linux hands out (pid_max is at most 2**22)
    monkeypatch.setattr(os, "listdir", lambda path: [*listed(path), ended])
    pin_threads(os.sched_getaffinity(0))  # where it runs already: nothing changes for the test


@pytest.mark.django_db(transaction=True)
def test_a_pinned_server_runs_every_thread_on_its_cpu():
    if connection.vendor != "postgresql":
        pytest.skip("server-process tests need PostgreSQL (set DATABASE_URL)")
    cpu = max(os.sched_getaffinity(0))
    with test_servers.daphne_process(env={"CPU_AFFINITY": str(cpu)}) as (url, process):
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as response:
            assert response.status == 200
        assert set(_allowed_cpus(process.pid).values()) == {str(cpu)}


def test_a_thread_started_after_the_pinning_runs_on_the_same_cpus():
    cpu = max(os.sched_getaffinity(0))
    script = (
        "import os, threading; from config.affinity import pin_to_cpus; pin_to_cpus(os.environ['CPU']);"
        " t = threading.Thread(target=lambda: print(sorted(os.sched_getaffinity(0)))); t.start(); t.join()"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "CPU": str(cpu)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == f"[{cpu}]"


def test_the_deployed_instances_take_their_metrics_port_and_cpu_from_their_port(tmp_path):
    """deploy/systemd/rummy-daphne@.service's ExecStartPre, as systemd runs it for instances
    8001 and 8002 (`%i` the instance, `%%` a percent sign; `+`: as root)."""
    unit = (ROOT / "deploy/systemd/rummy-daphne@.service").read_text()
    (line,) = [line for line in unit.splitlines() if line.startswith("ExecStartPre=+/bin/sh -c ")]
    script = line.removeprefix("ExecStartPre=+/bin/sh -c ").strip("'")
    cpus = len(os.sched_getaffinity(0))  # what nproc counts
    for port in (8001, 8002):
        command = script.replace("%i", str(port)).replace("%%", "%").replace("/run/", f"{tmp_path}/")
        subprocess.run(["/bin/sh", "-c", command], check=True)
        written = (tmp_path / f"rummy-daphne-{port}.env").read_text().split()
        assert written == [f"METRICS_PORT=9{str(port)[-3:]}", f"CPU_AFFINITY={port % cpus}"]
