"""The review's targets (issue #17): its CPU time per gin hand, its agreement with Hard, its stability.

    nice python -m tools.review_bench [--hands 20] [--samples N] [--seed 1] [--json]
    nice python -m tools.review_bench --game rummy [--hands 20] [--seats 2] [--samples N] [--json]

Hard plays both seats of the first hand of classic matches to 100 on seeded deals (at 0-0 a
hand's match points are about its points, as in most of a match; in a one-hand match every win
would be worth the same); every decision of seat 0 with a choice is reviewed from its view
(`games.ai.review`, as the review job does):

- CPU seconds per hand, scaled to 10 decisions (target < 5 s of one core);
- agreement: the positions where Hard's own choice (at its default samples) is the option the
  review prefers, or tied with it (target >= 95%); also against Hard given the review's samples.
  The review values options with Hard's own `Judge`, so they differ by sampling only: beside it,
  how often Hard agrees with itself at another seed (its own noise, the ceiling for agreeing
  with it) and the most a disagreement costs by the review's values;
- stability: two reviews with different sampling seeds prefer the same option (target >= 90%).

With `--game rummy`, Hard plays every seat of one-round standard German Rummy matches (a "hand"
is a round) and seat 0's discards and come-out moments are reviewed (`games.ai.rummy.review`),
Hard's own choice at its default samples, and at the review's.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from games.ai import choose_action, rummy
from games.ai.hard import DEFAULT_SAMPLES as HARD_SAMPLES
from games.ai.review import CLOSE, REVIEW_SAMPLES, preferred, review_decision
from games.ai.rummy import review as rummy_review
from games.ai.rummy.knowledge import read_view
from games.ai.rummy.policy import decide
from games.rules import rummy as rummy_rules
from games.rules.gin import GinRules, apply, new_match, view_for

RULES = GinRules()  # classic, to 100
SECOND_SEED = 7919
"""Hard's second seed for its self-agreement (any other than the first)."""


def hand_views(seed: int) -> list[dict[str, Any]]:
    """Seat 0's views at each of its decisions in a match's first hand, Hard against Hard."""
    state, _ = apply(new_match(RULES), None, {"type": "deal", "seed": f"{seed:016x}"})
    views = []
    while state.phase not in ("hand_over", "match_over"):
        view = view_for(state, state.turn)
        if state.turn == 0 and len(view["legal_actions"]) > 1:
            views.append(view)
        state, _ = apply(state, state.turn, choose_action("hard", view, seed=seed))
    return views


def agrees(verdicts) -> bool:
    """Whether the judged choice is the option the review prefers (or tied with it): it costs nothing."""
    return all(v.cost < CLOSE for v in verdicts)


def hard_gin(view: dict[str, Any], seed: int, samples: int | None = None) -> dict[str, Any]:
    """Hard's gin choice, at its own samples or at `samples`."""
    if samples is None:
        return choose_action("hard", view, seed=seed)
    return choose_action("hard", view, seed=seed, samples=samples)


def round_views(seed: int, seats: int) -> list[dict[str, Any]]:
    """Seat 0's views at each of its plays (melds and discards) in one round Hard plays at every seat."""
    state = rummy_rules.new_match(rummy_rules.STANDARD, seats=seats, rounds=1, first_seat=seed % seats)
    state, _ = rummy_rules.apply(state, None, {"type": "deal", "seed": f"{seed:016x}"})
    views = []
    while state.phase in ("draw", "play"):
        view = rummy_rules.view_for(state, state.turn)
        if state.turn == 0 and state.phase == "play":
            views.append(view)
        action = rummy.choose_action("hard", view, seed=seed)
        assert action is not None
        state, _ = rummy_rules.apply(state, state.turn, action)
    return views


def hard_rummy(view: dict[str, Any], seed: int, samples: int | None = None) -> dict[str, Any]:
    """Hard's rummy choice, at its own samples or at `samples`."""
    level = rummy.LEVELS["hard"] if samples is None else replace(rummy.LEVELS["hard"], samples=samples)
    action = decide(read_view(view), level, Random(rummy.decision_seed("hard", view, seed)))
    assert action is not None
    return action


