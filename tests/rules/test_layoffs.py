import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import parse_cards
from games.rules.gin.layoffs import best_layoffs
from games.rules.melds import best_melds, min_deadwood
from tests.rules import brute_force
from tests.rules.strategies import caps, dense_hands


def layoffs(knocker_melds, defender, cap=None, counts="deadwood"):
    return best_layoffs(
        knocker_melds=[parse_cards(meld) for meld in knocker_melds],
        defender_cards=parse_cards(defender),
        max_meld_size=cap,
        defender_counts=counts,
    )


def laid(result):
    return [(str(c), index) for c, index in result.layoffs]


def test_chain_onto_a_run():
    result = layoffs(["5H 6H 7H"], "8H 9H KC")
    assert laid(result) == [("8H", 0), ("9H", 0)]
    assert result.deadwood == 10


def test_chains_at_both_ends():
    result = layoffs(["5H 6H 7H"], "3H 4H 8H KC")
    assert laid(result) == [("4H", 0), ("3H", 0), ("8H", 0)]
    assert result.deadwood == 10


def test_cap_of_four_takes_one_card_onto_a_three_card_meld():
    assert laid(layoffs(["5H 6H 7H"], "8H 9H KC", cap=4)) == [("8H", 0)]
    assert layoffs(["5H 6H 7H"], "8H 9H KC", cap=4).deadwood == 19
    assert laid(layoffs(["5H 6H 7H 8H"], "9H 4H", cap=4)) == []
    assert laid(layoffs(["5C 5D 5H"], "5S", cap=3)) == []


def test_fourth_card_of_a_set():
    result = layoffs(["9C 9D 9S"], "9H 2C")
    assert laid(result) == [("9H", 0)]
    assert result.deadwood == 2


def test_a_card_wanted_by_two_melds_is_laid_once():
    # 5S fits the 5s and the run 6S-8S; 4S then chains below it on the run only.
    result = layoffs(["5C 5D 5H", "6S 7S 8S"], "5S 4S")
    assert result.deadwood == 0
    assert sorted(laid(result)) == [("4S", 1), ("5S", 1)]


def test_classic_defender_keeps_its_own_meld_when_that_is_better():
    # Laying off 8H and 9H would break the 8s set and leave 8C 8D (16) instead of 9H (9).
    result = layoffs(["5H 6H 7H"], "8C 8D 8H 9H")
    assert result.deadwood == 9
    assert result.melds == [parse_cards("8C 8D 8H")]


def test_all_unplayed_lays_off_the_most_and_counts_melded_cards():
    result = layoffs(["5H 6H 7H"], "4H 8H 9C 9D 9S", cap=4, counts="all_unplayed")
    assert laid(result) == [("8H", 0)]  # 8H (8) rather than 4H (4): only one fits under the cap
    assert result.deadwood == 4 + 27
    assert result.melds == [parse_cards("9C 9D 9S")]  # shown as a meld; it counts all the same
    assert result.deadwood_cards == parse_cards("9C 9D 4H 9S")


@st.composite
def deals(draw):
    cards = draw(dense_hands(20))
    return cards[:10], cards[10:]


@settings(max_examples=120, deadline=None)
@given(deal=deals(), cap=caps, counts=st.sampled_from(["deadwood", "all_unplayed"]))
def test_matches_brute_force_and_replays(deal, cap, counts):
    knocker, defender = deal
    melds = best_melds(knocker, cap).melds
    result = best_layoffs(
        knocker_melds=melds, defender_cards=defender, max_meld_size=cap, defender_counts=counts
    )
    assert result.deadwood == brute_force.defender_deadwood(melds, frozenset(defender), cap, counts)
    # The layoffs can be played in the order given, each extending its meld to a valid meld.
    table = [list(meld) for meld in melds]
    for c, index in result.layoffs:
        table[index].append(c)
        assert brute_force.is_meld(table[index], cap)
    rest = sorted(set(defender) - {c for c, _ in result.layoffs})
    counted = sum(c.deadwood for c in result.deadwood_cards)
    assert counted == result.deadwood
    if counts == "deadwood":
        assert result.deadwood == min_deadwood(rest, cap)
        assert sorted([c for meld in result.melds for c in meld] + result.deadwood_cards) == rest
    else:
        assert result.deadwood_cards == rest


@pytest.mark.parametrize("counts", ["deadwood", "all_unplayed"])
def test_no_knocker_melds_means_no_layoffs(counts):
    result = layoffs([], "8H 9H TH KC", counts=counts)
    assert laid(result) == []
    assert result.deadwood == (10 if counts == "deadwood" else 37)
