"""Hard's reading of the table: the other hands sampled from what each seat picked and threw.

Every sample is consistent with the public facts: a seat holds the cards it took from the pile
and has not laid or thrown since, the right number of cards, and nothing in sight.  The rest of
each hand is drawn from the hidden cards with weights (as gin's Hard does): ×2.5 for each of
the seat's picks a card connects with (it took them to build with), ×0.6 for each card the seat
threw that it connects with (it let those go).
"""

from __future__ import annotations

from collections import Counter
from random import Random

from games.ai.rummy import judgement
from games.ai.rummy.judgement import connected
from games.ai.rummy.knowledge import Knowledge
from games.rules.cards import Card
from games.rules.rummy.solver import arrange

Hands = dict[int, list[Card]]
PICK_WEIGHT = 2.5
THROW_WEIGHT = 0.6


def sample_hands(k: Knowledge, rng: Random, samples: int, *, seats: list[int] | None = None) -> list[Hands]:
    """`samples` guesses of the hands of `seats`, drawn in that order (None: every other seat,
    in turn order)."""
    others = k.following_seats if seats is None else seats
    weights = {s: [_weight(k, s, c) for c in k.hidden] for s in others}
    out = []
    for _ in range(samples):
        free = list(range(len(k.hidden)))
        hands: Hands = {}
        for s in others:
            hand = []
            for pick in sorted(k.picks[s]):
                index = next((i for i in free if k.hidden[i] == pick), None)
                if index is not None:
                    free.remove(index)
                    hand.append(pick)
            need = max(0, min(k.hand_counts[s] - len(hand), len(free)))
            # Efraimidis-Spirakis: the `need` largest keys u^(1/w) are a weighted draw without replacement.
            keyed = sorted(free, key=lambda i: rng.random() ** (1.0 / weights[s][i]), reverse=True)
            chosen = keyed[:need]
            hand.extend(k.hidden[i] for i in chosen)
            taken = set(chosen)
            free = [i for i in free if i not in taken]
            hands[s] = hand
        out.append(hands)
    return out


def out_chance(k: Knowledge, rng: Random, samples: int, *, most_cards: int) -> float:
    """The chance that a seat goes out before this one's next turn: over `samples` guesses of
    the hands of the seats that came out holding at most `most_cards` cards, the share in which
    one of them, drawing a card from the stock, melds and lays off all it holds but the discard."""
    seats = [s for s in k.following_seats if k.came_out[s] and k.hand_counts[s] <= most_cards]
    if not seats:
        return 0.0
    out, hidden = 0, Counter(k.hidden)
    for hands in sample_hands(k, rng, samples, seats=seats):
        held = Counter(c for hand in hands.values() for c in hand)
        stock = [c for c, n in (hidden - held).items() for _ in range(n)]
        if any(_goes_out(k, [*hands[s], rng.choice(stock)]) for s in seats if stock):
            out += 1
    return out / samples


def _goes_out(k: Knowledge, cards: list[Card]) -> bool:
    """The seat holding `cards` (its draw included) can meld or lay off all of them but a
    discard.  Cards that all meld leave no discard unless one can be spared."""
    left = arrange(cards, k.rules).left
    if left or k.rules.win_without_discard:
        return judgement.unplaced(k, left) <= 1
    return any(
        judgement.unplaced(k, arrange(judgement.without(cards, c), k.rules).left) == 0 for c in set(cards)
    )


def _weight(k: Knowledge, seat: int, c: Card) -> float:
    if c.is_joker:
        return 1.0
    picked = sum(connected(c, p) for p in k.picks[seat] if not p.is_joker)
    thrown = sum(connected(c, t) for t in k.thrown[seat] if not t.is_joker)
    return PICK_WEIGHT**picked * THROW_WEIGHT**thrown


class Reach:
    """What one hand can build with a card, read once for every card asked about: its suits by
    rank, its places by suit (an ace both low and high), whether it holds a joker."""

    __slots__ = ("jokers", "places", "suits")

    def __init__(self, hand: list[Card]) -> None:
        self.jokers = False
        self.suits = [0] * 14  # rank -> a mask of suits
        self.places = [0] * 4  # suit -> a mask of places 1..14, shifted by 2 (see `completes`)
        for x in hand:
            if x.is_joker:
                self.jokers = True
                continue
            self.suits[x.rank] |= 1 << x.suit
            for p in _places(x):
                self.places[x.suit] |= 1 << (p + 2)

    def completes(self, c: Card) -> bool:
        """`c` and two cards of the hand make a set or a run (a joker stands for any one of them)."""
        if c.is_joker:
            return True
        others = (self.suits[c.rank] & ~(1 << c.suit)).bit_count()
        if others >= 2 or (others and self.jokers):
            return True
        runs = _JOKER_RUNS if self.jokers else _RUNS
        return any(runs[self.places[c.suit] >> r & 0b11111] for r in _places(c))


def _builds_run(window: int, *, jokers: bool) -> bool:
    """Whether the places around a card (bits: two below, one below, itself, one above, two
    above) hold two that make a run with it, or one with a joker."""
    near = [bool(window >> bit & 1) for bit in (0, 1, 3, 4)]
    pairs = (near[0] and near[1]) or (near[1] and near[2]) or (near[2] and near[3])
    return pairs or (jokers and any(near))


_RUNS = [_builds_run(w, jokers=False) for w in range(32)]
_JOKER_RUNS = [_builds_run(w, jokers=True) for w in range(32)]


def reaches(samples: list[Hands], seat: int) -> list[Reach]:
    """`seat`'s hand in each sample, read for `feed_chance`."""
    return [Reach(hands[seat]) for hands in samples]


def feed_chance(seat_reaches: list[Reach], c: Card) -> float:
    """The share of sampled hands (`reaches`) that `c` would build a meld in."""
    if not seat_reaches:
        return 0.0
    return sum(reach.completes(c) for reach in seat_reaches) / len(seat_reaches)


def _places(c: Card) -> tuple[int, ...]:
    return (1, 14) if c.rank == 1 else (c.rank,)
