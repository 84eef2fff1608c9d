import pytest

from games.rules.cards import (
    DECK,
    Card,
    card,
    card_names,
    cards_named,
    cards_of,
    display_key,
    format_cards,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
)


def test_index_layout_and_properties():
    assert [str(c) for c in DECK[:2]] == ["AC", "2C"]
    assert str(DECK[13]) == "AD" and str(DECK[51]) == "KS"
    ten = parse_card("TD")
    assert (ten.rank, ten.suit, ten.deadwood) == (10, 1, 10)
    assert [c.deadwood for c in parse_cards("AH 7H JH QH KH")] == [1, 7, 10, 10, 10]
    assert not DECK[0].is_joker and card(52).is_joker and str(card(57)) == "X6"


@pytest.mark.parametrize("text", ["10D", "td", " TD ", "tD"])
def test_parse_card_spellings(text):
    assert parse_card(text) is make_card(10, 1)


@pytest.mark.parametrize("text", ["", "1D", "AZ", "X7", "ASX", None])
def test_parse_card_refuses(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_parse_and_format_round_trip():
    cards = parse_cards("AS, 10d 2c;X1")
    assert format_cards(cards) == "AS TD 2C X1"
    assert parse_cards(["AS", "2C"]) == [make_card(1, 3), make_card(2, 0)]
    assert parse_cards("AS AS") == [make_card(1, 3)] * 2


def test_masks():
    cards = parse_cards("KS AC 7H")
    assert cards_of(mask_of(cards)) == sorted(cards)
    assert mask_of(cards + cards) == mask_of(cards)
    assert all(isinstance(c, Card) for c in cards_of(mask_of(cards)))


def test_display_key_orders_by_suit_then_rank_then_jokers():
    cards = parse_cards("X1 2S AS KC")
    assert format_cards(sorted(cards, key=display_key)) == "KC AS 2S X1"


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_make_card_refuses(rank, suit):
    with pytest.raises(ValueError):
        make_card(rank, suit)


def test_cards_go_by_name_and_come_back_in_order_duplicates_and_all():
    cards = [*parse_cards("AS 10D kh X2"), parse_card("AS")]
    assert card_names(cards) == ["AS", "TD", "KH", "X2", "AS"]
    assert cards_named(card_names(cards)) == tuple(cards)


def test_names_that_are_not_a_cards_own_are_parsed_or_refused_alike():
    assert cards_named(["10d", "AS"]) == tuple(parse_cards("TD AS"))
    with pytest.raises(ValueError):
        cards_named(["AS", "ZZ"])
    with pytest.raises(ValueError):
        cards_named(["AS", 7])
