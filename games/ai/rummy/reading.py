"""Hard's reading of the table: the other hands sampled from what each seat picked and threw.

Every sample is consistent with the public facts: a seat holds the cards it took from the pile
and has not laid or thrown since, the right number of cards, and nothing in sight.  The rest of
each hand is drawn from the hidden cards with weights (as gin's Hard does): ×2.5 for each of
the seat's picks a card connects with (it took them to build with), ×0.6 for each card the seat
threw that it connects with (it let those go).
"""

from __future__ import annotations

from random import Random

from games.ai.rummy.judgement import connected
from games.ai.rummy.knowledge import Knowledge
from games.rules.cards import Card

Hands = dict[int, list[Card]]
PICK_WEIGHT = 2.5
THROW_WEIGHT = 0.6


def sample_hands(k: Knowledge, rng: Random, samples: int) -> list[Hands]:
    """`samples` guesses of every other seat's hand."""
    others = [(k.seat + step) % k.seats for step in range(1, k.seats)]
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


def _weight(k: Knowledge, seat: int, c: Card) -> float:
    if c.is_joker:
        return 1.0
    picked = sum(connected(c, p) for p in k.picks[seat] if not p.is_joker)
    thrown = sum(connected(c, t) for t in k.thrown[seat] if not t.is_joker)
    return PICK_WEIGHT**picked * THROW_WEIGHT**thrown


def completes(hand: list[Card], c: Card) -> bool:
    """`c` and two cards of `hand` make a set or a run (a joker stands for any one of them)."""
    if c.is_joker:
        return True
    jokers = any(x.is_joker for x in hand)
    suits = {x.suit for x in hand if not x.is_joker and x.rank == c.rank and x.suit != c.suit}
    if len(suits) >= 2 or (suits and jokers):
        return True
    places = {p for x in hand if not x.is_joker and x.suit == c.suit for p in _places(x)}
    for r in _places(c):
        near = [r + d in places for d in (-2, -1, 1, 2)]
        if (near[0] and near[1]) or (near[1] and near[2]) or (near[2] and near[3]):
            return True
        if jokers and any(near):
            return True
    return False


def feed_chance(k: Knowledge, samples: list[Hands], c: Card, seat: int) -> float:
    """The share of sampled hands of `seat` that `c` would build a meld in."""
    if not samples:
        return 0.0
    return sum(completes(hands[seat], c) for hands in samples) / len(samples)


def _places(c: Card) -> tuple[int, ...]:
    return (1, 14) if c.rank == 1 else (c.rank,)
