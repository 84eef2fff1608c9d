import pytest

from games.rules.cards import parse_card, parse_cards
from games.rules.rummy import STANDARD
from games.rules.rummy.melds import (
    card_points,
    classify_meld,
    exchange_joker,
    hand_points,
    is_meld,
    lay_off,
    meld_points,
    meld_readings,
)

CYCLIC = STANDARD.with_(cyclic_runs=True)
GROUPS = STANDARD.with_(fixed_groups=True)
FIXED = STANDARD.with_(fixed_jokers=True)
GROUPS_FIXED = STANDARD.with_(fixed_groups=True, fixed_jokers=True)
NO_JOKERS = STANDARD.with_(jokers=0)
CASINO = STANDARD.with_(casino_scoring=True)


def meld(text, rules=STANDARD, **kwargs):
    return classify_meld(parse_cards(text), rules, **kwargs)


def shown(m):
    return None if m is None else str(m)


@pytest.mark.parametrize(
    ("cards", "rules", "legal"),
    [
        ("7C 7D 7H", STANDARD, True),
        ("7C 7D 7H 7S", STANDARD, True),
        ("7C 7D", STANDARD, False),  # too short
        ("7C 7C 7H", STANDARD, False),  # a suit twice (second deck)
        ("7C 7D 7H 7S X1", STANDARD, False),  # five cards
        ("7C 7D 8H", STANDARD, False),
        ("3H 4H 5H", STANDARD, True),
        ("3H 4H 5H 5H", STANDARD, False),  # a rank twice
        ("3H 4H 6H", STANDARD, False),  # a gap
        ("3H 4H 5D", STANDARD, False),  # two suits
        ("AS 2S 3S", STANDARD, True),  # ace low
        ("QS KS AS", STANDARD, True),  # ace high
        ("KS AS 2S", STANDARD, False),  # ace inside
        ("KS AS 2S", CYCLIC, True),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", STANDARD, True),  # 13 cards
        ("X1 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", CYCLIC, False),  # 14 cards even cyclic
        ("7C X1 X2", STANDARD, False),  # more jokers than naturals
        ("7C 7D X1 X2", STANDARD, True),  # as many jokers as naturals
        ("5S X1 X2 8S", STANDARD, True),
        ("5S X1 X2 8S", FIXED, False),  # two jokers side by side
        ("5S X1 7S X2", FIXED, True),
        ("7C 7D X1", NO_JOKERS, False),
    ],
)
def test_meld_legality(cards, rules, legal):
    assert is_meld(parse_cards(cards), rules) is legal


@pytest.mark.parametrize(
    ("cards", "joker_end", "expected"),
    [
        ("3S 2S X1", None, "2S 3S X1=4S"),  # open end: high unless told
        ("3S 2S X1", "low", "X1=AS 2S 3S"),
        ("2S X1 4S", "low", "2S X1=3S 4S"),  # a gap is not an open end
        ("QS KS X1", "low", "X1=JS QS KS"),
        ("QS KS X1", "high", "QS KS X1=AS"),
        ("AS 2S X1", "low", "AS 2S X1=3S"),  # nothing below the ace: the joker goes high
        ("KS QS X1 X2 JS", "high", "X1=TS JS QS KS X2=AS"),  # one high, the rest low; jokers in given order
        ("KS QS X1 X2 JS", "low", "X1=9S X2=TS JS QS KS"),
        ("KS AS 2S X1", None, None),
    ],
)
def test_run_joker_placement(cards, joker_end, expected):
    assert shown(meld(cards, joker_end=joker_end)) == expected


