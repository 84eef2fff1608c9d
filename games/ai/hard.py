"""Hard: infers the opponent's hand from every public fact and plays by sampling it.

- `inference.infer` weighs each unseen card for being in the opponent's hand (its picks,
  throws and declined upcards); hands are sampled from those weights.
- A hand is worth its deadwood minus what the next draws should save, the draws weighted by
  where the cards are likely to be (a card probably in the opponent's hand is not a live out).
- A discard costs what it would save the opponent, averaged over the sampled hands.
- The few cheapest discards are then played out from the sampled hands (the opponent plays the
  simple rule, as the reference player does, and both sides knock as soon as they may): the
  one with the best outcome in match points goes, unless the cheapest is within a point of it.
- Knock now or play on: knocking is scored exactly (`settle`, layoffs and undercuts included)
  against every sampled hand; playing on is scored by play-outs of the same samples with a
  random stock order, where we then knock only with gin or when the stock runs low.  Each
  outcome counts in match points (`match_equity`): the few points that win the match are worth
  more than their face, points past the target nothing.  The larger expectation wins.
"""

from __future__ import annotations

from random import Random
from typing import Any

from games.ai.hand_value import (
    best_discard_deadwood,
    deadwood,
    draw_gain,
    highest_key,
    mask_of,
    may_meld,
    unmelded,
)
from games.ai.inference import Belief, infer
from games.ai.match_equity import MatchValue
from games.ai.simulation import KnockRule, as_soon_as_allowed, knock_points, play_out
from games.ai.table import Table
from games.rules.cards import Card
from games.rules.melds import deadwood_after_discards

DEFAULT_SAMPLES = 128
FUTURE_DRAWS = 1.5
FEEDING_WEIGHT = 0.8
LATE_STOCK = 8
"""Playing on, we still knock without gin once the stock is down to this many cards."""
PLAY_ON_MARGIN = 2.0
"""Points by which playing on must beat knocking: the play-outs' opponent is the simple rule,
weaker than a good player, so they flatter waiting a little."""
DISCARD_CANDIDATES = 3
DISCARD_WINDOW = 8.0
"""The discards played out: the cheapest few by expected deadwood, within this many points of
the cheapest (a card far dearer is not worth the play-outs)."""
DISCARD_MARGIN = 1.0
"""Match points a hand by which a played-out candidate must beat the cheapest by expected
deadwood to replace it: closer than that, the play-outs' own noise would decide."""


def decide(table: Table, *, rng: Random, samples: int = DEFAULT_SAMPLES) -> dict[str, Any]:
    judge = judge_for(table, rng=rng, samples=samples)
    if table.phase in ("upcard", "draw"):
        return judge.draw()
    return judge.discard_or_knock(rng)


def judge_for(table: Table, *, rng: Random, samples: int) -> Judge:
    """The evaluations of one decision over `samples` opponent hands sampled from the public facts."""
    belief = infer(table)
    hands = belief.sample_hands(rng, samples, discards=len(table.opponent_discards), cap=table.cap)
    return Judge(table, belief, hands)


