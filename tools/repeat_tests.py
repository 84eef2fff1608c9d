"""Run the browser suite and the socket tests N times in a row and count each test's failures.

    .venv/bin/python -m tools.repeat_tests --runs 10 --hog

Each run is two pytest commands, as scripts/test.sh runs them: the Playwright suite on its own,
then the socket tests, each in `--processes` pytest-xdist workers (TEST_PROCESSES, else 2).
pytest's junit XML says which test failed in which run; each failure's short traceback goes to
OUT/run-K/<test>.txt.  `--hog` keeps one busy process per core running
for the whole time (a loaded CI machine); the hogs and any pytest still running are stopped at
the end, on Ctrl-C or on failure.  `--max-minutes` bounds the whole command: no run is begun
that would not finish in the time left (judged by the longest so far), one under way is stopped
at the limit, and the report covers the runs made.  Exit status 1 when any
test failed (or a run did not finish), else 0.  docs/testing.md has the recorded results.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tools.servers import log_name

ROOT = Path(__file__).resolve().parent.parent
# The socket tests: every test module outside the browser suite that opens a socket or runs
# servers of its own (a communicator, a websockets client, a Daphne, a Redis), found afresh so
# none is missed.
SOCKET_MARKERS = (
    "WebsocketCommunicator",
    "import websockets",
    "tests.games.sockets",
    "import daphne",
    "import servers",
    "wait_for_port",
)
# Its socket test only sees handshakes refused; the rest of it is 90 s of HTTP requests.
NOT_SOCKET_TESTS = {"tests/web/test_malformed_input.py"}


def socket_tests() -> tuple[str, ...]:
    found = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith("tests/browser/") or name in NOT_SOCKET_TESTS:
            continue
        if any(marker in path.read_text() for marker in SOCKET_MARKERS):
            found.append(name)
    return tuple(found)


SOCKET_TESTS = socket_tests()
SUITES = {"browser": ("tests/browser",), "sockets": SOCKET_TESTS}
HOG = "while True: pass"
UNFINISHED = "(the run did not finish)"
DAPHNE_LOGS = ROOT / "test-artifacts" / "daphne"
FAILED_PAGES = ROOT / "test-artifacts" / "failures"  # tests/browser/conftest.py: save_pages


@dataclass
class Run:
    number: int
    seconds: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)
    tests: int = 0
    failed: list[str] = field(default_factory=list)
    unfinished: list[str] = field(default_factory=list)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.repeat_tests", description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="how many runs in a row (default 3)")
    parser.add_argument("--hog", action="store_true", help="one busy process per core meanwhile")
    parser.add_argument(
        "--suite", choices=sorted(SUITES), action="append", help="only this suite (repeatable; default both)"
    )
    parser.add_argument(
        "--max-minutes",
        type=float,
        default=120.0,
        help="stop the whole command after this long (default 120)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=int(os.environ.get("TEST_PROCESSES", "2")),
        help="pytest-xdist workers per suite, as scripts/test.sh (default TEST_PROCESSES or 2; 0: one process)",
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "test-artifacts" / "repeat", help="where reports and tracebacks go"
    )
    parser.add_argument("pytest_args", nargs="*", help="passed on to each pytest (after --)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.processes < 0:
        parser.error("--processes must be at least 0")
    return args


@contextmanager
def hogs(enabled: bool):
    """One busy Python process per core while the block runs; always stopped after it."""
    processes = []
    try:
        if enabled:
            processes = [
                subprocess.Popen([sys.executable, "-c", HOG], stdin=subprocess.DEVNULL)
                for _ in range(os.cpu_count() or 1)
            ]
        yield len(processes)
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.wait()


def run_pytest(
    paths: tuple[str, ...], *, xml: Path, env: dict[str, str], extra: list[str], timeout: float
) -> bool:
    """One pytest process writing junit XML; False when it had to be stopped at `timeout`.  It
    runs in a session of its own so that stopping it also stops its Daphne and Chromium."""
    command = [
        sys.executable,
        "-m",
        "pytest",
        *paths,
        "-q",
        "--tb=short",
        "-p",
        "no:cacheprovider",
        f"--junitxml={xml}",
        "-o",
        "junit_logging=no",
        *extra,
    ]
    log = xml.with_suffix(".log")
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            process.wait(timeout=max(timeout, 1.0))
            return True
        except subprocess.TimeoutExpired:
            return False
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def test_id(case: ET.Element) -> str:
    """pytest's node id from a junit testcase (classname tests.browser.test_x, name test_y[p])."""
    module, _, cls = case.get("classname", "").partition("::")
    parts = module.split(".")
    # junit's classname joins module path and class with dots: the file is the longest prefix that exists.
    for cut in range(len(parts), 0, -1):
        path = "/".join(parts[:cut]) + ".py"
        if (ROOT / path).exists():
            rest = [*parts[cut:], *([cls] if cls else []), case.get("name", "")]
            return "::".join([path, *rest])
    return f"{case.get('classname')}::{case.get('name')}"