@dataclass(frozen=True)
class Game:
    """What the bench needs of a game: seat 0's views in a hand from its seed, Hard's choice,
    the review, and the option a turn's verdicts prefer."""

    views: Callable[[int], list[dict[str, Any]]]
    hard: Callable[..., dict[str, Any]]
    review: Callable[..., list[Any]]
    preferred: Callable[[list[Any]], Any]
    hard_samples: int
    """Hard's own samples a decision."""


GIN = Game(
    views=hand_views,
    hard=hard_gin,
    review=review_decision,
    preferred=preferred,
    hard_samples=HARD_SAMPLES,
)


def rummy_game(seats: int) -> Game:
    return Game(
        views=lambda seed: round_views(seed, seats),
        hard=hard_rummy,
        review=rummy_review.review_decision,
        preferred=lambda verdicts: [v.best for v in verdicts],
        hard_samples=rummy.LEVELS["hard"].samples,
    )


def measure(game: Game, hands: int, samples: int, seed: int) -> dict[str, Any]:
    per_hand, positions, agree, agree_same, stable, hard_self = [], 0, 0, 0, 0, 0
    worst = 0.0
    for h in range(hands):
        spent, judged = 0.0, 0
        for view in game.views(seed * 1000 + h):
            hard = game.hard(view, h)
            start = time.process_time()
            first = game.review(view, hard, seed=1, samples=samples)
            spent += time.process_time() - start
            if not first:
                continue
            judged += 1
            positions += 1
            agree += agrees(first)
            worst = max(worst, *(v.cost for v in first))
            hard_self += hard == game.hard(view, h + SECOND_SEED)
            agree_same += agrees(game.review(view, game.hard(view, h, samples), seed=1, samples=samples))
            second = game.review(view, hard, seed=2, samples=samples)
            stable += game.preferred(first) == game.preferred(second)
        if judged:
            per_hand.append((spent, judged))
    per_ten = [10 * s / n for s, n in per_hand]
    return {
        "hands": len(per_hand),
        "samples": samples,
        "hard_samples": game.hard_samples,
        "positions": positions,
        "decisions_per_hand": round(sum(n for _, n in per_hand) / len(per_hand), 1),
        "cpu_s_per_10_decisions_mean": round(sum(per_ten) / len(per_ten), 3),
        "cpu_s_per_10_decisions_max": round(max(per_ten), 3),
        "agreement_with_hard": round(100 * agree / positions, 1),
        "agreement_with_hard_same_samples": round(100 * agree_same / positions, 1),
        "hard_self_agreement": round(100 * hard_self / positions, 1),
        "costliest_disagreement": round(worst, 2),
        "stability": round(100 * stable / positions, 1),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("gin", "rummy"), default="gin")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seats", type=int, default=2, help="rummy: seats at the table")
    parser.add_argument("--samples", type=int, help="default: the game's review default")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.game == "rummy":
        figures = measure(
            rummy_game(args.seats), args.hands, args.samples or rummy_review.REVIEW_SAMPLES, args.seed
        )
    else:
        figures = measure(GIN, args.hands, args.samples or REVIEW_SAMPLES, args.seed)
    if args.json:
        print(json.dumps(figures))
        return
    print(
        f"{figures['hands']} hands, {figures['positions']} positions, "
        f"{figures['decisions_per_hand']} decisions a hand, {figures['samples']} samples a decision"
    )
    print(
        f"CPU per hand of 10 decisions: {figures['cpu_s_per_10_decisions_mean']} s mean, "
        f"{figures['cpu_s_per_10_decisions_max']} s max (target < 5 s)"
    )
    print(
        f"agreement with Hard: {figures['agreement_with_hard']}% "
        f"(Hard with the review's samples: {figures['agreement_with_hard_same_samples']}%; target >= 95%)"
    )
    print(
        f"Hard ({figures['hard_samples']} samples) agreeing with itself at another seed: "
        f"{figures['hard_self_agreement']}%; "
        f"the costliest disagreement: {figures['costliest_disagreement']} points"
    )
    print(f"stability across sampling seeds: {figures['stability']}% (target >= 90%)")


if __name__ == "__main__":
    main()
