"""The review itself: every decision of one seat judged by `games.ai.review` on its view alone,
then the summaries.  No database writes here (the services store the finished result)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from games.ai.review import REVIEW_SAMPLES, review_decision, summarize
from review.decisions import Decision

COSTLIEST = 3


def review_decisions(
    decisions: list[Decision],
    *,
    seed: int,
    samples: int = REVIEW_SAMPLES,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(each judged decision as JSON, the summary); `progress(done, total)` after each one."""
    judged = []
    for done, decision in enumerate(decisions, 1):
        for verdict in review_decision(decision.view, decision.action, seed=seed, samples=samples):
            judged.append(
                {
                    "seq": decision.seq,
                    "hand_number": decision.hand_number,
                    "hand": decision.view["hand"],
                    "top": (decision.view["discard_pile"] or [None])[-1],
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
