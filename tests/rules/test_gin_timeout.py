"""A timed-out gin turn: pass the upcard, draw from the stock, discard the highest unmelded card,
never the card just taken from the pile."""

from __future__ import annotations

from games.rules.gin import CLASSIC, apply, timeout_action
from tests.rules.gin_tables import table

HAND = "AS 2S 3S 7H 7D 7C 4C 4D 4H 9S KD"  # melds: A-2-3 of spades, three 7s, three 4s
OTHER = "2C 3C 5C 6C 8C TC JC QC 2D 3D"


def test_the_upcard_is_passed_and_a_draw_comes_from_the_stock():
    assert timeout_action(table(CLASSIC, HAND[:-3], OTHER, phase="upcard", pile="KD")) == {"type": "pass"}
    assert timeout_action(table(CLASSIC, HAND[:-3], OTHER, pile="KD")) == {"type": "draw", "source": "stock"}


def test_the_highest_unmelded_card_goes():
    state = table(CLASSIC, HAND, OTHER, phase="discard", pile="5S", drawn="KD", drawn_from="stock")
    assert timeout_action(state) == {"type": "discard", "card": "KD"}
    apply(state, 0, timeout_action(state))  # legal


def test_the_card_taken_from_the_pile_stays():
    state = table(CLASSIC, HAND, OTHER, phase="discard", pile="5S", drawn="KD", drawn_from="discard")
    assert timeout_action(state) == {"type": "discard", "card": "9S"}
    apply(state, 0, timeout_action(state))


def test_a_hand_all_melded_but_the_taken_card_discards_the_highest_other():
    state = table(
        CLASSIC,
        "AS 2S 3S 7H 7D 7C 4C 4D 4H 5H 5D",
        OTHER,
        phase="discard",
        pile="5S",
        drawn="5D",
        drawn_from="discard",
    )
    action = timeout_action(state)
    assert action["type"] == "discard" and action["card"] != "5D"
    apply(state, 0, action)
