"""The engine's review of a gin player's decisions, from each decision's view alone.

Each option is valued the way Hard values it, on opponent hands sampled from the public facts
(`hard.judge_for`: never the real hidden cards, since only the view comes in):

- take the upcard or pass, draw from the pile or the stock, and each discard: minus the
  expected deadwood to come (the hand's worth after the turn plus what the card feeds the
  opponent), so a point of value is a point of deadwood; the closest discards are then played
  out, and each costs its shortfall in match points a hand against the best of them;
- knock now or play on: the expected match points of the hand (points, weighed by the score),
  knocking settled exactly against each sampled hand, playing on by play-outs (less Hard's
  margin for the play-outs' weak opponent).

A discard turn where a knock is legal is two decisions: knock or play on, then (played on)
which card goes.  The cost of a choice is the best option's value less the chosen one's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from random import Random
from typing import Any

from games.ai import decision_seed
from games.ai.hard import PLAY_ON_MARGIN, Judge, decline_action, judge_for, take_action
from games.ai.table import read_view
from games.rules.cards import Card

REVIEW_SAMPLES = 1024
"""Far more opponent hands than Hard's 128: a review runs off the web process and its ranking
must hold from one sampling seed to another (docs/benchmarks.md: about 2 s per 10 decisions)."""
INACCURACY, MISTAKE, BLUNDER = 2.0, 5.0, 10.0
"""A choice costing at least this many points is marked so."""
CLOSE = 1e-9


@dataclass(frozen=True)
class Option:
    action: dict[str, Any]
    value: float


@dataclass(frozen=True)
class Verdict:
    kind: str
    """upcard, draw, knock (knock now or play on) or discard."""
    options: tuple[Option, ...]
    """Best first."""
    chosen: dict[str, Any]
    cost: float

    @property
    def best(self) -> dict[str, Any]:
        return self.options[0].action

    @property
    def mark(self) -> str | None:
        return mark_of(self.cost)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "best": self.best, "mark": self.mark}


def mark_of(cost: float) -> str | None:
    for name, threshold in (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY)):
        if cost >= threshold:
            return name
    return None


def review_decision(
    view: dict[str, Any], chosen: dict[str, Any], *, seed: int, samples: int = REVIEW_SAMPLES
) -> list[Verdict]:
    """The verdicts on the seat's `chosen` action in this view (none when it had no choice)."""
    if len(view["legal_actions"]) < 2 or chosen not in view["legal_actions"]:
        return []
    table = read_view(view)
    rng = Random(decision_seed("review", view, seed))
    judge = judge_for(table, rng=rng, samples=samples)
    if table.phase in ("upcard", "draw"):
        return _draw(judge, chosen)
    if table.has({"type": "big_gin"}):
        return []
    return _discard_turn(judge, chosen, rng)


def verdict_of(kind: str, options: Iterable[Option], chosen: dict[str, Any]) -> Verdict:
    ranked = tuple(sorted(options, key=lambda o: -o.value))
    value = next(o.value for o in ranked if o.action == chosen)
    cost = ranked[0].value - value
    return Verdict(kind, ranked, chosen, 0.0 if cost < CLOSE else cost)


def _draw(judge: Judge, chosen: dict[str, Any]) -> list[Verdict]:
    values = judge.draw_values()
    if values is None:
        return []
    table = judge.table
    take, decline = take_action(table), decline_action(table)
    # Hard declines on a tie: the decline goes first among equals.
    options = [Option(decline, -values[1]), Option(take, -values[0])]
    return [verdict_of(table.phase, options, chosen)]


def _discard_turn(judge: Judge, chosen: dict[str, Any], rng: Random) -> list[Verdict]:
    table = judge.table
    hand = list(table.hand)
    ranking = judge.discard_ranking(hand, table.taken, rng)
    card = ranking[0][0]
    discard = {"type": "discard", "card": str(card)}
    verdicts = []
    knocks = [{"type": "knock"}] if table.has({"type": "knock"}) else judge.knock_cards(hand)
    if knocks:
        # The best knock, and the one played when it is another.
        shown = [knocks[0], *([chosen] if chosen in knocks[1:] else [])]
        worth = judge.knock_values([_kept(hand, k) for k in shown], hand, card, rng)
        if worth is not None:
            now, on = worth
            options = [Option(k, v) for k, v in zip(shown, now, strict=True)]
            options.append(Option(discard, on - PLAY_ON_MARGIN))
            played = discard if chosen["type"] == "discard" else chosen
            verdicts.append(verdict_of("knock", options, played))
    if chosen["type"] == "discard":
        options = [Option({"type": "discard", "card": str(c)}, -value) for c, value in ranking]
        verdicts.append(verdict_of("discard", options, chosen))
    return verdicts


def _kept(hand: list[Card], knock: dict[str, Any]) -> list[Card]:
    return [c for c in hand if str(c) != knock.get("card")]


def preferred(verdicts: list[Verdict]) -> dict[str, Any] | None:
    """The action the review prefers for the turn these verdicts judge (None: no choice)."""
    if not verdicts:
        return None
    first = verdicts[0]
    if first.kind == "knock" and first.best["type"] == "discard" and len(verdicts) > 1:
        return verdicts[1].best
    return first.best


@dataclass(frozen=True)
class Summary:
    decisions: int
    accuracy: float | None
    """Percent of decisions costing less than an inaccuracy."""
    cost: float
    marks: dict[str, int]


def summarize(costs: list[float]) -> Summary:
    marks = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
    for cost in costs:
        mark = mark_of(cost)
        if mark:
            marks[mark] += 1
    good = sum(1 for c in costs if c < INACCURACY)
    accuracy = round(100.0 * good / len(costs), 1) if costs else None
    return Summary(len(costs), accuracy, round(sum(costs), 2), marks)
