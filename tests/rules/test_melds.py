import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import DECK, card, parse_card, parse_cards
from games.rules.melds import (
    all_best_arrangements,
    best_melds,
    clear_cache,
    deadwood_after_discards,
    min_deadwood,
)
from tests.rules import brute_force
from tests.rules.strategies import caps, dense_hands, hands

SOLVER_SETTINGS = settings(max_examples=150, deadline=None)


def arrangement_sets(results):
    return {frozenset(frozenset(meld) for meld in result.melds) for result in results}


@SOLVER_SETTINGS
@given(hand=st.sampled_from([10, 11]).flatmap(hands), cap=caps)
def test_min_deadwood_matches_brute_force(hand, cap):
    assert min_deadwood(hand, cap) == brute_force.min_deadwood(frozenset(hand), cap)


@SOLVER_SETTINGS
@given(hand=st.sampled_from([10, 11]).flatmap(dense_hands), cap=caps)
def test_every_best_arrangement_matches_brute_force(hand, cap):
    results = all_best_arrangements(hand, cap)
    assert arrangement_sets(results) == brute_force.best_arrangements(frozenset(hand), cap)
    assert len(arrangement_sets(results)) == len(results)


@SOLVER_SETTINGS
@given(hand=st.sampled_from([10, 11]).flatmap(hands), cap=caps)
def test_best_melds_is_a_valid_least_arrangement(hand, cap):
    result = best_melds(hand, cap)
    assert result.deadwood == min_deadwood(hand, cap)
    laid = [c for meld in result.melds for c in meld] + result.deadwood_cards
    assert sorted(laid) == sorted(hand)
    assert all(brute_force.is_meld(meld, cap) and meld == sorted(meld) for meld in result.melds)
    assert result.deadwood_cards == sorted(result.deadwood_cards)
    assert result.deadwood == sum(c.deadwood for c in result.deadwood_cards)


@settings(max_examples=60, deadline=None)
@given(hand=hands(11), cap=caps)
def test_discard_table_is_min_deadwood_of_each_ten_card_hand(hand, cap):
    table = deadwood_after_discards(hand, cap)
    assert list(table) == hand
    for discard, deadwood in table.items():
        assert deadwood == min_deadwood([c for c in hand if c != discard], cap)


@pytest.mark.parametrize(
    ("cards", "cap", "deadwood"),
    [
        ("AS 2S 3S", None, 0),  # aces low
        ("QS KS AS", None, 21),  # no wrap-around
        ("5C 5D 5H 5S", None, 0),
        ("5C 5D 5H 5S", 3, 5),  # a set of four needs a cap of four
        ("3H 4H 5H 6H 7H", 4, 3),  # five in sequence meld four, the lowest is cheapest to leave
        ("3H 4H 5H 6H 7H 8H", 4, 0),  # 3 + 3
        ("7C 7D 7H 7S 8S 9S", None, 0),  # the 7S goes to the run
        ("7C 7D 8C 8D 9C 9D", None, 0),  # two parallel runs
        ("7C 7D 7H 8C 8D 8H 9C 9D 9H", None, 0),
        ("KC KD QS JS 4C 4D AC 5S TH TD", None, 74),
        ("", None, 0),
    ],
)
def test_worked_examples(cards, cap, deadwood):
    hand = parse_cards(cards)
    assert min_deadwood(hand, cap) == deadwood
    assert best_melds(hand, cap).deadwood == deadwood


def test_a_long_run_is_reported_whole_and_its_splits_are_arrangements_too():
    hand = parse_cards("3S 4S 5S 6S 7S 8S")
    assert best_melds(hand).melds == [hand]
    assert arrangement_sets(all_best_arrangements(hand)) == {
        frozenset({frozenset(hand)}),
        frozenset({frozenset(hand[:3]), frozenset(hand[3:])}),
    }


def test_capped_seven_card_run_has_two_splits():
    hand = parse_cards("3S 4S 5S 6S 7S 8S 9S AC AD 2C")
    results = all_best_arrangements(hand, 4)
    assert [r.deadwood for r in results] == [4, 4]
    assert {tuple(len(m) for m in r.melds) for r in results} == {(3, 4), (4, 3)}
    assert all(r.deadwood_cards == parse_cards("AC 2C AD") for r in results)


def test_discard_table_example():
    hand = parse_cards("AS 2S 3S 4S 5S 5H 5D 9C TC JC KD")
    table = deadwood_after_discards(hand, 4)
    assert table[parse_card("KD")] == 0
    assert table[parse_card("AS")] == 10  # 2S-4S, 5S 5H 5D, 9C-JC; KD left
    assert table[parse_card("9C")] == 30  # TC JC KD left


def test_whole_deck():
    assert min_deadwood(DECK) == 0
    assert min_deadwood(DECK, 4) == 0
    assert min_deadwood(DECK, 3) == 1  # 52 = 17 * 3 + 1: the cheapest card, an ace, is left


@pytest.mark.parametrize("bad", [[card(52)], [DECK[0], DECK[0]], [-1], [60]])
def test_refuses_jokers_duplicates_and_non_cards(bad):
    with pytest.raises(ValueError):
        min_deadwood(bad)
    with pytest.raises(ValueError):
        best_melds(bad)


@pytest.mark.parametrize("cap", [2, 14, 0])
def test_refuses_impossible_caps(cap):
    with pytest.raises(ValueError):
        min_deadwood(DECK[:3], cap)


@settings(max_examples=30, deadline=None)
@given(hand=hands(11), cap=caps)
def test_answers_do_not_depend_on_the_memo(hand, cap):
    warm = (min_deadwood(hand, cap), deadwood_after_discards(hand, cap), all_best_arrangements(hand, cap))
    clear_cache()
    assert all_best_arrangements(hand, cap) == warm[2]
    clear_cache()
    assert deadwood_after_discards(hand, cap) == warm[1]
    clear_cache()
    assert min_deadwood(hand, cap) == warm[0]


def test_benchmark_runs_and_agrees_with_the_references():
    pytest.importorskip("pyspiel")
    pytest.importorskip("rlcard")
    from tools.gin_solver_bench import run

    report = run(hands=20, seed=3, repeat=1)
    assert len(report["rows"]) == 4
    assert all(row["openspiel_mismatches"] == row["rlcard_mismatches"] == 0 for row in report["rows"])
