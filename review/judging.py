"""The review itself: every decision of one seat judged on its view alone (`games.ai.review` for
gin, `games.ai.rummy.review` for German Rummy), then the summaries.  No database writes here
(the services store the finished result)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from games.ai import review as gin
from games.ai.review import summarize
from games.ai.rummy import review as rummy
from review.decisions import Decision

COSTLIEST = 3
ENGINES = {"gin": gin, "rummy": rummy}
"""The review of each game, by the view's (and the match family's) name."""


def samples_of(game: str) -> int:
    """The other hands sampled per decision by default: each engine's own `REVIEW_SAMPLES`."""
    return ENGINES[game].REVIEW_SAMPLES


def review_decisions(
    decisions: list[Decision],
    *,
    seed: int,
    samples: int,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(each judged decision as JSON, the summary); `progress(done, total)` after each one."""
    judged = []
    for done, decision in enumerate(decisions, 1):
        view = decision.view
        code = rummy.code_of if view["game"] == "rummy" else str
        pile = view["discard_pile"]
        for verdict in ENGINES[view["game"]].review_decision(
            view, decision.action, seed=seed, samples=samples
        ):
            judged.append(
                {
                    "seq": decision.seq,
                    "hand_number": decision.hand_number,
                    "hand": [code(c) for c in view["hand"]],
                    "top": code(pile[-1]) if pile else None,
                    **verdict.to_json(),
                }
            )
        progress(done, len(decisions))
    return judged, summary_of(judged)


def summary_of(judged: list[dict[str, Any]]) -> dict[str, Any]:
    hands = sorted({d["hand_number"] for d in judged})
    costliest = sorted(range(len(judged)), key=lambda i: -judged[i]["cost"])[:COSTLIEST]
    return {
        "match": asdict(summarize([d["cost"] for d in judged])),
        "hands": [
            {"hand_number": h, **asdict(summarize([d["cost"] for d in judged if d["hand_number"] == h]))}
            for h in hands
        ],
        "costliest": [i for i in costliest if judged[i]["cost"] > 0],
    }
