"""Worked examples of the rummy state machine: every flag of RUMMY.md, scoring, errors."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import parse_cards
from games.rules.rummy.actions import FIELDS, IllegalAction
from games.rules.rummy.deck import JOKER_BASE, card_of, deck_ids
from games.rules.rummy.engine import apply, legal_actions, new_match
from games.rules.rummy.melds import classify_meld
from games.rules.rummy.rules import SMALL_DECK, STANDARD, RulesError, RummyRules
from games.rules.rummy.scoring import score_round
from games.rules.rummy.state import RummyState, TableMeld
from games.rules.rummy.timeout import play_timeout, timeout_action
from games.rules.rummy.view import view_for


def ids(text: str, copy: int = 0) -> list[int]:
    """Physical ids of cards in notation: first deck unless `copy` is 1; X1 is id 104."""
    return [JOKER_BASE + c - 52 if c.is_joker else c + 52 * copy for c in parse_cards(text)]


def id1(text: str) -> int:
    (only,) = ids(text)
    return only


def on_table(owner: int, text: str, rules: RummyRules = STANDARD) -> TableMeld:
    cards = ids(text)
    meld = classify_meld([card_of(c) for c in cards], rules)
    by_card = {card_of(c): c for c in cards}
    return TableMeld(owner, tuple(by_card[c] for c in meld.cards), meld)


def game(
    rules: RummyRules = STANDARD,
    *,
    hands: list[str],
    stock: str = "2C 3C 4C",
    pile: str = "KD",
    table: tuple[TableMeld, ...] = (),
    came_out: tuple[int | None, ...] | None = None,
    phase: str = "play",
    turn: int = 0,
    rounds: int = 1,
) -> RummyState:
    """A round in progress with the given cards (the rest of the deck is left out)."""
    seats = len(hands)
    state = new_match(rules, seats=seats, rounds=rounds, first_seat=0)
    state, _ = apply(state, None, {"type": "deal", "seed": "00"})
    return replace(
        state,
        phase=phase,
        turn=turn,
        turn_number=5,
        hands=tuple(tuple(ids(h)) for h in hands),
        stock=tuple(ids(stock, copy=1)),
        discard_pile=tuple(ids(pile, copy=1)),
        table=table,
        came_out=came_out or (None,) * seats,
    )


def refused(state: RummyState, seat: int | None, action: dict) -> str:
    with pytest.raises(IllegalAction) as info:
        apply(state, seat, action)
    return info.value.code


def shows(state: RummyState, index: int) -> list[str]:
    return state.table[index].to_json()["shows"]


# --- deck, deal, rounds -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "count", "seats", "hand"),
    [
        (STANDARD, 110, 4, 13),
        (STANDARD.with_(jokers=0), 104, 2, 13),
        (SMALL_DECK, 55, 2, 10),
        (SMALL_DECK, 55, 3, 7),
        (SMALL_DECK.with_(jokers=0), 52, 4, 7),
    ],
)
def test_deal_uses_the_ids_of_the_deck(rules: RummyRules, count: int, seats: int, hand: int) -> None:
    state = new_match(rules, seats=seats, rounds=1, first_seat=seats - 1)
    state, events = apply(state, None, {"type": "deal", "seed": "c0ffee"})
    assert len(deck_ids(rules)) == count
    assert [len(h) for h in state.hands] == [hand] * seats
    everything = [c for h in state.hands for c in h] + list(state.stock) + list(state.discard_pile)
    assert sorted(everything) == list(deck_ids(rules))
    assert events == [{"type": "deal", "round": 1, "starter": seats - 1, "upcard": state.discard_pile[0]}]
    assert (state.phase, state.turn, state.turn_number) == ("draw", seats - 1, 1)


def test_new_match_checks_the_table() -> None:
    with pytest.raises(RulesError):
        new_match(RummyRules(calling=True), seats=2, rounds=1, first_seat=0)
    with pytest.raises(ValueError):
        new_match(STANDARD, seats=3, rounds=0, first_seat=0)


def test_start_passes_clockwise_and_ties_share_the_win() -> None:
    state = new_match(STANDARD, seats=3, rounds=3, first_seat=2)
    starters = []
    for number in range(3):
        state, events = apply(state, None, {"type": "deal", "seed": f"{number:02x}"})
        starters.append(events[0]["starter"])
        # Empty the stock: the starter does not take the discard, so the round ends at once.
        hands = (tuple(ids("5C")), tuple(ids("5D")), tuple(ids("9C")))
        state, events = apply(
            replace(state, hands=hands, stock=()), state.turn, {"type": "draw", "source": "stock"}
        )
        assert [e["type"] for e in events][:2] == ["stock_exhausted", "round_end"]
    assert starters == [2, 0, 1]
    assert [r.starter for r in state.history] == [2, 0, 1]
    assert state.phase == "match_over"
    assert state.result.totals == (-15, -15, -27)
    assert state.result.winners == (0, 1)
    assert events[-1] == {"type": "match_end", "totals": [-15, -15, -27], "winners": [0, 1]}
    assert refused(state, None, {"type": "deal", "seed": "01"}) == "match_over"


# --- coming out -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("minimum", "melds", "ok"),
    [
        (30, ["TC JC QC"], True),
        (30, ["9C TC JC"], False),
        (30, ["QH KH AH"], True),
        (30, ["AH 2H 3H", "7S 7D 7C"], False),
        (30, ["AH 2H 3H", "8S 8D 8C"], True),
        (40, ["TC JC QC"], False),
        (40, ["TC JC QC KC"], True),
        (40, ["AS AH AD", "3D 4D 5D"], True),
        (0, ["2C 3C 4C"], True),
    ],
)
def test_first_meld_minimum(minimum: int, melds: list[str], ok: bool) -> None:
    rules = STANDARD.with_(first_meld_min=minimum)
    state = game(rules, hands=[" ".join(melds) + " 9D", "2S 3S"])
    action = {"type": "meld", "melds": [ids(m) for m in melds]}
    if not ok:
        assert refused(state, 0, action) == "first_meld_too_low"
        assert {"type": "meld"} not in legal_actions(state, 0) or minimum == 0
        return
    after, events = apply(state, 0, action)
    assert after.came_out == (5, None)
    assert events[0]["first"] and events[0]["points"] >= minimum
    assert [m["index"] for m in events[0]["melds"]] == list(range(len(melds)))


def test_no_other_play_before_coming_out_and_any_after() -> None:
    table = (on_table(1, "5H 6H 7H"),)
    state = game(hands=["8H TC JC QC 2D", "3S"], table=table)
    assert refused(state, 0, {"type": "lay_off", "card": id1("8H"), "meld": 0}) == "not_come_out"
    state, _ = apply(state, 0, {"type": "meld", "melds": [ids("TC JC QC")]})
    # In the same turn, once out: a layoff on another player's meld.
    state, events = apply(state, 0, {"type": "lay_off", "card": id1("8H"), "meld": 0})
    assert shows(state, 0) == ["5H", "6H", "7H", "8H"]
    assert state.table[0].owner == 1
    assert events[0]["after"]["cards"] == ids("5H 6H 7H 8H")
    assert refused(state, 0, {"type": "lay_off", "card": id1("2D"), "meld": 0}) == "cannot_lay_off"
    assert refused(state, 0, {"type": "lay_off", "card": id1("2D"), "meld": 3}) == "bad_meld_index"


# --- jokers ---------------------------------------------------------------------------------


def test_joker_exchange_in_a_run() -> None:
    state = game(hands=["6H 4H 9C 2D", "3S"], table=(on_table(1, "5H X1 7H"),), came_out=(1, 1))
    assert shows(state, 0) == ["5H", "6H", "7H"]
    assert refused(state, 0, {"type": "exchange", "card": id1("4H"), "meld": 0, "joker": id1("X1")}) == (
        "bad_exchange"
    )
    assert {"type": "exchange", "card": id1("6H"), "meld": 0, "joker": id1("X1")} in legal_actions(state, 0)
    state, events = apply(state, 0, {"type": "exchange", "card": id1("6H"), "meld": 0, "joker": id1("X1")})
    assert state.table[0].ids == tuple(ids("5H 6H 7H"))
    assert id1("X1") in state.hands[0] and state.freed_jokers == (id1("X1"),)
    assert events[0]["type"] == "exchange"
    # The freed joker may be played the same turn: at the low end, where the player says.
    state, _ = apply(state, 0, {"type": "lay_off", "card": id1("X1"), "meld": 0, "end": "low"})
    assert shows(state, 0) == ["4H", "5H", "6H", "7H"]
    state, _ = apply(state, 0, {"type": "exchange", "card": id1("4H"), "meld": 0, "joker": id1("X1")})
    assert state.table[0].ids == tuple(ids("4H 5H 6H 7H"))


def test_joker_exchange_in_a_set_frees_the_joker_chosen() -> None:
    state = game(hands=["8D 9C 2D", "3S"], table=(on_table(1, "8C 8S X1 X2"),), came_out=(1, 1))
    options = [a for a in legal_actions(state, 0) if a["type"] == "exchange"]
    assert options == [{"type": "exchange", "card": id1("8D"), "meld": 0, "joker": j} for j in ids("X1 X2")]
    state, _ = apply(state, 0, {"type": "exchange", "card": id1("8D"), "meld": 0, "joker": id1("X2")})
    assert sorted(state.table[0].ids) == sorted(ids("8C 8S 8D X1"))
    assert id1("X2") in state.hands[0]


def test_fixed_jokers() -> None:
    rules = RummyRules(fixed_jokers=True)
    table = (
        on_table(1, "8C 8S X1", rules),
        on_table(1, "5H 6H 7H", rules),
        on_table(1, "9C 9S 9H X2", rules),
    )
    state = game(rules, hands=["8H 9D X3 2D 3D", "3S"], table=table, came_out=(1, 1))
    # A joker leaves a set only when the set then holds four natural cards.
    assert refused(state, 0, {"type": "exchange", "card": id1("8H"), "meld": 0, "joker": id1("X1")}) == (
        "bad_exchange"
    )
    assert refused(state, 0, {"type": "discard", "card": id1("X3")}) == "cannot_discard_joker"
    assert refused(state, 0, {"type": "meld", "melds": [ids("X3 X1 2D 3D")]}) == "card_not_in_hand"
    state, _ = apply(state, 0, {"type": "exchange", "card": id1("9D"), "meld": 2, "joker": id1("X2")})
    # The freed joker must be played this turn.
    assert refused(state, 0, {"type": "discard", "card": id1("2D")}) == "must_play_joker"
    assert [a for a in legal_actions(state, 0) if a["type"] == "discard"] == []
    state, _ = apply(state, 0, {"type": "lay_off", "card": id1("X2"), "meld": 1, "end": "high"})
    assert shows(state, 1) == ["5H", "6H", "7H", "8H"]
    # No two jokers side by side: X3 cannot follow X2 at the high end, so it goes low.
    state, _ = apply(state, 0, {"type": "lay_off", "card": id1("X3"), "meld": 1, "end": "high"})
    assert shows(state, 1) == ["4H", "5H", "6H", "7H", "8H"]
    state, events = apply(state, 0, {"type": "discard", "card": id1("2D")})
    assert events[0] == {"type": "discard", "seat": 0, "card": id1("2D")}


def test_fixed_jokers_lets_a_hand_of_jokers_discard_one() -> None:
    rules = RummyRules(fixed_jokers=True)
    state = game(rules, hands=["X1 X2", "3S"], came_out=(1, 1))
    state, events = apply(state, 0, {"type": "discard", "card": id1("X1")})
    assert events[0]["card"] == id1("X1") and state.hands[0] == (id1("X2"),)


def test_no_meld_holds_more_jokers_than_naturals() -> None:
    state = game(hands=["5C X1 X2 9D", "3S"], came_out=(1, 1))
    assert refused(state, 0, {"type": "meld", "melds": [ids("5C X1 X2")]}) == "bad_meld"


# --- meld flags -------------------------------------------------------------------------------


def test_fixed_groups_set() -> None:
    rules = RummyRules(fixed_groups=True)
    state = game(rules, hands=["7C X1 7H 7D 9D", "3S"], came_out=(1, 1))
    assert refused(state, 0, {"type": "meld", "melds": [ids("7C 7H 7D")]}) == "bad_meld"
    state, events = apply(state, 0, {"type": "meld", "melds": [ids("7H X1 7C")]})
    assert shows(state, 0) == ["7C", "7S", "7H"]
    assert events[0]["melds"][0]["cards"] == ids("7C X1 7H")
    # Without the flag the same cards make a set.
    assert apply(
        game(hands=["7C 7H 7D 9D", "3S"], came_out=(1, 1)), 0, {"type": "meld", "melds": [ids("7C 7H 7D")]}
    )


def test_cyclic_runs() -> None:
    hands = ["KD AD 2D 9C", "3S"]
    action = {"type": "meld", "melds": [ids("KD AD 2D")]}
    assert refused(game(hands=hands, came_out=(1, 1)), 0, action) == "bad_meld"
    state, _ = apply(game(RummyRules(cyclic_runs=True), hands=hands, came_out=(1, 1)), 0, action)
    assert shows(state, 0) == ["KD", "AD", "2D"]


def test_open_end_joker_goes_where_the_player_says() -> None:
    state = game(hands=["5S 6S X1 9C", "3S"], came_out=(1, 1))
    low, _ = apply(state, 0, {"type": "meld", "melds": [ids("5S 6S X1")], "joker_ends": ["low"]})
    high, _ = apply(state, 0, {"type": "meld", "melds": [ids("5S 6S X1")], "joker_ends": [None]})
    assert shows(low, 0) == ["4S", "5S", "6S"] and shows(high, 0) == ["5S", "6S", "7S"]
    # Cards listed in table order choose their reading: here a joker at each end.
    state = game(hands=["5S 6S X1 X2 9C", "3S"], came_out=(1, 1))
    both, _ = apply(state, 0, {"type": "meld", "melds": [ids("X1 5S 6S X2")]})
    assert shows(both, 0) == ["4S", "5S", "6S", "7S"]
    spare, _ = apply(state, 0, {"type": "meld", "melds": [ids("5S 6S X1 X2")], "joker_ends": ["low"]})
    assert shows(spare, 0) == ["3S", "4S", "5S", "6S"]


# --- going out and scoring ----------------------------------------------------------------------


def test_the_last_card_must_be_a_discard() -> None:
    table = (on_table(1, "5H 6H 7H"),)
    state = game(hands=["8H 9H", "3S"], table=table, came_out=(1, 1))
    state, _ = apply(state, 0, {"type": "lay_off", "card": id1("8H"), "meld": 0})
    assert refused(state, 0, {"type": "lay_off", "card": id1("9H"), "meld": 0}) == "must_keep_card"
    assert legal_actions(state, 0) == [{"type": "discard", "card": id1("9H")}]
    state, events = apply(state, 0, {"type": "discard", "card": id1("9H")})
    assert [e["type"] for e in events] == ["discard", "round_end", "match_end"]
    assert events[1]["winner"] == 0 and not events[1]["rummy"]
    assert state.history[0].scores == (3, -3)


def test_win_without_discard() -> None:
    rules = RummyRules(win_without_discard=True)
    table = (on_table(1, "5H 6H 7H", rules),)
    state = game(rules, hands=["8H 9H", "3S 2S"], table=table, came_out=(1, 1))
    state, _ = apply(state, 0, {"type": "lay_off", "card": id1("8H"), "meld": 0})
    state, events = apply(state, 0, {"type": "lay_off", "card": id1("9H"), "meld": 0})
    assert [e["type"] for e in events] == ["lay_off", "round_end", "match_end"]
    assert state.history[0].scores == (5, -5)
    melding = game(rules, hands=["2C 3C 4C", "3S"], came_out=(1, 1))
    state, events = apply(melding, 0, {"type": "meld", "melds": [ids("2C 3C 4C")]})
    assert state.history[0].winner == 0


def test_rummy_doubles_every_score() -> None:
    hands = ["7C 8C 9C KD KH KS 4S", "AC X1 5D"]
    state = game(hands=hands)
    state, _ = apply(state, 0, {"type": "meld", "melds": [ids("7C 8C 9C"), ids("KD KH KS")]})
    state, events = apply(state, 0, {"type": "discard", "card": id1("4S")})
    record = state.history[0]
    assert record.rummy and record.hand_points == (0, 36) and record.scores == (72, -72)
    assert events[1]["rummy"] and events[1]["scores"] == [72, -72]
    # Having come out in an earlier turn, the same finish is no Rummy.
    state = game(hands=hands, came_out=(1, None))
    state, _ = apply(state, 0, {"type": "meld", "melds": [ids("7C 8C 9C"), ids("KD KH KS")]})
    state, _ = apply(state, 0, {"type": "discard", "card": id1("4S")})
    assert not state.history[0].rummy and state.history[0].scores == (36, -36)


def test_casino_scoring() -> None:
    rules = RummyRules(casino_scoring=True)
    state = game(rules, hands=["QS KS AS 5C 5D 5H 9C", "AC 2C X1", "QD 10H"], came_out=(1, None, None))
    state, _ = apply(state, 0, {"type": "meld", "melds": [ids("QS KS AS"), ids("5C 5D 5H")]})
    state, _ = apply(state, 0, {"type": "discard", "card": id1("9C")})
    record = state.history[0]
    # Hands: AC 15 + 2C 5 + joker 0 = 20; QD 10 + 10H 10 = 20.  On the table: 40+10+15+5+5+5 = 80, 40 each.
    assert record.hand_points == (0, 20, 20)
    assert record.table_points == 80
    assert record.scores == (120, -60, -60)


def test_casino_scoring_rounds_down_and_balances() -> None:
    rules = RummyRules(casino_scoring=True)
    hands = [[], ids("QS"), ids("3C"), ids("TD")]
    points, table_points, scores = score_round(hands, ids("5C 5D 5H 5S 6S"), 0, False, rules)
    assert points == (0, 40, 5, 10) and table_points == 25
    assert scores == (55 + 24, -48, -13, -18) and sum(scores) == 0
    assert score_round(hands, ids("5C 5D 5H 5S 6S"), 0, True, rules)[2] == tuple(2 * s for s in scores)


def test_stock_exhausted() -> None:
    state = game(hands=["5C 9D", "AS", "X1 KH"], stock="", pile="2H", phase="draw", turn=1)
    assert legal_actions(state, 1) == [
        {"type": "draw", "source": "stock"},
        {"type": "draw", "source": "discard"},
    ]
    taken, events = apply(state, 1, {"type": "draw", "source": "discard"})
    assert events == [{"type": "draw", "seat": 1, "source": "discard", "card": ids("2H", copy=1)[0]}]
    assert taken.phase == "play"
    state, events = apply(state, 1, {"type": "draw", "source": "stock"})
    assert [e["type"] for e in events] == ["stock_exhausted", "round_end", "match_end"]
    record = state.history[0]
    assert record.winner is None and record.scores == (-14, -11, -30)


# --- calling ---------------------------------------------------------------------------------------


def test_calling_race_between_two_players() -> None:
    rules = RummyRules(calling=True)
    state = game(rules, hands=["KC 2D 3D", "4S 5S", "6S 7S", "8S 9S"], stock="JH QH", pile="TD")
    assert refused(state, 2, {"type": "call"}) == "wrong_phase"
    state, _ = apply(state, 0, {"type": "discard", "card": id1("KC")})
    assert state.callable and state.turn == 1
    assert [legal_actions(state, s) for s in (0, 2, 3)] == [[], [{"type": "call"}], [{"type": "call"}]]
    assert refused(state, 0, {"type": "call"}) == "cannot_call"  # its own discard
    assert refused(state, 1, {"type": "call"}) == "cannot_call"  # it draws instead
    state, events = apply(state, 3, {"type": "call"})
    assert events == [{"type": "call", "seat": 3, "card": id1("KC")}]  # the penalty card stays secret
    assert state.hands[3] == (*ids("8S 9S"), id1("KC"), *ids("JH", copy=1))
    assert refused(state, 2, {"type": "call"}) == "nothing_to_call"
    assert view_for(state, 2)["hand_counts"] == [2, 2, 2, 4]
    state, _ = apply(state, 1, {"type": "draw", "source": "discard"})
    assert state.hands[1][-1] == ids("TD", copy=1)[0]


def test_calling_needs_the_flag_and_a_penalty_card() -> None:
    state = game(hands=["KC 2D", "4S", "6S"], stock="JH")
    state, _ = apply(state, 0, {"type": "discard", "card": id1("KC")})
    assert refused(state, 2, {"type": "call"}) == "bad_action"
    rules = RummyRules(calling=True)
    state = game(rules, hands=["KC 2D", "4S", "6S"], stock="")
    state, _ = apply(state, 0, {"type": "discard", "card": id1("KC")})
    assert refused(state, 2, {"type": "call"}) == "cannot_call"
    # A call can leave the discard pile empty: the next player draws from the stock.
    state = game(rules, hands=["KC 2D", "4S", "6S"], stock="JH QH", pile="")
    state, _ = apply(state, 0, {"type": "discard", "card": id1("KC")})
    state, _ = apply(state, 2, {"type": "call"})
    assert refused(state, 1, {"type": "draw", "source": "discard"}) == "empty_pile"
    assert legal_actions(state, 1) == [{"type": "draw", "source": "stock"}]


# --- errors and views ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (2, {"type": "discard", "card": 9}, "bad_seat"),
        (True, {"type": "discard", "card": 9}, "bad_seat"),
        (0, {"type": "knock"}, "bad_action"),
        (0, {"type": "discard"}, "bad_action"),
        (0, {"type": "discard", "card": 9, "end": "low"}, "bad_action"),
        (0, "discard", "bad_action"),
        (0, {"type": "discard", "card": 110}, "bad_card"),
        (0, {"type": "discard", "card": "9C"}, "bad_card"),
        (0, {"type": "meld", "melds": [[1, 2, 1]]}, "bad_action"),
        (0, {"type": "meld", "melds": [[1, 2, 3]], "joker_ends": []}, "bad_action"),
        (0, {"type": "lay_off", "card": 1, "meld": -1}, "bad_action"),
        (None, {"type": "deal", "seed": "xyz"}, "bad_seed"),
        (None, {"type": "deal", "seed": "00"}, "wrong_phase"),
        (1, {"type": "discard", "card": 9}, "not_your_turn"),
        (0, {"type": "draw", "source": "stock"}, "wrong_phase"),
        (0, {"type": "discard", "card": 10}, "card_not_in_hand"),
        (0, {"type": "meld", "melds": [[9, 22, 35]]}, "card_not_in_hand"),
    ],
)
def test_refusals(seat: object, action: object, code: str) -> None:
    state = game(hands=["9C 2D", "3S"])
    assert refused(state, seat, action) == code


def test_small_deck_ids() -> None:
    state = game(SMALL_DECK, hands=["9C 2D", "3S"])
    assert refused(state, 0, {"type": "discard", "card": 60}) == "bad_card"
    assert refused(state, 0, {"type": "discard", "card": 107}) == "bad_card"
    assert refused(
        game(STANDARD.with_(jokers=0), hands=["9C 2D", "3S"]), 0, {"type": "discard", "card": 104}
    ) == ("bad_card")


def test_views_show_only_what_a_seat_may_see() -> None:
    state = new_match(STANDARD, seats=3, rounds=1, first_seat=0)
    state, _ = apply(state, None, {"type": "deal", "seed": "beef"})
    state, _ = apply(state, 0, {"type": "draw", "source": "stock"})
    mine, theirs, spectator = view_for(state, 0), view_for(state, 1), view_for(state, None)
    assert sorted(mine["hand"]) == sorted(state.hands[0]) and mine["drawn"] == state.drawn
    assert theirs["drawn"] is None and spectator["hand"] is None
    assert mine["hand_counts"] == [14, 13, 13] and mine["stock_count"] == len(state.stock)
    for view in (mine, theirs, spectator):
        assert "stock" not in view and "seed" not in view and "hands" not in view
        assert view["log"][-1] == {"type": "draw", "seat": 0, "source": "stock"}
    assert theirs["legal_actions"] == [] and mine["legal_actions"][-1]["type"] == "discard"


# --- timed-out turns ----------------------------------------------------------------------------------


def test_a_timed_out_turn_draws_from_the_stock_and_discards_the_costliest_loose_card() -> None:
    state = game(hands=["7C 8C 9C KD 2S", "3S 4S"], stock="AH 5C", phase="draw")
    assert timeout_action(state) == {"type": "draw", "source": "stock"}
    state, events, entries = play_timeout(state)
    ace = ids("AH", copy=1)[0]
    assert entries == [
        {"seat": 0, "action": {"type": "draw", "source": "stock"}},
        {"seat": 0, "action": {"type": "discard", "card": ace}},
    ]
    assert [e["type"] for e in events] == ["draw", "discard"] and state.turn == 1
    # Every card in a meld: the costliest card that may be discarded goes.
    assert timeout_action(game(hands=["7C 8C 9C 5D 5H 5S", "3S"])) == {"type": "discard", "card": id1("9C")}


def test_a_timed_out_turn_plays_a_freed_joker_under_fixed_jokers() -> None:
    rules = RummyRules(fixed_jokers=True)
    table = (on_table(1, "5H 6H 7H", rules),)
    state = game(rules, hands=["X1 KD 2S", "3S"], table=table, came_out=(1, 1))
    state = replace(state, freed_jokers=(id1("X1"),))
    state, _, entries = play_timeout(state)
    assert [e["action"]["type"] for e in entries] == ["lay_off", "discard"]
    assert entries[1]["action"]["card"] == id1("KD")


def test_a_seat_sees_its_hand_arranged_by_the_solver() -> None:
    state = game(hands=["9C 8C X1 KD KH 2S", "3S"], came_out=(1, 1))
    view = view_for(state, 0)
    assert view["hand"] == ids("8C 9C KD KH 2S X1")
    # The joker is worth more in the kings (19 left) than in the clubs run (22 left).
    assert view["melds"] == [ids("X1 KH KD")] and view["loose"] == ids("8C 9C 2S")
    assert (view["least_points"], view["hand_points"]) == (19, 59)
    assert view_for(state, 1)["melds"] == [] and view_for(state, None)["melds"] is None


FIELD_NAMES = sorted({name for fields in FIELDS.values() for group in fields for name in group})
FUZZ_RULES = RummyRules(calling=True, fixed_jokers=True)
FUZZ_STATE = game(
    FUZZ_RULES,
    hands=["6H 8D 9C X3 2D", "3S 4S", "KC"],
    table=(on_table(1, "5H X1 7H", FUZZ_RULES), on_table(2, "8C 8S 8H X2", FUZZ_RULES)),
    came_out=(1, 1, 1),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.sampled_from(["low", "high", "stock", "00", "X1"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(kind=st.sampled_from([*FIELDS, "x"]), fields=json_values)
def test_whatever_arrives_is_applied_or_refused(kind: str, fields: object) -> None:
    action = {"type": kind, **fields} if isinstance(fields, dict) else fields
    for seat in (None, 0, 1, 2):
        with contextlib.suppress(IllegalAction):
            apply(FUZZ_STATE, seat, action)


def test_a_rummy_view_keeps_as_many_finished_rounds_as_asked():
    state = new_match(STANDARD, seats=2, rounds=3, first_seat=0)
    for seed in ("01", "02"):
        state, _ = apply(state, None, {"type": "deal", "seed": seed})
        while state.phase in ("draw", "play"):
            state = play_timeout(state)[0]
    assert len(view_for(state, 0)["history"]) == 2
    assert [r["number"] for r in view_for(state, 0, history=1)["history"]] == [2]