@pytest.mark.parametrize(
    ("cards", "rules", "expected"),
    [
        ("7H 7C X1", STANDARD, "7C X1=7S 7H"),  # set order C, S, H, D; first missing suit
        ("7D 7H X1", STANDARD, "X1=7C 7H 7D"),
        ("7C X1 7H", GROUPS, "7C X1=7S 7H"),  # clubs-joker-hearts
        ("7C 7S X1", GROUPS, "7C 7S X1=7H"),  # after the stretch
        ("7S 7H X1", GROUPS, "X1=7C 7S 7H"),  # first missing suit that keeps one stretch
        ("7H 7D X1", GROUPS, "X1=7S 7H 7D"),  # clubs missing: the joker cannot wrap round
        ("7C 7H 7D", GROUPS, None),  # spades missing: broken stretch
        ("7C 7H 7D X1", GROUPS, "7C X1=7S 7H 7D"),
        ("7C 7D X1", GROUPS, None),  # two gaps for one joker
        ("7C 7D X1 X2", GROUPS, "7C X1=7S X2=7H 7D"),
        ("7H 7D X1 X2", GROUPS, "X1=7C X2=7S 7H 7D"),
        ("7H 7D X1 X2", GROUPS_FIXED, None),  # jokers side by side in a fixed group
        ("7S 7D X1 X2", GROUPS_FIXED, "X1=7C 7S X2=7H 7D"),
        ("7C 7S X1 X2", FIXED, "7C 7S X1=7H X2=7D"),  # a loose set can always keep its jokers apart
        ("KS AS 2S X1", CYCLIC, "KS AS 2S X1=3S"),
        ("QS KS AS X1", CYCLIC, "QS KS AS X1=2S"),
        ("AS X1 QS", CYCLIC, "QS X1=KS AS"),
        ("AS X1 QS", STANDARD, "QS X1=KS AS"),
    ],
)
def test_joker_labels(cards, rules, expected):
    assert shown(meld(cards, rules)) == expected


def test_readings_list_every_joker_placement():
    assert [str(m) for m in meld_readings(parse_cards("5S 6S X1"), STANDARD)] == [
        "X1=4S 5S 6S",
        "5S 6S X1=7S",
    ]
    assert [str(m) for m in meld_readings(parse_cards("7S 7H X1"), GROUPS)] == ["X1=7C 7S 7H", "7S 7H X1=7D"]
    assert len(meld_readings(parse_cards("7S 7H X1"), STANDARD)) == 2
    full = parse_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert len(meld_readings(full, STANDARD)) == 2  # A..K and 2..A
    assert len(meld_readings(full, CYCLIC)) == 13


@pytest.mark.parametrize(
    ("table", "added", "rules", "end", "expected"),
    [
        ("5H 6H 7H", "4H", STANDARD, None, "4H 5H 6H 7H"),
        ("5H 6H 7H", "8H", STANDARD, None, "5H 6H 7H 8H"),
        ("5H 6H 7H", "9H", STANDARD, None, None),
        ("5H 6H 7H", "8D", STANDARD, None, None),
        ("5H 6H 7H", "X1", STANDARD, None, "5H 6H 7H X1=8H"),
        ("5H 6H 7H", "X1", STANDARD, "low", "X1=4H 5H 6H 7H"),
        ("QH KH AH", "X1", STANDARD, None, "X1=JH QH KH AH"),  # high end closed by the ace
        ("QH KH AH", "2H", STANDARD, None, None),
        ("QH KH AH", "2H", CYCLIC, None, "QH KH AH 2H"),
        ("AH 2H 3H", "KH", CYCLIC, None, "KH AH 2H 3H"),
        ("5H 6H X1", "X2", STANDARD, None, "5H 6H X1=7H X2=8H"),
        ("5H 6H X1", "X2", STANDARD, "low", "X2=4H 5H 6H X1=7H"),
        ("5H 6H X1", "X2", FIXED, None, "X2=4H 5H 6H X1=7H"),  # not beside the other joker
        ("5H X1 7H", "X2", STANDARD, None, "5H X1=6H 7H X2=8H"),  # as many jokers as naturals
        ("5H X1 7H X2", "X3", STANDARD, None, None),  # more jokers than naturals
        ("7C 7S 7H", "7D", STANDARD, None, "7C 7S 7H 7D"),
        ("7C 7S 7H", "7S", STANDARD, None, None),
        ("7C 7S 7H", "8D", STANDARD, None, None),
        ("7C 7S 7H", "X1", STANDARD, None, "7C 7S 7H X1=7D"),
        ("7C 7S X1", "7H", STANDARD, None, "7C 7S 7H X1=7D"),  # the joker moves to the other suit
        ("7C 7S X1", "7D", STANDARD, None, "7C 7S X1=7H 7D"),
        ("7C 7S 7H 7D", "X1", STANDARD, None, None),
        ("7S 7H 7D", "7C", GROUPS, None, "7C 7S 7H 7D"),
        ("7S 7H X1", "7D", GROUPS, None, "X1=7C 7S 7H 7D"),
        ("7C 7S X1", "7D", GROUPS, None, "7C 7S X1=7H 7D"),
        ("7C X1 7H", "7D", GROUPS, None, "7C X1=7S 7H 7D"),
    ],
)
def test_lay_off(table, added, rules, end, expected):
    m = meld(table, rules)
    assert m is not None
    assert shown(lay_off(m, parse_card(added), rules, end=end)) == expected


