"""Hard's play-outs (`games.ai.simulation.play_out`) run on bit masks; they must play exactly the
simple rule as the hand arithmetic states it, written here the plain way: take the top when it
joins a meld, throw the highest unmelded card (`highest_unmelded`), knock as the rule says."""

from __future__ import annotations

from random import Random

import pytest

from games.ai.hand_value import deadwood, highest_unmelded
from games.ai.simulation import KnockRule, as_soon_as_allowed, knock_points, play_out
from games.rules.cards import DECK, Card
from games.rules.gin import ARCADE, CLASSIC
from games.rules.gin.rules import GinRules

RULES = {
    "classic": CLASSIC,
    "arcade": ARCADE,  # knocks with 11 cards, melds of at most four, a recycled stock
    "classic, knocking before the discard": CLASSIC.with_(knock_timing="before_discard"),
    "classic, recycled stock": CLASSIC.with_(stock_exhausted="recycle"),
}
KNOCKS: dict[str, KnockRule] = {
    "as soon as allowed": as_soon_as_allowed,
    "gin or late": lambda deadwood, stock_left: deadwood == 0 or stock_left < 8,
    "never": lambda deadwood, stock_left: False,  # we play on with 11 melded cards too
}


def plain_play_out(
    *, ours: list[Card], theirs: list[Card], stock: list[Card], top: Card, rules: GinRules,
    knock_limit: int, our_knock: KnockRule,
) -> int:  # fmt: skip
    hands, stock, cap = [list(ours), list(theirs)], list(stock), rules.max_meld_size
    before_discard = rules.knock_timing == "before_discard"
    player = 1
    for _ in range(40):
        hand, taken = hands[player], None
        if deadwood([*hand, top], cap) < deadwood(hand, cap) + top.deadwood:
            taken = top
            hand.append(top)
        elif stock:
            hand.append(stock.pop(0))
        else:
            return 0
        wants, sign = (our_knock, 1) if player == 0 else (as_soon_as_allowed, -1)
        if before_discard and deadwood(hand, cap) <= knock_limit and wants(deadwood(hand, cap), len(stock)):
            return sign * knock_points(hand, hands[1 - player], rules, knock_limit)
        top = highest_unmelded(hand, cap, keep=taken)
        hand.remove(top)
        left = deadwood(hand, cap)
        if not before_discard and left <= knock_limit and wants(left, len(stock)):
            return sign * knock_points(hand, hands[1 - player], rules, knock_limit)
        if rules.stock_exhausted == "dead_hand" and len(stock) <= rules.dead_hand_stock:
            return 0
        player = 1 - player
    return 0


@pytest.mark.parametrize("knock", KNOCKS)
@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("suits", [4, 2], ids=["a whole deck", "two suits, where melds abound"])
def test_a_play_out_plays_the_simple_rule_exactly(rules: str, knock: str, suits: int) -> None:
    rng = Random(f"{rules}/{knock}/{suits}")
    outcomes = set()
    for _ in range(150):
        kept = rng.sample(range(4), suits)
        deck = [c for c in DECK if c.suit in kept]
        rng.shuffle(deck)
        deal = {
            "ours": deck[:10],
            "theirs": deck[10:20],
            "top": deck[20],
            "stock": deck[21 : 21 + rng.randint(0, len(deck) - 21)],
            "rules": RULES[rules],
            "knock_limit": rng.choice([10, 5, 0]),
            "our_knock": KNOCKS[knock],
        }
        expected = plain_play_out(**deal)
        assert play_out(**deal) == expected, deal
        outcomes.add(expected)
    assert len(outcomes) > 5  # the deals are not all alike
