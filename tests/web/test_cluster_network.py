"""The cluster test's network: each run claims a bridge and a subnet of its own, so a second run
on the machine (or what a killed one left) does not stop it, and each run removes what it made.
Needs root, like the cluster test."""

import os
import shutil
import subprocess
from contextlib import ExitStack

import pytest

from tools.cluster.__main__ import HOSTS, make_network


def namespaces_possible() -> bool:
    if os.geteuid() != 0 or not shutil.which("ip"):
        return False
    name = f"rdc-probe-{os.getpid()}"
    if subprocess.run(["ip", "netns", "add", name], capture_output=True).returncode != 0:
        return False
    subprocess.run(["ip", "netns", "del", name], check=False)
    return True


pytestmark = pytest.mark.skipif(not namespaces_possible(), reason="needs root and network namespaces")


def link_exists(name: str) -> bool:
    return subprocess.run(["ip", "link", "show", name], capture_output=True).returncode == 0


def namespaces() -> set[str]:
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=True)
    return {line.split()[0] for line in listed.stdout.splitlines() if line.strip()}


def test_two_runs_at_once_each_have_a_network_and_remove_it():
    with ExitStack() as first_run:
        first = make_network(first_run)
        with ExitStack() as second_run:
            second = make_network(second_run)
            assert first.bridge != second.bridge
            assert first.prefix != second.prefix
            assert link_exists(first.bridge) and link_exists(second.bridge)
            assert {second.namespace(host) for host in HOSTS} <= namespaces()
        assert not link_exists(second.bridge)
        assert not {second.namespace(host) for host in HOSTS} & namespaces()
        assert link_exists(first.bridge)
    assert not link_exists(first.bridge)
    assert not {first.namespace(host) for host in HOSTS} & namespaces()