@pytest.mark.parametrize(
    ("table", "natural", "rules", "expected"),
    [
        ("5H X1 7H", "6H", STANDARD, "5H 6H 7H"),
        ("5H X1 7H", "6D", STANDARD, None),
        ("5H 6H X1", "8H", STANDARD, None),  # not what the joker stands for
        ("5H 6H 7H", "6H", STANDARD, None),  # no joker there
        ("5H X1 7H X2", "8H", FIXED, "5H X1=6H 7H 8H"),  # runs are unaffected by fixed_jokers
        ("7C 7S X1", "7H", STANDARD, "7C 7S 7H"),
        ("7C 7S X1", "7D", STANDARD, "7C 7S 7D"),  # any missing suit
        ("7C 7S X1", "7S", STANDARD, None),
        ("7C 7S X1", "8H", STANDARD, None),
        ("7C 7S X1", "7H", FIXED, None),  # fixed jokers: the set must then hold four naturals
        ("7C 7S 7H X1", "7D", FIXED, "7C 7S 7H 7D"),
        ("7C 7S X1 X2", "7H", FIXED, None),
        ("7C 7S X1 X2", "7H", STANDARD, "7C 7S 7H X2=7D"),
        ("7C X1 7H", "7D", GROUPS, None),  # clubs-hearts-diamonds breaks the stretch
        ("7C X1 7H", "7S", GROUPS, "7C 7S 7H"),
    ],
)
def test_exchange_joker(table, natural, rules, expected):
    m = meld(table, rules)
    assert m is not None
    result = exchange_joker(m, parse_card(natural), rules)
    if expected is None:
        assert result is None
        return
    new, freed = result
    assert str(new) == expected
    assert (
        freed.is_joker
        and freed in m.cards
        and sorted([*new.cards, freed]) == sorted([*m.cards, parse_card(natural)])
    )


@pytest.mark.parametrize(
    ("cards", "rules", "points"),
    [
        ("AS 2S 3S", STANDARD, 6),  # ace before a two: 1
        ("QS KS AS", STANDARD, 31),  # ace after a king: 11
        ("KS AS 2S", CYCLIC, 23),
        ("AC AS AH", STANDARD, 33),  # ace in a set: 11
        ("TH JH QH", STANDARD, 30),
        ("TH JH X1", STANDARD, 30),  # the joker counts as the queen
        ("AH 2H X1", STANDARD, 6),  # an ace before a two
        ("QH KH X1", STANDARD, 31),  # the joker is a high ace
        ("9C 9S X1 X2", STANDARD, 36),
    ],
)
def test_meld_points(cards, rules, points):
    assert meld_points(meld(cards, rules)) == points


def test_card_points():
    hand = parse_cards("AS 2S 9S TS JS QS KS X1")
    assert [card_points(c, STANDARD) for c in hand] == [11, 2, 9, 10, 10, 10, 10, 20]
    assert [card_points(c, CASINO) for c in hand] == [15, 5, 5, 10, 10, 40, 10, 0]
    assert card_points(parse_card("QH"), CASINO) == 10
    assert hand_points(hand, STANDARD) == 82
