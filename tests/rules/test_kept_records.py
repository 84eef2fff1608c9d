"""Finished hands read back from a state's JSON: the same record again for the same JSON,
never a stale one."""

import copy
from dataclasses import replace

from games.rules import records
from games.rules.gin import CLASSIC, GinState
from tests.rules.gin_tables import table, won_hand


def state_with(*hands):
    return table(CLASSIC, "AS 2S 3S", "AD 2D 3D", pile="KC", history=hands)


def dealt(hand, seed):
    return replace(hand, seed=seed)


def test_a_finished_hand_read_again_is_the_record_already_read():
    """Every move decoded every finished hand of its match anew: half of reading a state."""
    data = state_with(dealt(won_hand(0, 12), "a1"), dealt(won_hand(1, 30, number=2), "b2")).to_json()
    first, again = GinState.from_json(data), GinState.from_json(copy.deepcopy(data))
    assert all(a is b for a, b in zip(first.history, again.history, strict=True))


def test_a_state_read_from_json_writes_its_finished_hands_as_they_were_read():
    """Writing every finished hand anew was four fifths of writing a state at the fifth hand."""
    hands = (dealt(won_hand(0, 12), "d1"), dealt(won_hand(1, 30, number=2), "d2"))
    data = state_with(*hands).to_json()
    state = GinState.from_json(copy.deepcopy(data))
    written = state.to_json()
    assert written == data
    written["history"][0]["seed"] = "changed"  # what one reader does to its copy
    del written["history"][1]["seed"]
    assert state.to_json() == data
    assert state_with(*hands).to_json() == data  # records not read from JSON: written anew


def test_other_json_with_the_same_seed_is_read_as_itself():
    before = state_with(won_hand(0, 12)).to_json()
    after = copy.deepcopy(before)
    after["history"][0]["points"] = 99
    assert GinState.from_json(before).history[0].points == 12
    assert GinState.from_json(after).history[0].points == 99
    assert GinState.from_json(before).history[0].points == 12


def test_json_changed_after_it_was_read_is_read_as_it_is_now():
    data = state_with(won_hand(0, 12)).to_json()
    GinState.from_json(data)
    data["history"][0]["points"] = 40
    assert GinState.from_json(data).history[0].points == 40


def test_hands_read_after_the_kept_ones_were_let_go_read_right(monkeypatch):
    monkeypatch.setattr(records, "KEPT_AT_MOST", 2)
    hands = [dealt(won_hand(0, points), f"c{points}") for points in (1, 2, 3, 1)]
    for hand in hands:
        assert GinState.from_json(state_with(hand).to_json()).history[0] == hand


def test_a_record_whose_key_is_no_text_is_read_all_the_same():
    data = state_with(won_hand(0, 12)).to_json()
    data["history"][0]["seed"] = ["not", "text"]
    assert GinState.from_json(data).history[0].seed == ["not", "text"]
