"""What each seat and a spectator see of a gin match."""

import json
from dataclasses import replace

import pytest

from games.rules.cards import DECK, display_key, parse_cards
from games.rules.gin import ARCADE, CLASSIC, IllegalAction, legal_actions, new_match, view_for
from games.rules.melds import best_melds, deadwood_after_discards
from tests.rules.gin_tables import SEED, act, table, won_hand

KEYS = {
    "game", "seat", "rules", "phase", "turn", "dealer", "hand_number", "knock_limit", "scores", "hands_won",
    "hand_counts", "stock_count", "discard_pile", "taken", "must_draw_stock", "log", "history", "result",
    "legal_actions", "hand", "drawn", "melds", "deadwood_cards", "deadwood", "deadwood_after_discards",
}  # fmt: skip

HAND0 = "9S 2C AC 3C 4D 4H 4S 7S 8S 2H"
HAND1 = "4C TS QH QD QC 9H 9D 5H 6C JD"


def quoted_cards(view):
    """Every card string the JSON text of `view` holds."""
    text = json.dumps(view)
    return {str(c) for c in DECK if f'"{c}"' in text}


def playing():
    return table(CLASSIC, HAND0, HAND1, pile="5S KD")


def test_a_seat_sees_its_own_hand_sorted_and_only_counts_of_the_rest():
    view = view_for(playing(), 0)
    assert set(view) == KEYS
    assert view["hand"] == [str(c) for c in sorted(parse_cards(HAND0), key=display_key)]
    assert (view["hand_counts"], view["stock_count"], view["discard_pile"]) == ([10, 10], 30, ["5S", "KD"])
    assert quoted_cards(view) == set(view["hand"]) | {"5S", "KD", "2C"}  # 2C: the test table's deal event
    assert SEED not in json.dumps(view)
    best = best_melds(parse_cards(HAND0))
    assert (view["deadwood"], len(view["melds"])) == (best.deadwood, len(best.melds)) == (2, 3)
    assert view["legal_actions"] == legal_actions(playing(), 0)


def test_a_spectator_sees_no_hand():
    view = view_for(playing(), None)
    assert set(view) == KEYS
    assert view["hand"] is view["melds"] is view["deadwood"] is view["drawn"] is None
    assert view["legal_actions"] == []
    assert quoted_cards(view) == {"5S", "KD", "2C"}


def test_the_card_drawn_from_the_stock_is_shown_to_the_drawer_only():
    state = act(playing(), 0, {"type": "draw", "source": "stock"})
    drawn = str(state.drawn)
    mine, theirs, spectator = view_for(state, 0), view_for(state, 1), view_for(state, None)
    assert mine["drawn"] == drawn and mine["taken"] is None
    assert theirs["drawn"] is None and drawn not in quoted_cards(theirs) | quoted_cards(spectator)
    assert theirs["log"][-1] == {"type": "draw", "seat": 0, "source": "stock"}


def test_the_card_taken_from_the_discard_pile_is_public():
    state = act(playing(), 0, {"type": "draw", "source": "discard"})
    for seat in (0, 1, None):
        view = view_for(state, seat)
        assert view["taken"] == "KD" and view["discard_pile"] == ["5S"]
        assert view["log"][-1] == {"type": "draw", "seat": 0, "source": "discard", "card": "KD"}


def test_deadwood_after_each_discard_with_eleven_cards():
    state = act(playing(), 0, {"type": "draw", "source": "discard"})
    after = view_for(state, 0)["deadwood_after_discards"]
    expected = deadwood_after_discards(state.hands[0])
    assert after == {str(c): expected[c] for c in state.hands[0]}
    assert list(after) == view_for(state, 0)["hand"]
    assert view_for(state, 1)["deadwood_after_discards"] is None
    assert view_for(playing(), 0)["deadwood_after_discards"] is None


def test_max_meld_size_shapes_the_melds_shown():
    state = table(ARCADE, "AC 2C 3C 4C 5C 7C 7D 7H KD QD", HAND1, pile="5S")
    view = view_for(state, 0)
    assert view["melds"] == [["2C", "3C", "4C", "5C"], ["7C", "7D", "7H"]]  # five in a row meld four
    assert (view["deadwood"], view_for(replace(state, rules=CLASSIC), 0)["deadwood"]) == (1 + 20, 20)


def test_a_finished_hand_is_public_seed_included():
    state = act(
        table(CLASSIC, HAND0 + " KH", HAND1, pile="5S", phase="discard"), 0, {"type": "knock", "card": "KH"}
    )
    for seat in (0, 1, None):
        view = view_for(state, seat)
        (hand,) = view["history"]
        assert hand["seed"] == SEED and hand["hands"][1] == [str(c) for c in parse_cards(HAND1)]
        assert (hand["kind"], hand["winner"], view["scores"], view["phase"]) == (
            "knock",
            0,
            [37, 0],
            "hand_over",
        )
    assert "seed" not in view_for(state, 0, reveal_seeds=False)["history"][0]
    json.dumps(view_for(state, 1))


def test_a_view_keeps_as_many_finished_hands_as_asked():
    hands = tuple(won_hand(0, 10, number=n) for n in (1, 2, 3))
    state = table(CLASSIC, HAND0, HAND1, pile="5S", history=hands)
    assert [h["number"] for h in view_for(state, 0)["history"]] == [1, 2, 3]
    assert [h["number"] for h in view_for(state, 0, history=1)["history"]] == [3]
    assert view_for(state, None, history=0)["history"] == []


def test_before_any_deal():
    view = view_for(new_match(ARCADE), 1)
    assert (view["phase"], view["hand"], view["hand_counts"], view["hand_number"]) == ("deal", [], [0, 0], 0)
    assert view["rules"] == ARCADE.to_dict()


@pytest.mark.parametrize("seat", [2, -1, "1", 1.0, False])
def test_no_view_for_a_seat_that_does_not_exist(seat):
    with pytest.raises(IllegalAction) as info:
        view_for(playing(), seat)
    assert info.value.code == "bad_seat"
