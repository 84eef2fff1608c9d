"""The bots' decision times in two source trees, side by side.

Plays bot games in this tree (Medium against Medium: classic gin, arcade gin, German Rummy at
three seats) and keeps the views the bots decided on. Then each tree given times every level on
the same views, in passes that alternate the trees (old, new, old, new: a busy spell of the
machine falls on both), each pass in a fresh process that imports only that tree's `games`
(CPU time of the process per decision). Prints p50, p99 and mean per level and tree, and the
ratio of the last tree to the first.

Run: python -m tools.bot_bench --tree /work/wt-before --tree . [--views N] [--passes P] [--json]
(a tree: any checkout whose `games.ai.choose_action(level, view, seed=)` reads these views; a
level a tree does not have is left out of its figures).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.ai import choose_action
from games.rules import rummy
from games.rules.gin import ARCADE, CLASSIC, GinRules, apply, new_match, view_for

# Which levels are timed on which views; Arcade is the arcade rules' own opponent.
KINDS: dict[str, tuple[str, ...]] = {
    "classic": ("easy", "medium", "hard"),
    "arcade": ("arcade",),
    "rummy-3": ("easy", "medium", "hard"),
}

# Runs in the tree's own process: only its `games` package is imported.
TIMER = """
import json, sys, time
from games.ai import choose_action
jobs = json.load(sys.stdin)
out = {}
for name, level, views in jobs:
    try:
        choose_action(level, views[0], seed=0)
    except ValueError:  # a level this tree does not have
        continue
    times = []
    for i, view in enumerate(views):
        start = time.process_time()
        choose_action(level, view, seed=i)
        times.append(time.process_time() - start)
    out[name] = times
json.dump(out, sys.stdout)
"""


def _deal_seed(seed: int, match: int, hand: int) -> str:
    return hashlib.sha256(f"bench:{seed}:{match}:{hand}".encode()).hexdigest()[:32]


def gin_views(rules: GinRules, *, count: int, seed: int) -> list[dict[str, Any]]:
    """The first `count` views Medium decided on, in matches against itself."""
    views: list[dict[str, Any]] = []
    match = 0
    while len(views) < count:
        state = new_match(rules)
        while state.phase != "match_over" and len(views) < count:
            if state.phase in ("deal", "hand_over"):
                state, _ = apply(
                    state, None, {"type": "deal", "seed": _deal_seed(seed, match, state.hand_number)}
                )
                continue
            view = view_for(state, state.turn)
            views.append(view)
            state, _ = apply(state, state.turn, choose_action("medium", view, seed=match))
        match += 1
    return views


def rummy_views(*, seats: int, count: int, seed: int) -> list[dict[str, Any]]:
    """The first `count` views of the seat to play in one-round matches of Medium bots (nobody
    calls a discard)."""
    views: list[dict[str, Any]] = []
    match = 0
    while len(views) < count:
        state = rummy.new_match(rummy.STANDARD, seats=seats, rounds=1, first_seat=match % seats)
        while state.phase != "match_over" and len(views) < count:
            if state.turn is None:
                state, _ = rummy.apply(
                    state, None, {"type": "deal", "seed": _deal_seed(seed, match, state.round)}
                )
                continue
            view = rummy.view_for(state, state.turn)
            views.append(view)
            state, _ = rummy.apply(state, state.turn, choose_action("medium", view, seed=match))
        match += 1
    return views


def collect(*, count: int, seed: int) -> dict[str, list[dict[str, Any]]]:
    return {
        "classic": gin_views(CLASSIC, count=count, seed=seed),
        "arcade": gin_views(ARCADE, count=count, seed=seed),
        "rummy-3": rummy_views(seats=3, count=count, seed=seed),
    }


def time_in(tree: Path, views: dict[str, list[dict[str, Any]]]) -> dict[str, list[float]]:
    """Seconds of CPU per decision, by "kind level", in a process of `tree`'s own."""
    jobs = [[f"{kind} {level}", level, views[kind]] for kind, levels in KINDS.items() for level in levels]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, "-c", TIMER],
        input=json.dumps(jobs),
        env=env,
        cwd=tree,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"timing in {tree} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def figures(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    return {
        "p50": statistics.median(ms),
        "p99": ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))],
        "mean": statistics.fmean(ms),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.bot_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", type=Path, required=True, help="a checkout (repeatable)")
    parser.add_argument("--views", type=int, default=300, help="views per kind of game (default 300)")
    parser.add_argument("--passes", type=int, default=2, help="passes over every tree (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    trees = [tree.resolve() for tree in args.tree]
    views = collect(count=args.views, seed=args.seed)
    times: dict[Path, dict[str, list[float]]] = {tree: {} for tree in trees}
    for _ in range(args.passes):
        for tree in trees:
            for name, seconds in time_in(tree, views).items():
                times[tree].setdefault(name, []).extend(seconds)
    report = {str(tree): {name: figures(s) for name, s in by.items()} for tree, by in times.items()}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    first, last = report[str(trees[0])], report[str(trees[-1])]
    print(f"CPU ms per decision, {args.views} views a kind, {args.passes} passes; ratio: last tree / first")
    for name in dict.fromkeys(n for by in report.values() for n in by):
        cells = "  ".join(
            f"{Path(tree).name}: p50 {f[name]['p50']:.2f} p99 {f[name]['p99']:.2f} mean {f[name]['mean']:.2f}"
            if name in f else f"{Path(tree).name}: (no such level)"
            for tree, f in report.items()
        )  # fmt: skip
        ratio = (
            f"  mean ratio {last[name]['mean'] / first[name]['mean']:.2f}"
            if name in first and name in last
            else ""
        )
        print(f"{name:16} {cells}{ratio}")


if __name__ == "__main__":
    main()
