"""``python -m tools.arena --a hard --b medium --matches 2000 --rules classic --seed 1 [--json]``.

A thin wrapper over `tools.arena`: parse, run with a progress bar on stderr, print.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from tools import arena

BAR_WIDTH = 30


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.arena",
        description="Play bot against bot over whole matches with mirrored deals and report the results.",
    )
    parser.add_argument(
        "--a",
        required=True,
        choices=[b for b in arena.BOTS if b not in arena.REFERENCES],
        help="the bot measured",
    )
    parser.add_argument("--b", required=True, choices=arena.BOTS, help="its opponent")
    parser.add_argument("--matches", type=int, default=100, help="matches, rounded up to mirrored pairs")
    parser.add_argument("--rules", default="classic", choices=sorted(arena.RULE_SETS))
    parser.add_argument("--seed", type=int, default=1, help="derives every deal and bot seed")
    parser.add_argument("--samples", type=int, default=None, help="Hard's sample budget (default: its own)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    progress = progress_bar("matches")
    try:
        report = arena.run(
            a=options.a,
            b=options.b,
            matches=options.matches,
            rules=options.rules,
            seed=options.seed,
            samples=options.samples,
            progress=progress,
        )
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(report) if options.json else _summary(report))


def progress_bar(unit: str) -> Callable[[int, int], None]:
    """A progress callback drawing a bar of `done/total unit` on stderr."""
    started = time.monotonic()

    def progress(done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total
        elapsed = time.monotonic() - started
        bar = f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total} {unit}, {elapsed:.0f}s"
        sys.stderr.write(bar + ("\n" if done == total else ""))
        sys.stderr.flush()

    return progress


def _summary(report: dict[str, Any]) -> str:
    a, b = report["a"], report["b"]
    low, high = report["ci95"]
    rates = report["rates"]
    lines = [
        f"{a} vs {b}, {report['rules']} rules, seed {report['seed']}",
        f"matches: {report['matches']}, {a} won {report['a_wins']} ({report['a_win_rate']:.1%}, "
        f"95% interval {low:.1%}-{high:.1%})",
        f"hands: {report['hands']}, points per hand: {a} {report['points_per_hand_a']:.2f}, "
        f"{b} {report['points_per_hand_b']:.2f} (net {report['net_points_per_hand_a']:+.2f})",
    ]
    for kind in ("gin", "knock", "undercut"):
        lines.append(f"{kind}: {a} {rates[f'{kind}_a']:.1%}, {b} {rates[f'{kind}_b']:.1%} of hands")
    lines.append(f"dead hands: {rates['dead']:.1%}")
    if rates["tie"]:
        lines.append(f"knocks scored 0 by OpenSpiel (equal deadwood): {rates['tie']:.1%}")
    lines += decision_lines(report["decision_ms"])
    return "\n".join(lines)


def decision_lines(decision_ms: dict[str, dict[str, float]], clock: str = "") -> list[str]:
    """One line a bot: its decision time p50 and p99 (`clock` names the clock, when not wall time)."""
    return [
        f"decision time {name}{clock}: p50 {ms['p50']:.2f} ms, p99 {ms['p99']:.2f} ms ({ms['decisions']} decisions)"
        for name, ms in decision_ms.items()
    ]


if __name__ == "__main__":
    main()