class Judge:
    """The evaluations of one decision, sharing the belief and the sampled hands."""

    def __init__(self, table: Table, belief: Belief, hands: list[list[Card]]) -> None:
        self.table = table
        self.belief = belief
        self.hands = hands
        self.worlds = [hand for hand in hands if len(hand) == 10]
        """The sampled hands of 10 cards: the opponent's while we discard, what play-outs start from."""
        self.cap = table.cap
        self.draws = belief.stock_draw()
        self.match = MatchValue(ours=table.scores[0], theirs=table.scores[1], rules=table.rules)
        self._feeding: dict[Card, float] = {}
        self._sampled: list[tuple[list[Card], int, int, int]] | None = None

    def worth(self, cards: list[Card]) -> float:
        return deadwood(cards, self.cap) - FUTURE_DRAWS * draw_gain(cards, self.cap, self.draws)

    def feeding(self, card: Card) -> float:
        """Deadwood the opponent saves on average by taking `card`."""
        if card not in self._feeding:
            saved = 0
            for hand, mask, held, floor in self._sampled_deadwood():
                if may_meld(card, mask):
                    after = best_discard_deadwood([*hand, card], self.cap, keep=card)
                else:  # it can only replace the opponent's best discard
                    after = floor + card.deadwood
                saved += max(0, held - after)
            self._feeding[card] = FEEDING_WEIGHT * saved / max(1, len(self.hands))
        return self._feeding[card]

    def _sampled_deadwood(self) -> list[tuple[list[Card], int, int, int]]:
        """Each sampled 10-card hand, its mask, its deadwood and its least deadwood after a discard."""
        if self._sampled is None:
            self._sampled = [
                (hand, mask_of(hand), deadwood(hand, self.cap), best_discard_deadwood(hand, self.cap))
                for hand in self.worlds
            ]
        return self._sampled

    def discard_values(self, cards: list[Card], keep: Card | None) -> dict[Card, float]:
        """Each discard's expected deadwood to come (its own hand's worth plus what it feeds); lower is better."""
        return {d: self.worth([c for c in cards if c != d]) + self.feeding(d) for d in cards if d != keep}

    def best_discard(self, cards: list[Card], keep: Card | None) -> tuple[float, Card]:
        """The cheapest discard by expected deadwood, and its value."""
        values = self.discard_values(cards, keep)
        card = preference(values)[0]
        return values[card], card

    def discard_ranking(self, cards: list[Card], keep: Card | None, rng: Random) -> list[tuple[Card, float]]:
        """Each discard and its cost, best first: `discard_values`, the cheapest few
        (`DISCARD_CANDIDATES`) valued again by play-outs from every sampled hand.

        Each candidate is played out from the same sampled hands and stock orders; the best
        keeps the cheapest value and each other one costs that plus its shortfall in match points
        a hand, the cheapest by expected deadwood counting `DISCARD_MARGIN` more than it made.
        Expected deadwood guesses what the next turns bring; the play-outs play them, with the
        opponent knocking as soon as it may, so they see a race the deadwood cannot.
        Among equals, the cheaper by expected deadwood goes first.
        """
        values = self.discard_values(cards, keep)
        played = self._played_out(cards, values, rng)
        return [(d, played[d]) for d in preference(played, values)]

    def _played_out(self, cards: list[Card], values: dict[Card, float], rng: Random) -> dict[Card, float]:
        ranked = preference(values)
        cheapest = values[ranked[0]]
        candidates = [d for d in ranked[:DISCARD_CANDIDATES] if values[d] <= cheapest + DISCARD_WINDOW]
        sampled = self.worlds
        if len(candidates) < 2 or not sampled:
            return values
        totals = dict.fromkeys(candidates, 0.0)
        for opp in sampled:
            stock = self._stock_for(opp, rng)
            for d in candidates:
                kept = [c for c in cards if c != d]
                totals[d] += self._play_out(kept, opp, stock, d, as_soon_as_allowed)
        totals[ranked[0]] += DISCARD_MARGIN * len(sampled)
        top = max(totals.values())
        return {**values, **{d: cheapest + (top - totals[d]) / len(sampled) for d in candidates}}

    def _stock_for(self, opp: list[Card], rng: Random) -> list[Card]:
        """A stock order for the world where the opponent holds `opp`: the public one after a
        recycle, else the other unseen cards shuffled."""
        table = self.table
        rest = sorted(table.unseen.difference(opp))
        rng.shuffle(rest)
        return list(table.known_stock) if table.known_stock else rest[: table.stock_count]

    def _play_out(
        self, kept: list[Card], opp: list[Card], stock: list[Card], top: Card, ours: KnockRule
    ) -> float:
        """One play-out's outcome in match points: we hold `kept`, the opponent `opp` and draws next."""
        table = self.table
        points = play_out(
            ours=kept,
            theirs=opp,
            stock=stock,
            top=top,
            rules=table.rules,
            knock_limit=table.knock_limit,
            our_knock=ours,
        )
        return self.match.of(points)

    def draw_values(self) -> tuple[float, float] | None:
        """(taking the top, declining it) as expected deadwood to come, or None with nothing to choose."""
        table = self.table
        if table.top is None or not table.has(take_action(table)):
            return None
        hand = list(table.hand)
        with_top, _ = self.best_discard([*hand, table.top], table.top)
        loose = unmelded(hand, self.cap)
        # Blind: one draw's expected saving, then probably one of today's loose cards goes.
        blind = self.worth(hand) - draw_gain(hand, self.cap, self.draws)
        blind += min((self.feeding(c) for c in loose), default=0.0)
        return with_top, blind

    def draw(self) -> dict[str, Any]:
        values = self.draw_values()
        take = values is not None and values[0] < values[1]
        return take_action(self.table) if take else decline_action(self.table)

    def knock_cards(self, hand: list[Card]) -> list[dict[str, Any]]:
        """The legal knocks, the one leaving the least deadwood first."""
        after = deadwood_after_discards(hand, self.cap)
        knocks = [a for a in self.table.legal if a["type"] == "knock" and "card" in a]
        return sorted(knocks, key=lambda a: after[_card(hand, a["card"])])

    def discard_or_knock(self, rng: Random) -> dict[str, Any]:
        table = self.table
        if table.has({"type": "big_gin"}):
            return {"type": "big_gin"}
        hand = list(table.hand)
        card = self.discard_ranking(hand, table.taken, rng)[0][0]
        discard = {"type": "discard", "card": str(card)}
        if table.has({"type": "knock"}):  # before_discard: knock holding all 11 cards
            return {"type": "knock"} if self._knock_beats_playing_on(hand, hand, card, rng) else discard
        knocks = self.knock_cards(hand)
        if not knocks:
            return discard
        best = knocks[0]
        kept = [c for c in hand if str(c) != best["card"]]
        return best if self._knock_beats_playing_on(kept, hand, card, rng) else discard

    def _knock_beats_playing_on(
        self, knocking: list[Card], hand: list[Card], card: Card, rng: Random
    ) -> bool:
        if deadwood(knocking, self.cap) == 0:
            return True
        values = self.knock_values([knocking], hand, card, rng)
        return values is None or values[0][0] + PLAY_ON_MARGIN >= values[1]

    def knock_values(
        self, knockings: list[list[Card]], hand: list[Card], card: Card, rng: Random
    ) -> tuple[list[float], float] | None:
        """Expected match points of knocking with each of `knockings`, and of playing on after
        throwing `card`, over the same sampled worlds; None with no world to sample."""
        table = self.table
        rules, limit = table.rules, table.knock_limit
        worlds = self.worlds  # the same ones for both options
        if not worlds:
            return None
        value = self.match.of
        now = [
            sum(value(knock_points(k, opp, rules, limit)) for opp in worlds) / len(worlds) for k in knockings
        ]
        kept = [c for c in hand if c != card]
        on = sum(self._play_out(kept, opp, self._stock_for(opp, rng), card, _play_on) for opp in worlds)
        return now, on / len(worlds)


def preference(values: dict[Card, float], before: dict[Card, float] | None = None) -> list[Card]:
    """The discards best first: the lowest value, then (among equals) the lowest `before`, then
    the highest card."""
    return sorted(
        values,
        key=lambda c: (values[c], before[c] if before else 0.0, tuple(-k for k in highest_key(c))),
    )


def take_action(table: Table) -> dict[str, Any]:
    return {"type": "take_upcard"} if table.phase == "upcard" else {"type": "draw", "source": "discard"}


def decline_action(table: Table) -> dict[str, Any]:
    return {"type": "pass"} if table.phase == "upcard" else {"type": "draw", "source": "stock"}


def _play_on(deadwood: int, stock_left: int) -> bool:
    return deadwood == 0 or stock_left <= LATE_STOCK


def _card(hand: list[Card], text: str) -> Card:
    return next(c for c in hand if str(c) == text)
