import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.cards import parse_cards
from games.rules.gin import ARCADE, CLASSIC, settle
from games.rules.melds import all_best_arrangements
from tests.rules import brute_force
from tests.rules.strategies import dense_hands

CLASSIC_CAP4 = CLASSIC.with_(max_meld_size=4)
BIG_GIN = CLASSIC.with_(big_gin=True)


def settled(knocker, defender, rules=CLASSIC, **kwargs):
    return settle(parse_cards(knocker), parse_cards(defender), rules, **kwargs)


def outcome(result):
    return result.kind, result.winner, result.points, result.knocker_deadwood, result.defender_deadwood


def test_knock():
    result = settled("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "KC KD QS JS 4C 4D AC 5S TH TD")
    assert outcome(result) == ("knock", "knocker", 71, 3, 74)
    assert result.layoffs == []
    assert result.knocker_deadwood_cards == parse_cards("3C")


def test_knock_with_layoffs_on_both_kinds_of_meld():
    # 4H and 8H onto the run, 2H onto the 2s, 9H onto the run after 8H or onto the 9s.
    result = settled("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "8H 9H 4H 2H KC KD QS JS AC TD")
    assert outcome(result) == ("knock", "knocker", 48, 3, 51)
    assert sorted(str(c) for c, _ in result.layoffs) == ["2H", "4H", "8H", "9H"]


def test_layoff_chain_and_its_cap():
    knocker, defender = "2C 2D 2S 5H 6H 7H QC QD QS 3C", "8H 9H KC KD JS TS AC 4D 6C 7D"
    chain = settled(knocker, defender)
    assert outcome(chain) == ("knock", "knocker", 55, 3, 58)
    assert [(str(c), i) for c, i in chain.layoffs] == [("8H", 1), ("9H", 1)]
    capped = settled(knocker, defender, CLASSIC_CAP4)
    assert outcome(capped) == ("knock", "knocker", 64, 3, 67)
    assert [(str(c), i) for c, i in capped.layoffs] == [("8H", 1)]


def test_gin_takes_no_layoffs():
    # 9H would fit the run and the 9s, but nothing is laid off on a gin.
    result = settled("2C 2D 2S 5H 6H 7H 8H 9C 9D 9S", "9H 4H 3C 3D 3H KS QS JC AD 7C")
    assert outcome(result) == ("gin", "knocker", 51 + 25, 0, 51)
    assert result.layoffs == []
    assert result.defender_melds == [parse_cards("3C 3D 3H")]


def test_undercut():
    result = settled("2C 2D 2S 5H 6H 7H 9C 9D 9S 8C", "JC QC KC TD TH TS 3S 4S 5S AH")
    assert outcome(result) == ("undercut", "defender", 8 - 1 + 25, 8, 1)


def test_undercut_on_a_tie():
    result = settled("2C 2D 2S 5H 6H 7H 9C 9D 9S 8C", "JC QC KC TD TH TS 3S 4S 5S 8D")
    assert outcome(result) == ("undercut", "defender", 25, 8, 8)


def test_big_gin():
    knocker, defender = "2C 2D 2S 2H 5H 6H 7H 8H 9C 9D 9S", "3C 3D 3H 4H KS QS JC AD 7C 9H"
    assert outcome(settled(knocker, defender, BIG_GIN)) == ("big_gin", "knocker", 51 + 31, 0, 51)
    with pytest.raises(ValueError):
        settled(knocker, defender)  # 11 cards after the discard only with the big_gin flag
    with pytest.raises(ValueError):
        settled("2C 2D 2S 2H 5H 6H 7H 8H 9C 9D AS", defender, BIG_GIN)  # not all melded


def test_arcade_defender_counts_every_card_not_laid_off():
    knocker = "2C 2D 2S 5H 6H 7H QC QD QS 3C AD"  # 11 cards, deadwood 3C + AD = 4
    defender = "8H 4H 9C 9D 9S KC KD JD TS 6C"
    result = settled(knocker, defender, ARCADE)
    # Only one card fits on the run under the cap: 8H, worth more than 4H. The 9s count too.
    assert [(str(c), i) for c, i in result.layoffs] == [("8H", 1)]
    assert outcome(result) == ("knock", "knocker", 77 - 4, 4, 77)
    # The 9s are a meld, shown as one, but they count in arcade: 77 is every card not laid off.
    assert [[str(c) for c in meld] for meld in result.defender_melds] == [["9C", "9D", "9S"]]
    assert sum(c.deadwood for c in result.defender_deadwood_cards) == 77
    # The same melds in classic mode (10 cards, the AD discarded): the 9s set now helps.
    classic = settled("2C 2D 2S 5H 6H 7H QC QD QS 3C", defender, CLASSIC_CAP4)
    assert outcome(classic) == ("knock", "knocker", 50 - 3, 3, 4 + 10 + 10 + 10 + 10 + 6)


def test_arcade_gin_counts_only_unmelded_cards_and_takes_no_layoffs():
    result = settled("2C 2D 2S 2H 5H 6H 7H 8H 9C 9D 9S", "3C 3D 3H 4H KS QS JC AD 7C 9H", ARCADE)
    assert outcome(result) == ("gin", "knocker", 51 + 25, 0, 51)
    assert result.layoffs == []


def test_knocker_tie_break_leaves_the_defender_the_most():
    # The 3S-9S run splits 3+4 or 4+3 under the cap. With 3S-6S + 7S-9S the defender could lay
    # off TS; with 3S-5S + 6S-9S it cannot, so that is the arrangement laid down.
    knocker, defender = "3S 4S 5S 6S 7S 8S 9S AC AD 2C", "TS KC KD QH JH 5D 6C 8D 4C TC"
    assert len(all_best_arrangements(parse_cards(knocker), 4)) == 2
    for rules in (CLASSIC_CAP4, ARCADE.with_(knock_timing="after_discard")):
        result = settled(knocker, defender, rules)
        assert result.knocker_melds == [parse_cards("3S 4S 5S"), parse_cards("6S 7S 8S 9S")]
        assert result.layoffs == []
        assert outcome(result) == ("knock", "knocker", 83 - 4, 4, 83)


def test_knock_limits():
    knocker, defender = "2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "KC KD QS JS 4C 4D AC 5S TH TD"
    with pytest.raises(ValueError):
        settled(knocker, defender, knock_limit=2)
    with pytest.raises(ValueError):
        settled(knocker, defender, CLASSIC.with_(knock_limit=2))
    assert settled(knocker, defender, CLASSIC.with_(knock_limit=2), knock_limit=3).kind == "knock"
    with pytest.raises(ValueError):
        settled("2C 2D 2S 5H 6H 7H 9C 9D KS QS", defender)  # 38 deadwood


@pytest.mark.parametrize(
    ("knocker", "defender", "rules"),
    [
        ("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "KC KD QS JS 4C 4D AC 5S TH", CLASSIC),  # 9 defender cards
        ("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "KC KD QS JS 4C 4D AC 5S TH 3C", CLASSIC),  # shared card
        ("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C", "KC KD QS JS 4C 4D AC 5S TH TD", ARCADE),  # arcade knocks on 11
        ("2C 2D 2S 5H 6H 7H 9C 9D 9S 3C 3C", "KC KD QS JS 4C 4D AC 5S TH TD", ARCADE),
    ],
)
def test_refuses_impossible_hands(knocker, defender, rules):
    with pytest.raises(ValueError):
        settled(knocker, defender, rules)


def test_to_dict_is_json_ready():
    result = settled("2C 2D 2S 5H 6H 7H QC QD QS 3C", "8H 9H KC KD JS TS AC 4D 6C 7D")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["knocker_melds"][1] == ["5H", "6H", "7H"]
    assert data["layoffs"] == [["8H", 1], ["9H", 1]]
    assert data["points"] == 55


@st.composite
def knocks(draw):
    cards = draw(dense_hands(20))
    return cards[:10], cards[10:]


@settings(max_examples=150, deadline=None)
@given(
    deal=knocks(), rules=st.sampled_from([CLASSIC, CLASSIC_CAP4, ARCADE.with_(knock_timing="after_discard")])
)
def test_settlement_matches_brute_force(deal, rules):
    knocker, defender = deal
    cap = rules.max_meld_size
    deadwood = brute_force.min_deadwood(frozenset(knocker), cap)
    if deadwood > rules.knock_limit:
        with pytest.raises(ValueError):
            settle(knocker, defender, rules)
        return
    result = settle(knocker, defender, rules)
    assert result.knocker_deadwood == deadwood
    if deadwood == 0:
        assert result.defender_deadwood == brute_force.min_deadwood(frozenset(defender), cap)
        assert (result.kind, result.points) == ("gin", result.defender_deadwood + rules.gin_bonus)
        return
    # The knocker's tie-break: its melds leave the defender the most over every best arrangement.
    best_for_defender = [
        brute_force.defender_deadwood(
            [sorted(m) for m in melds], frozenset(defender), cap, rules.defender_counts
        )
        for melds in brute_force.best_arrangements(frozenset(knocker), cap)
    ]
    assert result.defender_deadwood == max(best_for_defender)
    expected_kind = "knock" if result.defender_deadwood > deadwood else "undercut"
    assert result.kind == expected_kind
