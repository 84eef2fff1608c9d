"""The cluster test: hosts made of network namespaces, players through the proxy, and three
failures and a rolling restart while they play.

    web1, web2   a Daphne (python -m config.serve) and a sweeper each
    proxy        nginx with deploy/nginx/rummy.conf, upstreams web1 and web2
    data         PostgreSQL, PgBouncer (transaction mode), Redis with a replica, three Sentinels

joined by a bridge (10.77.N.0/24, N free on this machine, this process at .1). While the players play: web1's Daphne
is killed (SIGKILL; its players reconnect through the proxy to web2), the Redis primary is
killed (Sentinel promotes the replica), the leading sweeper is killed (the other takes over),
then a rolling restart: web1's Daphne starts again and web2's is stopped by SIGTERM (it drains
its sockets to web1) and started again.
At the end every match must replay to its stored state and hold each acknowledged action
exactly once.  Needs root (namespaces); exits 0 with a message where they cannot be made.
Traffic goes only to the addresses it made; it removes its namespaces and bridge however it
ends.  `python -m tools.cluster [--tables 8] [--json]`; docs/operations.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from tools.loadtest.checks import check_tables
from tools.servers import ROOT, pgbouncer, stop, wait_for_port

HOSTS = {"web1": 11, "web2": 12, "proxy": 20, "data": 30}
SENTINELS = [26379, 26380, 26381]
MASTER = "rummy"


def run(*command: str) -> None:
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


@dataclass(frozen=True)
class Network:
    """One run's bridge rdcN-br on 10.77.N.0/24 and its namespaces rdcN-<host>: a number of
    its own, so a second run on the machine, or the remains of one killed, are left alone."""

    number: int

    @property
    def prefix(self) -> str:
        return f"10.77.{self.number}"

    @property
    def bridge(self) -> str:
        return f"rdc{self.number}-br"

    def namespace(self, host: str) -> str:
        return f"rdc{self.number}-{host}"  # also its veth's name: at most 12 characters

    def address(self, host: str) -> str:
        return f"{self.prefix}.{HOSTS[host]}"

    @property
    def data(self) -> str:
        return self.address("data")

    def in_ns(self, host: str) -> tuple[str, ...]:
        return ("ip", "netns", "exec", self.namespace(host))


def subnets_in_use() -> set[str]:
    routes = subprocess.run(["ip", "-4", "route", "show", "table", "all"], capture_output=True, text=True)
    return {word.rsplit(".", 1)[0] for word in routes.stdout.split() if word.startswith("10.77.")}


def claim_bridge() -> Network:
    """The first number whose subnet no route uses and whose bridge can be made: making a
    link is atomic, so two runs never claim the same one."""
    taken = subnets_in_use()
    for number in range(256):
        network = Network(number)
        if network.prefix in taken:
            continue
        made = subprocess.run(["ip", "link", "add", network.bridge, "type", "bridge"], capture_output=True)
        if made.returncode == 0:
            return network
    raise RuntimeError("no free 10.77.N.0/24 for the cluster's bridge")


def make_network(stack: ExitStack) -> Network:
    network = claim_bridge()
    stack.callback(subprocess.run, ["ip", "link", "del", network.bridge], check=False)
    run("ip", "addr", "add", f"{network.prefix}.1/24", "dev", network.bridge)
    run("ip", "link", "set", network.bridge, "up")
    for host in HOSTS:
        name = network.namespace(host)
        # A run killed before its clean-up may have left these under its number.
        subprocess.run(["ip", "netns", "del", name], check=False, capture_output=True)
        subprocess.run(["ip", "link", "del", name], check=False, capture_output=True)
        run("ip", "netns", "add", name)
        stack.callback(subprocess.run, ["ip", "netns", "del", name], check=False)
        run("ip", "link", "add", name, "type", "veth", "peer", "name", "eth0", "netns", name)
        # Deleted at once (a namespace's own links go when the kernel gets round to it).
        stack.callback(subprocess.run, ["ip", "link", "del", name], check=False, capture_output=True)
        run("ip", "link", "set", name, "master", network.bridge, "up")
        run(*network.in_ns(host), "ip", "addr", "add", f"{network.address(host)}/24", "dev", "eth0")
        run(*network.in_ns(host), "ip", "link", "set", "eth0", "up")
        run(*network.in_ns(host), "ip", "link", "set", "lo", "up")
    return network


class Processes:
    def __init__(self, stack: ExitStack, logs: Path, network: Network):
        self.stack, self.logs, self.network, self.all = stack, logs, network, {}

    def start(self, name: str, host: str, *command: str, env=None) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115 (closed with the stack)
        self.stack.callback(log.close)
        process = subprocess.Popen(
            [*self.network.in_ns(host), *command], cwd=ROOT, env=env, stdout=log, stderr=log
        )
        self.stack.callback(stop, process)
        self.all[name] = process
        return process

    def log(self, name: str) -> str:
        return (self.logs / f"{name}.log").read_text(errors="replace")


def start_postgres(procs: Processes, work: Path) -> str:
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not bins:
        raise SystemExit("PostgreSQL is not installed")
    bin_dir, data_host = bins[-1].parent, procs.network.data
    data = work / "pg"
    shutil.chown(work, "postgres")
    as_pg = ("runuser", "-u", "postgres", "--")
    run(*as_pg, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust")
    with open(data / "pg_hba.conf", "a") as hba:
        hba.write(f"host all all {procs.network.prefix}.0/24 trust\n")
    procs.start(
        "postgres",
        "data",
        *as_pg,
        str(bin_dir / "postgres"),
        "-D",
        str(data),
        "-h",
        data_host,
        "-k",
        str(work),
        "-c",
        "fsync=off",
        "-c",
        "max_connections=200",
    )
    wait_for_port(5432, procs.all["postgres"], host=data_host)
    return f"postgres://postgres@{data_host}:5432/rummy"


def start_redis(procs: Processes, work: Path) -> None:
    data_host = procs.network.data
    common = (
        "--bind",
        data_host,
        "--protected-mode",
        "no",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(work),
    )
    procs.start("redis-primary", "data", "redis-server", "--port", "6379", *common)
    procs.start(
        "redis-replica", "data", "redis-server", "--port", "6380", "--replicaof", data_host, "6379", *common
    )
    for port in SENTINELS:
        conf = work / f"sentinel-{port}.conf"  # each rewrites its own file
        conf.write_text(
            f"port {port}\nbind {data_host}\nprotected-mode no\ndir {work}\nsentinel monitor {MASTER} {data_host} 6379 2\n"
            f"sentinel down-after-milliseconds {MASTER} 2000\nsentinel failover-timeout {MASTER} 5000\n"
        )
        procs.start(f"sentinel-{port}", "data", "redis-sentinel", str(conf))
    for name, port in [("redis-primary", 6379), ("redis-replica", 6380)] + [
        (f"sentinel-{p}", p) for p in SENTINELS
    ]:
        wait_for_port(port, procs.all[name], host=data_host)


def start_proxy(procs: Processes, work: Path) -> str:
    site = (ROOT / "deploy/nginx/rummy.conf").read_text()
    for port, host in (("8001", "web1"), ("8002", "web2")):  # the file's two processes, each upstream
        site = site.replace(f"server 127.0.0.1:{port} ", f"server {procs.network.address(host)}:8000 ")
    site = site.replace("/srv/rummy/staticfiles/", f"{ROOT}/static/")
    (work / "rummy.conf").write_text(site)
    (work / "nginx.conf").write_text(
        f"pid {work}/nginx.pid;\nerror_log {work}/nginx-error.log;\nevents {{}}\n"
        f"http {{ access_log off; client_body_temp_path {work}; proxy_temp_path {work};\n"
        f"include {work}/rummy.conf; }}\n"
    )
    procs.start("nginx", "proxy", "nginx", "-c", str(work / "nginx.conf"), "-g", "daemon off;")
    wait_for_port(80, procs.all["nginx"], host=procs.network.address("proxy"))
    return f"http://{procs.network.address('proxy')}"


def wait_until(predicate, timeout: float, what: str) -> float:
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise RuntimeError(f"no {what} within {timeout} s")
        time.sleep(0.1)
    return time.monotonic() - start


def sentinel_master(network: Network) -> tuple[str, int] | None:
    import redis

    try:
        host, port = redis.Redis(
            host=network.data, port=SENTINELS[0], socket_timeout=1
        ).sentinel_get_master_addr_by_name(MASTER)
        return (host.decode() if isinstance(host, bytes) else host), int(port)
    except Exception:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=240, help="seconds for the games to finish")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if os.geteuid() != 0 or not shutil.which("ip"):
        print("cluster test skipped: it needs root and iproute2 to make network namespaces")
        return 0
    probe_name = f"rdc-probe-{os.getpid()}"
    probe = subprocess.run(["ip", "netns", "add", probe_name], capture_output=True)
    if probe.returncode != 0:
        print(
            f"cluster test skipped: network namespaces cannot be made here ({probe.stderr.decode().strip()})"
        )
        return 0
    subprocess.run(["ip", "netns", "del", probe_name], check=False)
    for tool in ("nginx", "pgbouncer", "redis-sentinel", "redis-server"):
        if not shutil.which(tool, path="/usr/sbin:/usr/bin:/sbin:/bin"):
            raise SystemExit(f"{tool} is missing (scripts/cluster_test.sh installs it)")

    with ExitStack() as stack:
        return run_cluster(stack, args)


def dump_logs(procs: Processes, work: Path) -> None:
    for name in procs.all:
        print(f"--- {name}\n" + procs.log(name)[-2000:], file=sys.stderr)
    errors = work / "nginx-error.log"
    if errors.exists():
        print("--- nginx-error.log\n" + errors.read_text(errors="replace")[-2000:], file=sys.stderr)


def run_cluster(stack: ExitStack, args) -> int:
    work = Path(tempfile.mkdtemp(prefix="rummy-cluster-"))
    os.chmod(work, 0o755)
    stack.callback(shutil.rmtree, work, ignore_errors=True)
    logs = work / "logs"
    logs.mkdir()
    # Processes stop (callbacks run last-in first-out) before the network goes.
    network = make_network(stack)
    procs = Processes(stack, logs, network)
    try:
        direct = start_postgres(procs, work)
        import psycopg

        with psycopg.connect(direct.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE rummy")
        bouncer_port = stack.enter_context(
            pgbouncer(
                host=network.data,
                port=5432,
                user="postgres",
                listen_host=network.data,
                wrap=network.in_ns("data"),
            )
        )
        start_redis(procs, work)
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": "cluster-test-only-" + "x" * 40,
            "ALLOWED_HOSTS": network.address("proxy"),
            "DATABASE_URL": f"postgres://postgres@{network.data}:{bouncer_port}/rummy",
            "DATABASE_PGBOUNCER": "1",
            "SWEEPER_LOCK_DATABASE_URL": direct,
            "REDIS_URL": "redis://sentinel/0",
            "REDIS_SENTINELS": ",".join(f"{network.data}:{p}" for p in SENTINELS),
            "REDIS_SENTINEL_MASTER": MASTER,
        }
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v0"],
            cwd=ROOT,
            env={**env, "DATABASE_URL": direct},
            check=True,
        )

        def start_daphne(host: str, name: str) -> subprocess.Popen:
            command = (
                "-m",
                "config.serve",
                "-b",
                network.address(host),
                "-p",
                "8000",
                "config.asgi:application",
            )
            return procs.start(name, host, sys.executable, *command, env=env)

        for host in ("web1", "web2"):
            start_daphne(host, f"daphne-{host}")
        for host in ("web1", "web2"):
            wait_for_port(8000, procs.all[f"daphne-{host}"], host=network.address(host))
        procs.start(
            "sweeper-web1", "web1", sys.executable, "manage.py", "run_sweeper", "--interval", "0.5", env=env
        )
        wait_until(lambda: "sweeper leading" in procs.log("sweeper-web1"), 30, "leading sweeper")
        procs.start(
            "sweeper-web2", "web2", sys.executable, "manage.py", "run_sweeper", "--interval", "0.5", env=env
        )
        wait_until(lambda: "standing by" in procs.log("sweeper-web2"), 30, "standby sweeper")
        url = start_proxy(procs, work)

        os.environ.update({**env, "DATABASE_URL": direct})
        import django

        django.setup()
        from tools.cluster.players import Tally, play_tables
        from tools.loadtest.setup import prepare_tables

        tables = prepare_tables(games=args.tables, target=100)
        tally = Tally()
        events: dict[str, float] = {}

        async def failures() -> None:
            await asyncio.sleep(4)
            procs.all["daphne-web1"].send_signal(signal.SIGKILL)
            events["daphne_web1_killed"] = time.monotonic()
            await asyncio.sleep(6)
            procs.all["redis-primary"].send_signal(signal.SIGKILL)
            promoted = await asyncio.to_thread(
                wait_until, lambda: sentinel_master(network) == (network.data, 6380), 30, "promotion"
            )
            events["redis_promoted_after_s"] = round(promoted, 1)
            await asyncio.sleep(3)
            procs.all["sweeper-web1"].send_signal(signal.SIGKILL)
            took = await asyncio.to_thread(
                wait_until, lambda: "sweeper leading" in procs.log("sweeper-web2"), 10, "sweeper takeover"
            )
            events["sweeper_takeover_s"] = round(took, 1)
            # A rolling restart: web1 comes back, then web2 is stopped as a deploy stops it
            # (SIGTERM: its sockets are told to reconnect, to web1) and started again.
            back = start_daphne("web1", "daphne-web1-restarted")
            await asyncio.to_thread(wait_for_port, 8000, back, host=network.address("web1"))
            await asyncio.sleep(6)  # nginx tries a failed upstream again after fail_timeout (5 s)
            started = time.monotonic()
            await asyncio.to_thread(stop, procs.all["daphne-web2"], grace=30)
            events["web2_drained_s"] = round(time.monotonic() - started, 1)
            again = start_daphne("web2", "daphne-web2-restarted")
            await asyncio.to_thread(wait_for_port, 8000, again, host=network.address("web2"))
            events["web2_exit_code"] = procs.all["daphne-web2"].returncode

        async def session() -> None:
            await asyncio.gather(
                play_tables(url=url, tables=tables, tally=tally, timeout=args.timeout), failures()
            )

        started = time.monotonic()
        asyncio.run(session())
        bad = check_tables(tables, sent=tally.acked, only_sent=False)
        report = {
            "tables": len(tables),
            "finished": tally.finished,
            "unfinished": tally.unfinished,
            "actions_acked": sum(len(a) for a in tally.acked.values()),
            "reconnects": tally.reconnects,
            "refused": len(tally.refused),
            "redis_promoted_after_s": events.get("redis_promoted_after_s"),
            "sweeper_takeover_s": events.get("sweeper_takeover_s"),
            "web2_drained_s": events.get("web2_drained_s"),
            "web2_exit_code": events.get("web2_exit_code"),
            "inconsistent": bad,
            "seconds": round(time.monotonic() - started, 1),
        }
        print(json.dumps(report, indent=None if args.json else 2))
        drained = events.get("web2_exit_code") == 0  # it drained, not stopped by force at the grace
        ok = drained and not bad and not tally.unfinished and tally.finished == len(tables)
        if not ok:
            print("cluster test FAILED; the processes' last words:", file=sys.stderr)
            dump_logs(procs, work)
        return 0 if ok else 1
    except BaseException:
        dump_logs(procs, work)
        raise


if __name__ == "__main__":
    sys.exit(main())