def read_results(xml: Path, run_dir: Path) -> tuple[int, list[str]]:
    """(tests run, failed ids) from one junit file; each failure's text saved beside it."""
    if not xml.exists():
        return 0, []
    tests, failed = 0, []
    for case in ET.parse(xml).getroot().iter("testcase"):
        tests += 1
        problems = [child for child in case if child.tag in ("failure", "error")]
        if not problems:
            continue
        name = test_id(case)
        failed.append(name)
        text = "\n\n".join(f"{p.tag}: {p.get('message', '')}\n{p.text or ''}" for p in problems)
        stem = re.sub(r"[^\w.-]+", "_", name)[-150:]
        (run_dir / f"{stem}.txt").write_text(text)
        # A browser test's Daphne log and pages are overwritten by the next run: the failed test's are kept.
        daphne_log = DAPHNE_LOGS / log_name(case.get("name", ""))
        if daphne_log.exists():
            shutil.copy(daphne_log, run_dir / f"{stem}.daphne.log")
        pages = FAILED_PAGES / log_name(case.get("name", ""), suffix="")
        if pages.exists():
            shutil.copytree(pages, run_dir / f"{stem}.pages", dirs_exist_ok=True)
    return tests, failed


def one_run(number: int, args: argparse.Namespace, deadline: float) -> Run:
    run = Run(number)
    run_dir = args.out / f"run-{number}"
    run_dir.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    env = {**os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE": "true"}  # live-server tests (README)
    for suite in args.suite or ("browser", "sockets"):
        xml = run_dir / f"{suite}.xml"
        finished = run_pytest(
            SUITES[suite],
            xml=xml,
            env=env,
            extra=["-n", str(args.processes), *args.pytest_args],
            timeout=deadline - time.monotonic(),
        )
        tests, failed = read_results(xml, run_dir)
        run.tests += tests
        run.failed += failed
        if not finished or not xml.exists():
            run.unfinished.append(suite)
            break
    run.seconds = time.monotonic() - started
    run.load = os.getloadavg()
    return run


def report(runs: list[Run], args: argparse.Namespace, hog_count: int, planned: int) -> str:
    counts = Counter(name for run in runs for name in run.failed)
    counts.update(
        {UNFINISHED: sum(bool(run.unfinished) for run in runs)} if any(r.unfinished for r in runs) else {}
    )
    lines = [
        f"{len(runs)} of {planned} runs, {hog_count} hog process(es), {os.cpu_count()} cores; "
        f"suites: {', '.join(args.suite or ('browser', 'sockets'))}, {args.processes} xdist worker(s) each",
        "",
        "run  seconds  tests  failed  load average (1, 5, 15 min) at its end",
    ]
    for run in runs:
        unfinished = f"  stopped in {', '.join(run.unfinished)}" if run.unfinished else ""
        load = ", ".join(f"{x:.1f}" for x in run.load)
        lines.append(
            f"{run.number:>3}  {run.seconds:>7.0f}  {run.tests:>5}  {len(run.failed):>6}  {load}{unfinished}"
        )
    lines.append("")
    if counts:
        lines.append("failures per test (of the runs made):")
        for name, times in counts.most_common():
            runs_failed = [
                str(run.number)
                for run in runs
                if name in run.failed or (name == UNFINISHED and run.unfinished)
            ]
            lines.append(f"  {times:>3}  {name}  (runs {', '.join(runs_failed)})")
        lines.append(f"tracebacks: {args.out}/run-K/")
    else:
        lines.append("no test failed" if runs else "no run finished")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + args.max_minutes * 60
    # Ctrl-C (even where a shell started the command with SIGINT ignored) stops the runs and
    # reports; `kill` or a closed terminal end it through the same cleanup.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, lambda *_: sys.exit(143))
    runs: list[Run] = []
    with hogs(args.hog) as hog_count:
        try:
            for number in range(1, args.runs + 1):
                # A run that cannot finish in the time left (the longest so far) is not begun.
                if time.monotonic() + max((r.seconds for r in runs), default=0.0) >= deadline:
                    print(f"--max-minutes: no time for another run after {number - 1}", flush=True)
                    break
                run = one_run(number, args, deadline)
                runs.append(run)
                failed = ", ".join(run.failed + [f"{s} stopped" for s in run.unfinished]) or "none failed"
                print(f"run {number}: {run.tests} tests in {run.seconds:.0f} s; {failed}", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    text = report(runs, args, hog_count, args.runs)
    (args.out / "summary.txt").write_text(text + "\n")
    print(text)
    return 1 if not runs or any(run.failed or run.unfinished for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
