"""Fast play-outs of the rest of a hand from one guessed deal, for Hard's knocks and discards.

Both players follow a simple rule (take the top when it joins a meld, throw the highest
unmelded card); the opponent knocks as soon as it may, we knock as `our_knock` says.  The
result is our points (negative when the opponent scores), 0 for a hand that ends dead.
A recycling stock is not simulated: an empty stock ends the play-out at 0.
"""

from __future__ import annotations

from collections.abc import Callable

from games.ai.hand_value import deadwood, highest_unmelded
from games.rules.cards import Card
from games.rules.gin.rules import GinRules
from games.rules.gin.scoring import settle

MAX_TURNS = 40

KnockRule = Callable[[int, int], bool]
"""(deadwood, stock cards left) -> knock now?"""


def knock_points(knocker: list[Card], defender: list[Card], rules: GinRules, knock_limit: int) -> int:
    """The knocker's signed points for knocking with these cards."""
    result = settle(knocker, defender, rules, knock_limit=knock_limit)
    return result.points if result.winner == "knocker" else -result.points


def play_out(
    *,
    ours: list[Card],
    theirs: list[Card],
    stock: list[Card],
    top: Card,
    rules: GinRules,
    knock_limit: int,
    our_knock: KnockRule,
) -> int:
    """Our points once the opponent, to play next, and we finish the hand."""
    hands = [list(ours), list(theirs)]
    stock = list(stock)
    cap = rules.max_meld_size
    before_discard = rules.knock_timing == "before_discard"
    player = 1
    for _ in range(MAX_TURNS):
        hand = hands[player]
        taken: Card | None = None
        if deadwood([*hand, top], cap) < deadwood(hand, cap) + top.deadwood:
            taken = top  # the pile's new top is this turn's discard
            hand.append(taken)
        elif stock:
            hand.append(stock.pop(0))
        else:
            return 0
        wants = our_knock if player == 0 else as_soon_as_allowed
        sign = -1 if player else 1
        if before_discard:
            held = deadwood(hand, cap)
            if held <= knock_limit and wants(held, len(stock)):
                return sign * knock_points(hand, hands[1 - player], rules, knock_limit)
        card = highest_unmelded(hand, cap, keep=taken)
        hand.remove(card)
        top = card
        if not before_discard:
            left = deadwood(hand, cap)
            if left <= knock_limit and wants(left, len(stock)):
                return sign * knock_points(hand, hands[1 - player], rules, knock_limit)
        if rules.stock_exhausted == "dead_hand" and len(stock) <= rules.dead_hand_stock:
            return 0
        player = 1 - player
    return 0


def as_soon_as_allowed(deadwood: int, stock_left: int) -> bool:
    return True
