"""Fast play-outs of the rest of a hand from one guessed deal, for Hard's knocks and discards.

Both players follow a simple rule (take the top when it joins a meld, throw the highest
unmelded card); the opponent knocks as soon as it may, we knock as `our_knock` says.  The
result is our points (negative when the opponent scores), 0 for a hand that ends dead.
A recycling stock is not simulated: an empty stock ends the play-out at 0.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.cards import Card
from games.rules.gin.rules import GinRules
from games.rules.gin.scoring import settle
from games.rules.melds import bit_value, card_bit, hand_mask, mask_cards, mask_melder

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
    """Our points once the opponent, to play next, and we finish the hand.

    Hands are rank-major masks (`games.rules.melds.mask_melder`), where the highest card is
    the highest bit, and each hand's melded value is carried from turn to turn: a turn asks
    the solver about the hand with the top, with the draw, and without each high card until
    one is unmelded, rather than building and checking card lists for every question.
    """
    melded = mask_melder(rules.max_meld_size)
    masks, totals = zip(*(hand_mask(hand) for hand in (ours, theirs)), strict=True)
    hands, values = list(masks), list(totals)
    kept = [melded(mask) for mask in hands]
    before_discard = rules.knock_timing == "before_discard"
    dead_at = rules.dead_hand_stock if rules.stock_exhausted == "dead_hand" else -1
    top_bit = card_bit(top)
    drawn = 0
    player = 1
    for _ in range(MAX_TURNS):
        hand, value = hands[player], values[player]
        with_top = melded(hand | top_bit)
        if with_top > kept[player]:  # the top joins a meld: it saves more than its own value
            taken = top_bit
            hand, value, best = hand | top_bit, value + bit_value(top_bit), with_top
        elif drawn < len(stock):
            bit = card_bit(stock[drawn])
            drawn += 1
            taken, hand, value = 0, hand | bit, value + bit_value(bit)
            best = melded(hand)
        else:
            return 0
        hands[player] = hand
        stock_left = len(stock) - drawn
        wants = our_knock if player == 0 else as_soon_as_allowed
        if before_discard and value - best <= knock_limit and wants(value - best, stock_left):
            return _knocked(hands, player, rules, knock_limit)
        top_bit, best = _simple_discard(hand, best, taken, melded)
        hands[player], values[player], kept[player] = hand ^ top_bit, value - bit_value(top_bit), best
        left = values[player] - best
        if not before_discard and left <= knock_limit and wants(left, stock_left):
            return _knocked(hands, player, rules, knock_limit)
        if stock_left <= dead_at:
            return 0
        player = 1 - player
    return 0


def _knocked(hands: list[int], player: int, rules: GinRules, knock_limit: int) -> int:
    """Our points when `player` knocks holding the mask `hands[player]`."""
    points = knock_points(mask_cards(hands[player]), mask_cards(hands[1 - player]), rules, knock_limit)
    return -points if player else points


def _simple_discard(hand: int, best: int, keep: int, melded: Callable[[int], int]) -> tuple[int, int]:
    """The simple rule's discard from the mask `hand` whose melds are worth `best`, as
    `highest_unmelded` chooses it, and the melded value left: the highest card other than
    `keep` whose loss leaves the melds whole, else the one leaving the least deadwood (the
    highest among equals)."""
    rest, fallback, fallback_cost, fallback_kept = hand, 0, 0, 0
    while rest:
        bit = 1 << (rest.bit_length() - 1)
        rest ^= bit
        if bit == keep:
            continue
        without = melded(hand ^ bit)
        if without == best:
            return bit, best
        # Every card here is melded: losing it costs its melds' value beyond its own.
        cost = best - without - bit_value(bit)
        if not fallback or cost < fallback_cost:
            fallback, fallback_cost, fallback_kept = bit, cost, without
    return fallback, fallback_kept


def as_soon_as_allowed(deadwood: int, stock_left: int) -> bool:
    return True
