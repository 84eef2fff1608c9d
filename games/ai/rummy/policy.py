"""One rummy decision: a draw, a call, one play of the turn, or the discard.

A turn is several actions and the services ask again after each one with the fresh view, so
every call re-plans from what is in hand now.  The order of a turn's plays: a freed joker that
must be played, the melds (coming out as soon as the hand can), joker exchanges, layoffs, the
discard.  Every play puts a natural on the table or lays a joker (an exchange trades a natural
for a joker), so a turn always ends.

The levels share this logic and differ only in the knobs of `Level`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from random import Random
from typing import Any

from games.ai.rummy import judgement, reading
from games.ai.rummy.knowledge import Knowledge
from games.rules.cards import Card
from games.rules.rummy.deck import card_of
from games.rules.rummy.melds import Meld, card_points, meld_points
from games.rules.rummy.solver import Arrangement, DiscardTable, arrange, arrange_first_meld

Action = dict[str, Any]


@dataclass(frozen=True)
class Level:
    reads_table: bool
    """Takes the discard to come out or to lay it off, and calls when that clearly helps."""
    outs_weight: float
    """Points a live card completing a partial meld is worth keeping for."""
    danger_weight: float
    """How much a discard that feeds the next player (or fits the table) is avoided."""
    joker_hold: float
    """Points a joker in hand is worth beyond its use in a meld now (it makes any pair a meld)."""
    slip: float
    """Chance of throwing a random loose card instead of the chosen one."""
    come_out_turns: tuple[int, int, int] = (0, 0, 0)
    """Own turns it waits before coming out at 2, 3 and 4 seats (it comes out once the turn number
    passes that × seats), earlier only when that lays down every card but the discard.  Waiting
    pays in two seats (the table's melds help nobody else, and more rounds end in a Rummy) and
    costs at four, where three others race."""
    samples: int = 0
    """Sampled guesses of the other hands (`reading`) that price what a discard feeds; 0: the
    picks alone (`judgement.danger`)."""
    holds_for_rummy: bool = False
    """Keeps its melds back while a card short of a Rummy (three at four seats: `RUMMY_SHORT`) and
    the table is far from going out."""
    endgame_outs: float = 1.0
    """Share of `outs_weight` kept once another seat may go out before this one's next turn
    (`in_endgame`): then the points in hand count, not the melds they might make."""
    holds_melds: bool = False
    """At three or four seats, comes out with the fewest cards worth the minimum and keeps its
    other melds in hand until the turn it goes out (`hides_melds`): a meld on the table is a
    place for every other seat to lay off."""


def decide(k: Knowledge, level: Level, rng: Random) -> Action | None:
    """The action to play, or None to let a callable discard go."""
    if not k.my_turn:
        return {"type": "call"} if level.reads_table and _call_helps(k) else None
    if k.phase == "draw":
        return _draw(k, level)
    return _play(k, level, rng)


def _draw(k: Knowledge, level: Level) -> Action:
    take = {"type": "draw", "source": "discard"}
    # With the stock empty a stock draw ends the round; taking the discard could go round for ever.
    if k.top is None or not k.has(take) or k.stock_count == 0 or k.top in k.my_discards:
        return {"type": "draw", "source": "stock"}
    return take if _wants(k, card_of(k.top), level) else {"type": "draw", "source": "stock"}


def _wants(k: Knowledge, c: Card, level: Level) -> bool:
    """`c` joins a meld of the hand; reading the table, also when it lets the seat come out or lays off."""
    hand = k.cards()
    if judgement.points(k, [*hand, c]) < judgement.points(k, hand) + card_points(c, k.rules):
        return True
    if not level.reads_table:
        return False
    if k.came_out[k.seat]:
        return judgement.fits_table(k, c)
    return comes_out(k, [*hand, c]) and not comes_out(k, hand)


def comes_out(k: Knowledge, cards: list[Card]) -> bool:
    value = judgement.first_meld(k, cards)
    return value > 0 and value >= k.rules.first_meld_min


def _call_helps(k: Knowledge) -> bool:
    """Calling costs a penalty card: only for a card that lets the seat come out, or that brings
    ten points besides itself into melds."""
    if k.top is None:
        return False
    c, hand = card_of(k.top), k.cards()
    if not k.came_out[k.seat] and comes_out(k, [*hand, c]) and not comes_out(k, hand):
        return True
    saved = judgement.points(k, hand) + card_points(c, k.rules) - judgement.points(k, [*hand, c])
    return saved >= card_points(c, k.rules) + 10


def _play(k: Knowledge, level: Level, rng: Random) -> Action:
    if not k.of_type("discard"):  # fixed_jokers: a freed joker must be played first
        return k.of_type("lay_off")[0]
    hiding = hides_melds(k, level, rng)
    if k.has({"type": "meld"}):
        melds = _melds_to_lay(k, level, rng, hiding=hiding)
        if melds:
            return _meld_action(k, melds)
    return (
        _exchange(k, level)
        or _layoff(k, level, hiding=hiding)
        or {"type": "discard", "card": _discard(k, level, rng)}
    )


def _melds_to_lay(k: Knowledge, level: Level, rng: Random, *, hiding: bool) -> tuple[Meld, ...]:
    """Everything the hand melds, keeping the discard back; to come out, the most valuable melds
    when the least-points arrangement is not worth enough."""
    hand = k.cards()
    best = arrange(hand, k.rules)
    if not best.left and not k.rules.win_without_discard:
        best = arrange(judgement.without(hand, card_of(_discard(k, level, rng))), k.rules)
    hiding = hiding and not _goes_out(k, best)
    if k.came_out[k.seat]:
        return () if hiding else best.melds
    if len(arrange(hand, k.rules).left) > 1 and (too_early(k, level) or holds_for_rummy(k, level)):
        return ()
    melds = best.melds
    if sum(map(meld_points, melds)) < k.rules.first_meld_min:
        melds = arrange_first_meld(hand, k.rules).melds
    return _fewest_cards(k, melds) if hiding else melds


LAYS_AT_RISK = 0.3
"""The chance that another seat goes out before this one's next turn (`reading.out_chance`) from
which held melds go down anyway, unless only going out first can win the match: a hand caught
full costs points in the next rounds."""

RISK_SAMPLES = 64
"""Guesses of the other hands that price that chance."""

RISK_MOST_CARDS = 6
"""Cards a seat that came out may hold and still be priced; with more it rarely goes out in a turn."""

CATCHES_UP_FROM = 50
"""Points behind the leader from which melds stay in hand to the end before the last round too:
that far behind, a round won is worth more than the points of a hand caught full."""

SAFE_LEAD = 60
"""Points ahead of every other seat from which melds go down as soon as they can: a lead that
wide is lost mainly by a hand caught full, not by another seat going out."""


def hides_melds(k: Knowledge, level: Level, rng: Random) -> bool:
    """Whether melds beyond coming out stay in hand now, at three or four seats, by the match
    score: to the end while only going out first can win the match (the last round not leading,
    or `CATCHES_UP_FROM` behind before it); never with a `SAFE_LEAD`; else while another seat
    is unlikely to go out before this one's next turn (`LAYS_AT_RISK`, on sampled hands)."""
    if not level.holds_melds or k.seats == 2:
        return False
    lead = k.totals[k.seat] - max(t for s, t in enumerate(k.totals) if s != k.seat)
    if lead <= (0 if k.last_round else -CATCHES_UP_FROM):
        return True
    if lead >= SAFE_LEAD:
        return False
    return reading.out_chance(k, rng, RISK_SAMPLES, most_cards=RISK_MOST_CARDS) < LAYS_AT_RISK


def _goes_out(k: Knowledge, best: Arrangement) -> bool:
    """Laying every meld, then every loose card that fits the table, leaves at most the discard."""
    return judgement.unplaced(k, best.left) <= 1


def _fewest_cards(k: Knowledge, melds: tuple[Meld, ...]) -> tuple[Meld, ...]:
    """The melds worth the first-meld minimum that put the fewest cards (then jokers) on the table."""
    worth = [
        chosen
        for n in range(1, len(melds) + 1)
        for chosen in combinations(melds, n)
        if sum(map(meld_points, chosen)) >= k.rules.first_meld_min
    ]
    return min(
        worth, key=lambda m: (sum(len(x.cards) for x in m), sum(x.joker_count for x in m)), default=melds
    )


def too_early(k: Knowledge, level: Level) -> bool:
    return k.turn_number <= level.come_out_turns[k.seats - 2] * k.seats


RUMMY_SHORT = (1, 1, 3)
"""Cards a hand may lack of a Rummy at 2, 3 and 4 seats and still keep its melds back: at four
seats, while nobody else has come out, waiting three cards short still paid (narrowly: docs/bots.md)."""


def holds_for_rummy(k: Knowledge, level: Level) -> bool:
    """A few cards short of laying everything at once (`RUMMY_SHORT`; a Rummy doubles the round),
    while no other seat is near going out and the stock is far from empty."""
    # Loose cards left: the ones still short, and the discard.
    if not level.holds_for_rummy or len(arrange(k.cards(), k.rules).left) > RUMMY_SHORT[k.seats - 2] + 1:
        return False
    others = [s for s in range(k.seats) if s != k.seat]
    return k.stock_count >= 12 and all(not k.came_out[s] and k.hand_counts[s] >= 8 for s in others)


def _meld_action(k: Knowledge, melds: tuple[Meld, ...]) -> Action:
    """The meld action: each meld's ids in its table order (copies of a card are interchangeable)."""
    free = list(k.hand)
    listed = []
    for meld in melds:
        listed.append([free.pop(next(i for i, c in enumerate(free) if card_of(c) == x)) for x in meld.cards])
    return {"type": "meld", "melds": listed}


def _exchange(k: Knowledge, level: Level) -> Action | None:
    """Take a joker back when the hand is better for it: it joins a meld, or (holding a joker being
    worth something) the natural given for it was loose.  Reading the table, a joker that will not
    be held and fits a table meld counts for nothing: the next play lays it off, so a loose natural
    traded for it simply leaves the hand (near the end, often the way out)."""
    hand = k.cards()
    now = judgement.points(k, hand)
    hold = 0.0 if k.rules.fixed_jokers or len(hand) <= 4 else level.joker_hold
    best, best_value = None, float(now)
    for action in k.of_type("exchange"):
        rest = judgement.without(hand, card_of(action["card"]))
        joker = card_of(action["joker"])
        if level.reads_table and not hold and rest and judgement.fits_table(k, joker):
            value = float(judgement.points(k, rest))
        else:
            value = judgement.points(k, [*rest, joker]) - hold
        if value < best_value:
            best, best_value = action, value
    return best


def _layoff(k: Knowledge, level: Level, *, hiding: bool) -> Action | None:
    """Lay off the costliest card that fits; a loose joker stays while it is worth holding, and a
    card of a meld held back stays in it."""
    hold = level.joker_hold and not k.rules.fixed_jokers and len(k.hand) > 4
    options = [a for a in k.of_type("lay_off") if not (hold and card_of(a["card"]).is_joker)]
    if options and hiding:
        hand = k.cards()
        now = judgement.points(k, hand)
        options = [a for a in options if _spare(k, hand, card_of(a["card"]), now)]
    if not options:
        return None
    return max(options, key=lambda a: (card_points(card_of(a["card"]), k.rules), -a["meld"], a["card"]))


def _spare(k: Knowledge, hand: list[Card], c: Card, now: int) -> bool:
    """The hand melds as much without `c`: it is loose, or an end its meld can spare."""
    return judgement.points(k, judgement.without(hand, c)) <= now - card_points(c, k.rules)


def _discard(k: Knowledge, level: Level, rng: Random) -> int:
    """The card whose loss costs least (`DiscardScore`).  Jokers go only when nothing else may."""
    options = [a["card"] for a in k.of_type("discard")]
    naturals = [c for c in options if not card_of(c).is_joker] or options
    loose = arrange(k.cards(), k.rules).left
    if rng.random() < level.slip:
        slips = [c for c in naturals if card_of(c) in loose]
        if slips:
            return rng.choice(slips)
    endgame = in_endgame(k, level, rng)
    samples = reading.sample_hands(k, rng, level.samples, seats=_priced_seats(k)) if level.samples else []
    return DiscardScore(k, level, samples, endgame=endgame).cheapest(naturals)


class DiscardScore:
    """What a discard costs a level, in points of hand: the points left without it, the live
    partial melds it is part of (`outs_weight` a live card), and what it gives away
    (`danger_weight`; priced on `samples`, Hard's guesses of the other hands, when there are any).
    The bots take the cheapest; the review (`games.ai.rummy.review`) shows every one."""

    def __init__(self, k: Knowledge, level: Level, samples: list[reading.Hands], *, endgame: bool) -> None:
        hand = k.cards()
        self.k, self.level, self.samples = k, level, samples
        self.table = DiscardTable(hand, k.rules)
        self.loose = list(arrange(hand, k.rules).left)
        self.outs_weight = level.outs_weight * (level.endgame_outs if endgame else 1.0)
        self._reaches = {s: reading.reaches(samples, s) for s in _priced_seats(k)} if samples else {}

    def cost(self, c: int, left: int) -> tuple[float, int]:
        """(the cost of discarding card id `c` when that leaves `left` points, the tie-break)."""
        k, level, x = self.k, self.level, card_of(c)
        others = list(self.loose)
        if x in others:
            others.remove(x)
        value = float(left)
        value += self.outs_weight * judgement.outs(k, x, others) if x in self.loose else 0.0
        if self.samples:
            value += level.danger_weight * _sampled_danger(k, x, self._reaches)
        else:
            value += level.danger_weight * judgement.danger(k, x)
        return value, -c

    def cheapest(self, ids: list[int]) -> int:
        if self._searched(ids):
            # The cost only rises with the points left: a discard is searched only while it can still win.
            return self.table.cheapest(ids, self.cost, as_card=card_of)
        return min(ids, key=lambda c: self.cost(c, self._left_in_full(c)))

    def costs(self, ids: list[int]) -> dict[int, float]:
        """Each of `ids`' cost, every one searched (the review's)."""
        searched = self._searched(ids)
        return {
            c: self.cost(c, self.table.points(card_of(c)) if searched else self._left_in_full(c))[0]
            for c in ids
        }

    def _searched(self, ids: list[int]) -> bool:
        return all(card_of(c) in self.table.cards for c in ids)

    def _left_in_full(self, c: int) -> int:
        """Jokers that may not go: every card stays in hand."""
        return judgement.points(self.k, self.k.cards()) - card_points(card_of(c), self.k.rules)


def in_endgame(k: Knowledge, level: Level, rng: Random) -> bool:
    """Whether another seat may go out before this one's next turn, so that the points in hand
    count more than the melds they might make (`Level.endgame_outs`): for Hard at three or four
    seats, by the chance read on sampled hands (`reading.out_chance`, from `LAYS_AT_RISK`, as its
    held melds go down); else once a seat that came out is down to two cards."""
    if level.holds_melds and k.seats > 2:
        return reading.out_chance(k, rng, RISK_SAMPLES, most_cards=RISK_MOST_CARDS) >= LAYS_AT_RISK
    return any(k.came_out[s] and k.hand_counts[s] <= 2 for s in range(k.seats) if s != k.seat)


def _priced_seats(k: Knowledge) -> list[int]:
    """The seats whose hands a discard is priced on, in turn order: the next player's, and every
    other one's on a calling table (`_sampled_danger`)."""
    return k.following_seats if k.rules.calling else [k.next_seat]


def _sampled_danger(k: Knowledge, c: Card, reaches: dict[int, list[reading.Reach]]) -> float:
    """`judgement.danger` with the picks replaced by the sampled hands of the priced seats
    (`reaches`, by seat): how often the card builds a meld for the next player, and for every
    other one priced (on a calling table) at a lesser weight."""
    if c.is_joker:
        return 30.0
    nxt = k.next_seat
    risk = (12.0 if k.came_out[nxt] else 4.0) if judgement.fits_table(k, c) else 0.0
    risk += 10.0 * reading.feed_chance(reaches[nxt], c)
    risk += 4.0 * sum(reading.feed_chance(hands, c) for s, hands in reaches.items() if s != nxt)
    return risk
