"""The engine's review of a German Rummy player's decisions, from each decision's view alone.

Two decisions of a turn are judged (docs/review.md), both on the view the seat had, the other
hands sampled from the public facts (`reading.sample_hands`, as Hard does; never the real ones):

- each discard: every card the seat may throw, valued as minus Hard's own cost of throwing it
  (`policy.DiscardScore`: the points it leaves in hand, its live partial melds, what it feeds
  the others), so a point of value is a point of hand;
- coming out (a turn where the seat, not yet out, can lay a first meld worth the minimum):
  "come out now" or "wait".  The review prefers what Hard plays (`policy.too_early`,
  `holds_for_rummy`) and values that option at 0; the other at minus the points it puts at
  stake: waiting, the points the melds keep in hand (and a Rummy there for the taking) times
  the chance another seat goes out before the seat plays again; coming out, the Rummy given up:
  the chance the next card lets the whole hand go down at once times the others' hand points.

The marks and summaries are gin's (`games.ai.review`): a cost is in points of hand as gin's is
in points of deadwood.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from games.ai.review import Option, Verdict, verdict_of
from games.ai.rummy import LEVELS, decision_seed, judgement, reading
from games.ai.rummy.knowledge import Knowledge, read_view
from games.ai.rummy.policy import DiscardScore, Level, comes_out, holds_for_rummy, in_endgame, too_early
from games.rules.rummy.deck import card_of
from games.rules.rummy.melds import hand_points, meld_points
from games.rules.rummy.solver import arrange, arrange_first_meld

REVIEW_SAMPLES = 1024
"""Guesses of the other hands per decision: more than Hard's 256, for a ranking that holds
from one sampling seed to another (docs/benchmarks.md: about 1-2 s per 10 decisions)."""
HARD = LEVELS["hard"]
COME_OUT = {"type": "meld"}
WAIT = {"type": "wait"}


def code_of(card_id: int) -> str:
    """A card id as the review shows it ("7H"; every joker "X", as the replay names them)."""
    code = str(card_of(card_id))
    return "X" if code.startswith("X") else code


def review_decision(
    view: dict[str, Any], chosen: dict[str, Any], *, seed: int, samples: int = REVIEW_SAMPLES
) -> list[Verdict]:
    """The verdicts on the seat's `chosen` action in this view (none when it judges nothing)."""
    if chosen["type"] not in ("meld", "discard") or view["turn"] != view["seat"] or view["phase"] != "play":
        return []
    k = read_view(view)
    coming_out = not k.came_out[k.seat] and k.has(COME_OUT) and comes_out(k, k.cards())
    if not coming_out and chosen["type"] == "meld":  # a meld of a seat already out: no choice judged
        return []
    level = replace(HARD, samples=samples)
    rng = Random(decision_seed("review", view, seed))
    hands = reading.sample_hands(k, rng, samples)
    verdicts = []
    if coming_out:
        verdicts.append(_come_out(k, level, hands, COME_OUT if chosen["type"] == "meld" else WAIT))
    if chosen["type"] == "discard":
        verdicts.extend(_discard(k, level, hands, chosen, endgame=in_endgame(k, level, rng)))
    return verdicts


def _discard(
    k: Knowledge, level: Level, hands: list[reading.Hands], chosen: dict[str, Any], *, endgame: bool
) -> list[Verdict]:
    ids = [a["card"] for a in k.of_type("discard")]
    costs = DiscardScore(k, level, hands, endgame=endgame).costs(ids)
    # Hard's order among equal costs (the higher id first), then one option per card face.
    ranked: dict[str, float] = {}
    for c in sorted(ids, key=lambda c: (costs[c], -c)):
        ranked.setdefault(code_of(c), -costs[c])
    if len(ranked) < 2:
        return []
    options = [Option({"type": "discard", "card": code}, value) for code, value in ranked.items()]
    return [verdict_of("discard", options, {"type": "discard", "card": code_of(chosen["card"])})]


def _come_out(k: Knowledge, level: Level, hands: list[reading.Hands], chosen: dict[str, Any]) -> Verdict:
    hand = k.cards()
    goes_out = len(arrange(hand, k.rules).left) <= 1
    waits = not goes_out and (too_early(k, level) or holds_for_rummy(k, level))
    stake = _others_points(k, hands)
    # 0.0 - x: a price of nothing is 0.0, never -0.0.
    if waits:
        options = [Option(WAIT, 0.0), Option(COME_OUT, 0.0 - _rummy_chance(k) * stake)]
    else:
        laid = _laid_points(k) + (2 * stake if goes_out else 0)
        options = [Option(COME_OUT, 0.0), Option(WAIT, 0.0 - _end_chance(k, hands) * laid)]
    return verdict_of("come_out", options, chosen)


def _laid_points(k: Knowledge) -> int:
    """The hand points of the melds Hard would come out with (they leave the hand)."""
    hand = k.cards()
    best = arrange(hand, k.rules)
    melds = best.melds
    if sum(map(meld_points, melds)) < k.rules.first_meld_min:
        melds = arrange_first_meld(hand, k.rules).melds
    return hand_points((c for m in melds for c in m.cards), k.rules)


def _others_points(k: Knowledge, hands: list[reading.Hands]) -> float:
    """The other seats' hand points, on average over the sampled hands: what a round won pays."""
    if not hands:
        return 0.0
    return sum(hand_points(h, k.rules) for sample in hands for h in sample.values()) / len(hands)


def _end_chance(k: Knowledge, hands: list[reading.Hands]) -> float:
    """The share of sampled hands where another seat holds a hand that goes out on its turn: its
    least-points arrangement leaves at most the discard (a seat that came out may lay off too)."""
    if not hands:
        return 0.0
    others = [s for s in range(k.seats) if s != k.seat]

    def goes_out(s: int, hand: list[Any]) -> bool:
        left = arrange(hand, k.rules).left
        if k.came_out[s]:
            left = tuple(c for c in left if not judgement.fits_table(k, c))
        return len(left) <= 1

    return sum(any(goes_out(s, sample[s]) for s in others) for sample in hands) / len(hands)


def _rummy_chance(k: Knowledge) -> float:
    """The chance the next card drawn lets the whole hand go down at once (a Rummy), every hidden
    card as likely as another."""
    if not k.hidden:
        return 0.0
    hand = k.cards()
    fits = {c: len(arrange([*hand, c], k.rules).left) <= 1 for c in set(k.hidden)}
    return sum(fits[c] for c in k.hidden) / len(k.hidden)
