"""A web process (`python -m config.serve`) runs Twisted's reactor on uvloop's event loop;
importing the module, as tests do, leaves everyone else's loops alone."""

import asyncio
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from tests import servers as test_servers
from tools.servers import ROOT


def _loaded(pid: int, name: str) -> bool:
    return name in Path(f"/proc/{pid}/maps").read_text()


@pytest.mark.django_db(transaction=True)
def test_a_web_process_serves_on_uvloop():
    if connection.vendor != "postgresql":
        pytest.skip("server-process tests need PostgreSQL (set DATABASE_URL)")
    with test_servers.daphne_process() as (url, process):
        with urllib.request.urlopen(f"{url}/healthz", timeout=30) as response:
            assert response.status == 200
        assert _loaded(process.pid, "uvloop/loop.cpython")


def test_importing_the_server_module_changes_no_event_loop_policy():
    script = (
        "import asyncio, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings');"
        " import django; django.setup(); import config.serve, daphne.server;"
        " print(type(asyncio.get_event_loop_policy()).__module__, type(daphne.server.twisted_loop).__module__)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "DEBUG": "1"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["asyncio.unix_events", "asyncio.unix_events"]
    assert type(asyncio.get_event_loop_policy()).__module__ == "asyncio.unix_events"
