"""``python -m tools.rummy_duel --levels hard,medium --matches 400 --seed 1 [--rules JSON] [--json]``.

A thin wrapper over `tools.rummy_duel`: parse, run with a progress bar on stderr, print.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any

from games.rules.errors import RulesError
from games.rules.rummy import RummyRules
from tools import rummy_duel
from tools.arena.__main__ import decision_lines, progress_bar


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.rummy_duel",
        description="Play rummy bots against each other over every seating of the same deals and report the results.",
    )
    parser.add_argument(
        "--levels", required=True, help="one level a seat, 2 to 4, e.g. hard,medium,medium,medium"
    )
    parser.add_argument(
        "--matches", type=int, default=100, help="matches, rounded up to whole groups of seatings"
    )
    parser.add_argument("--rounds", type=int, default=1, help="rounds a match")
    parser.add_argument("--seed", type=int, default=1, help="derives every deal and bot seed")
    parser.add_argument("--rules", default="{}", help="flags as JSON, e.g. '{\"calling\": true}'")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args(argv)
    try:
        rules = RummyRules.from_dict(json.loads(options.rules))
        report = rummy_duel.run(
            options.levels.split(","),
            matches=options.matches,
            rules=rules,
            rounds=options.rounds,
            seed=options.seed,
            progress=progress_bar("groups of seatings"),
        )
    except (ValueError, RulesError) as error:
        parser.error(str(error))
    print(json.dumps(report) if options.json else _summary(report))


def _summary(report: dict[str, Any]) -> str:
    lines = [
        f"{','.join(report['levels'])}: {report['seats']} seats, {report['matches']} matches of "
        f"{report['rounds']} round(s), seed {report['seed']}, rules {json.dumps(report['rules'])}"
    ]
    for name, r in report["by_level"].items():
        low, high = r["ci95"]
        spread = "one group" if r["points_ci95"] is None else "{:+.1f}..{:+.1f}".format(*r["points_ci95"])
        lines.append(
            f"{name} ({r['seats']} seat(s)): wins {r['win_share']:.1%} (95% {low:.1%}-{high:.1%}; fair share "
            f"{r['fair_share']:.0%}), {r['points_per_round']:+.1f} points a seat and round (95% {spread}), went out in {r['went_out']:.1%} of rounds, Rummy in {r['rummies']:.1%}"
        )
    lines += decision_lines(report["decision_ms"], " (CPU)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
