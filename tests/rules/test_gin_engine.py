"""Worked examples of the gin state machine: the deal, the upcard offer, every way a hand ends."""

import pytest

from games.rules.cards import parse_card, parse_cards
from games.rules.gin import ARCADE, CLASSIC, IllegalAction, apply, legal_actions, new_match, settle
from games.rules.shuffle import deck_order
from tests.rules.gin_tables import act, table, won_hand

DRAW_STOCK = {"type": "draw", "source": "stock"}
DRAW_DISCARD = {"type": "draw", "source": "discard"}
TAKE, PASS = {"type": "take_upcard"}, {"type": "pass"}


def dealt(rules=CLASSIC, seed="00", first_dealer=1):
    return act(new_match(rules, first_dealer=first_dealer), None, {"type": "deal", "seed": seed})


def refused(code, state, seat, action):
    with pytest.raises(IllegalAction) as info:
        apply(state, seat, action)
    assert info.value.code == code, info.value.message


def discard(card):
    return {"type": "discard", "card": card}


def knock(card=None):
    return {"type": "knock"} if card is None else {"type": "knock", "card": card}


# --- the deal and the first upcard ------------------------------------------------------------


@pytest.mark.parametrize("first_dealer", [0, 1])
def test_the_deal_alternates_cards_from_the_non_dealer_then_turns_the_upcard(first_dealer):
    deck = deck_order(bytes.fromhex("00"))
    state, events = apply(new_match(CLASSIC, first_dealer=first_dealer), None, {"type": "deal", "seed": "00"})
    first = 1 - first_dealer
    assert state.hands[first] == tuple(deck[0:20:2])
    assert state.hands[first_dealer] == tuple(deck[1:20:2])
    assert state.discard_pile == (deck[20],)
    assert state.stock == tuple(deck[21:]) and len(state.stock) == 31
    assert (state.phase, state.turn, state.dealer, state.hand_number) == ("upcard", first, first_dealer, 1)
    assert events == [{"type": "deal", "hand": 1, "dealer": first_dealer, "upcard": str(deck[20])}]


def test_non_dealer_takes_the_upcard_then_discards():
    state = dealt()
    upcard = state.discard_pile[-1]
    state, events = apply(state, 0, TAKE)
    assert events == [{"type": "take_upcard", "seat": 0, "card": str(upcard)}]
    assert (state.phase, state.turn, state.taken, state.discard_pile) == ("discard", 0, upcard, ())
    refused("cannot_discard_taken_card", state, 0, discard(str(upcard)))
    other = next(c for c in state.hands[0] if c != upcard)
    state = act(state, 0, discard(str(other)))
    assert (state.phase, state.turn, state.discard_pile) == ("draw", 1, (other,))
    assert legal_actions(state, 1) == [DRAW_STOCK, DRAW_DISCARD]


def test_non_dealer_passes_and_the_dealer_takes():
    state, events = apply(dealt(), 0, PASS)
    assert events == [{"type": "pass", "seat": 0}]
    assert (state.phase, state.turn) == ("upcard", 1)
    assert legal_actions(state, 0) == []
    refused("not_your_turn", state, 0, TAKE)
    state = act(state, 1, TAKE)
    assert (state.phase, state.turn, len(state.hands[1])) == ("discard", 1, 11)
    state = act(state, 1, discard(str(state.hands[1][0])))
    assert (state.phase, state.turn) == ("draw", 0)
    assert legal_actions(state, 0) == [DRAW_STOCK, DRAW_DISCARD]


def test_after_two_passes_the_non_dealer_must_draw_from_the_stock():
    state = act(act(dealt(), 0, PASS), 1, PASS)
    assert (state.phase, state.turn, state.must_draw_stock) == ("draw", 0, True)
    assert legal_actions(state, 0) == [DRAW_STOCK]
    refused("must_draw_stock", state, 0, DRAW_DISCARD)
    top = state.stock[0]
    state, events = apply(state, 0, DRAW_STOCK)
    assert events == [{"type": "draw", "seat": 0, "source": "stock"}]  # no card: it is secret
    assert (state.drawn, state.drawn_from, state.taken, len(state.stock)) == (top, "stock", None, 30)
    state = act(state, 0, discard(str(top)))  # a stock card may go straight back
    assert legal_actions(state, 1) == [DRAW_STOCK, DRAW_DISCARD]


def test_without_the_upcard_offer_the_non_dealer_draws_first():
    state = dealt(ARCADE)
    assert (state.phase, state.turn) == ("draw", 0)
    assert legal_actions(state, 0) == [DRAW_STOCK, DRAW_DISCARD]
    refused("bad_action", state, 0, TAKE)


def test_a_card_taken_from_the_discard_pile_cannot_be_discarded_or_knocked_with():
    state = table(CLASSIC, "AC 2C 3C 4D 4H 4S 7S 8S 9S 2H", "5C JS QH QD QC 9H 9D 5H 6C JD", pile="TH KD")
    state = act(state, 0, DRAW_DISCARD)
    assert state.taken == parse_card("KD")
    refused("cannot_discard_taken_card", state, 0, discard("KD"))
    refused("cannot_discard_taken_card", state, 0, knock("KD"))
    assert {"type": "discard", "card": "KD"} not in legal_actions(state, 0)
    assert act(state, 0, knock("2H")).history[-1].kind == "knock"  # 10 deadwood: the KD


# --- how a hand ends --------------------------------------------------------------------------

KNOCKER = "AC 2C 3C 4D 4H 4S 7S 8S 9S 2H KD"  # discard KD: 2 deadwood
DEFENDER = "4C TS QH QD QC 9H 9D 5H 6C JD"  # lays off 4C and TS: 39 deadwood


def knock_table(knocker=KNOCKER, defender=DEFENDER, rules=CLASSIC, **kwargs):
    return table(
        rules, knocker, defender, pile="5S", phase="discard", drawn="KD", drawn_from="stock", **kwargs
    )


def test_knock_scores_the_difference_after_layoffs():
    state, events = apply(knock_table(), 0, knock("KD"))
    hand = state.history[-1]
    assert (hand.kind, hand.knocker, hand.winner, hand.points, hand.deadwood) == ("knock", 0, 0, 37, (2, 39))
    assert sorted(str(c) for c, _ in hand.layoffs) == ["4C", "TS"]
    assert hand.hands == (tuple(parse_cards(KNOCKER)[:10]), tuple(parse_cards(DEFENDER)))
    assert events == [
        {"type": "knock", "seat": 0, "card": "KD"},
        {"type": "hand_end", "hand": 1, "kind": "knock", "knocker": 0, "winner": 0, "points": 37},
    ]
    assert (state.phase, state.turn, state.scores, state.discard_pile[-1]) == (
        "hand_over",
        None,
        (37, 0),
        parse_card("KD"),
    )
    assert state.dealer == 0  # the deal alternates
    assert legal_actions(state, 0) == legal_actions(state, 1) == []
    nxt = act(state, None, {"type": "deal", "seed": "01"})
    assert (nxt.phase, nxt.turn, nxt.dealer, nxt.hand_number, nxt.log[0]["hand"]) == ("upcard", 1, 0, 2, 2)


def test_knock_above_the_limit_is_refused():
    state = knock_table()
    refused("knock_too_high", state, 0, knock("AC"))  # 2C 3C 2H KD: 17
    assert {"type": "knock", "card": "AC"} not in legal_actions(state, 0)
    assert {"type": "knock", "card": "2H"} in legal_actions(state, 0)  # KD alone: 10


def test_gin_scores_the_defenders_deadwood_plus_the_bonus_without_layoffs():
    state = knock_table("AC 2C 3C 4D 4H 4S 7S 8S 9S TS KD", "4C JS QH QD QC 9H 9D 5H 6C JD")
    hand = act(state, 0, knock("KD")).history[-1]
    assert (hand.kind, hand.winner, hand.points, hand.deadwood, hand.layoffs) == ("gin", 0, 78, (0, 53), ())


def test_undercut_gives_the_defender_the_difference_plus_the_bonus():
    state = knock_table("AC 2C 3C 4D 4H 4S 7S 8S 9S 8H KD", "QH QD QC JH JD JC 5D 5C 5H AD")
    state = act(state, 0, knock("KD"))
    hand = state.history[-1]
    assert (hand.kind, hand.knocker, hand.winner, hand.points, hand.deadwood) == (
        "undercut",
        0,
        1,
        32,
        (8, 1),
    )
    assert (state.scores, state.hands_won, state.dealer) == ((0, 32), (0, 1), 0)


def test_big_gin_melds_all_eleven_without_a_discard():
    rules = CLASSIC.with_(big_gin=True)
    state = knock_table("AC 2C 3C 4C 4D 4H 4S 7S 8S 9S TS", "5C JS QH QD QC 9H 9D 5H 6C JD", rules)
    assert {"type": "big_gin"} in legal_actions(state, 0)
    state, events = apply(state, 0, {"type": "big_gin"})
    hand = state.history[-1]
    assert (hand.kind, hand.winner, hand.points, len(hand.hands[0])) == ("big_gin", 0, 54 + 31, 11)
    assert events[0] == {"type": "big_gin", "seat": 0}
    assert state.discard_pile == (parse_card("5S"),)


def test_big_gin_needs_the_flag_and_eleven_melded_cards():
    refused("bad_action", knock_table("AC 2C 3C 4C 4D 4H 4S 7S 8S 9S TS"), 0, {"type": "big_gin"})
    state = knock_table(rules=CLASSIC.with_(big_gin=True))
    assert {"type": "big_gin"} not in legal_actions(state, 0)
    refused("not_melded", state, 0, {"type": "big_gin"})


def test_dead_hand_at_two_stock_cards_and_the_same_dealer_deals_again():
    state = table(CLASSIC, "AC 2C 3C 4D 4H 4S 7S 8S 9S 2H", DEFENDER, stock="KD KH KS")
    after_pile_draw = act(act(state, 0, DRAW_DISCARD), 0, discard("2H"))
    assert (after_pile_draw.phase, len(after_pile_draw.stock)) == ("draw", 3)  # the stock did not shrink
    state = act(state, 0, DRAW_STOCK)
    state, events = apply(state, 0, discard("KD"))
    assert events[-1] == {
        "type": "hand_end",
        "hand": 1,
        "kind": "dead",
        "knocker": None,
        "winner": None,
        "points": 0,
    }
    hand = state.history[-1]
    assert (hand.kind, hand.winner, hand.points, hand.deadwood) == ("dead", None, 0, (2, 39 + 4 + 10))
    assert (state.phase, state.dealer, state.scores, len(state.stock)) == ("hand_over", 1, (0, 0), 2)
    assert act(state, None, {"type": "deal", "seed": "02"}).turn == 0  # dealer 1 again


def test_a_knock_with_two_stock_cards_left_still_scores():
    state = knock_table(stock="KH KS")
    assert act(state, 0, knock("KD")).history[-1].kind == "knock"


# --- arcade: knock holding 11, recycle ---------------------------------------------------------

ARCADE_KNOCKER = "AC 2C 3C 4C 5D 5H 5S 9S TS JS 2H"  # 4 + 3 + 3 melded, 2H: 2 deadwood
ARCADE_DEFENDER = "5C QH QD QC 9H 9D 6H 7C KD 8D"  # lays off 5C; every other card counts: 79


def test_arcade_knock_holds_eleven_cards():
    state = table(
        ARCADE, ARCADE_KNOCKER, ARCADE_DEFENDER, pile="3S", phase="discard", drawn="2H", drawn_from="stock"
    )
    assert knock() in legal_actions(state, 0)
    refused("bad_action", state, 0, knock("2H"))
    state, events = apply(state, 0, knock())
    hand = state.history[-1]
    expected = settle(parse_cards(ARCADE_KNOCKER), parse_cards(ARCADE_DEFENDER), ARCADE)
    assert (
        (hand.kind, hand.winner, hand.points, hand.deadwood)
        == ("knock", 0, 77, (2, 79))
        == (
            expected.kind,
            0,
            expected.points,
            (expected.knocker_deadwood, expected.defender_deadwood),
        )
    )
    assert len(hand.hands[0]) == 11 and state.discard_pile == (parse_card("3S"),)
    assert events[0] == {"type": "knock", "seat": 0}


def test_arcade_knock_above_ten_is_refused():
    state = table(ARCADE, "AC 2C 3C 4C 5D 5H 5S 9S TS KD QH", ARCADE_DEFENDER, pile="3S", phase="discard")
    assert knock() not in legal_actions(state, 0)
    refused("knock_too_high", state, 0, knock())


def test_arcade_recycles_the_discard_pile_but_its_top_into_the_stock():
    state = table(ARCADE, ARCADE_KNOCKER[:-3], ARCADE_DEFENDER, stock="KS")
    old_pile = state.discard_pile
    state = act(state, 0, DRAW_STOCK)
    state, events = apply(state, 0, discard("KS"))
    assert events == [{"type": "discard", "seat": 0, "card": "KS"}, {"type": "recycle", "stock": 31}]
    assert state.stock == old_pile  # the oldest discard is now the top of the stock
    assert (state.discard_pile, state.phase, state.turn) == ((parse_card("KS"),), "draw", 1)
    state = act(state, 1, DRAW_STOCK)
    assert state.drawn == old_pile[0]


# --- oklahoma ---------------------------------------------------------------------------------


def seed_with_upcard(rank):
    return next(f"{i:02x}" for i in range(256) if deck_order(bytes([i]))[20].rank == rank)


@pytest.mark.parametrize(
    ("rank", "knock_limit", "expected"), [(1, 10, 0), (7, 10, 7), (12, 10, 10), (9, 5, 5), (3, 10, 3)]
)
def test_oklahoma_the_upcard_sets_the_knock_limit(rank, knock_limit, expected):
    rules = CLASSIC.with_(oklahoma=True, knock_limit=knock_limit)
    assert dealt(rules, seed_with_upcard(rank)).knock_limit == expected
    assert dealt(rules.with_(oklahoma=False), seed_with_upcard(rank)).knock_limit == knock_limit


def test_the_hand_knock_limit_decides_and_settles():
    refused("knock_too_high", knock_table(knock_limit=1), 0, knock("KD"))
    state = act(knock_table(knock_limit=2), 0, knock("KD"))
    assert (state.history[-1].kind, state.history[-1].knock_limit) == ("knock", 2)


# --- the end of the match ---------------------------------------------------------------------

TWO_HANDS = (won_hand(0, 60, 1), won_hand(1, 10, 2), won_hand(0, 30, 3))  # 90 to 10, hands 2 to 1


@pytest.mark.parametrize(
    ("flags", "history", "totals", "doubled"),
    [
        ({}, TWO_HANDS, (127, 10), False),
        ({"line_bonus": True}, TWO_HANDS, (127 + 75, 10 + 25), False),
        ({"game_bonus": True}, TWO_HANDS, (227, 10), False),
        ({"shutout_double": True}, TWO_HANDS, (127, 10), False),
        ({"shutout_double": True}, (won_hand(0, 90),), (254, 0), True),
        (
            {"line_bonus": True, "game_bonus": True, "shutout_double": True},
            (won_hand(0, 90),),
            (554, 0),
            True,
        ),
    ],
)
def test_the_match_ends_at_the_target_and_bonuses_apply_in_order(flags, history, totals, doubled):
    state = act(knock_table(rules=CLASSIC.with_(**flags), history=history), 0, knock("KD"))
    assert (state.phase, state.turn, state.result.winner) == ("match_over", None, 0)
    assert (state.result.totals, state.result.doubled) == (totals, doubled)
    assert state.result.points == state.scores
    assert state.log[-1] == {"type": "match_end", "winner": 0}
    assert legal_actions(state, 0) == legal_actions(state, 1) == []
    refused("match_over", state, None, {"type": "deal", "seed": "00"})
    refused("match_over", state, 0, DRAW_STOCK)


def test_reaching_the_target_exactly_ends_the_match():
    state = act(knock_table(rules=CLASSIC.with_(match_target=37)), 0, knock("KD"))
    assert (state.phase, state.result.totals) == ("match_over", (37, 0))


# --- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, None, "bad_action"),
        (0, "discard", "bad_action"),
        (0, [], "bad_action"),
        (0, {"type": 5}, "bad_action"),
        (0, {"card": []}, "bad_action"),
        (0, {"type": "fold"}, "bad_action"),
        (0, {"type": "discard"}, "bad_action"),
        (0, {"type": "discard", "card": "KD", "extra": 1}, "bad_action"),
        (0, {"type": "discard", "card": "KD", 3: 1}, "bad_action"),
        (0, {"type": "knock"}, "bad_action"),
        (0, {"type": "draw", "source": "pile"}, "bad_action"),
        (0, {"type": "draw", "source": None}, "bad_action"),
        (0, {"type": "discard", "card": []}, "bad_card"),
        (0, {"type": "discard", "card": "1Z"}, "bad_card"),
        (0, {"type": "discard", "card": "X1"}, "bad_card"),
        (None, {"type": "deal", "seed": "xyz"}, "bad_seed"),
        (None, {"type": "deal", "seed": ""}, "bad_seed"),
        (None, {"type": "deal", "seed": 7}, "bad_seed"),
        (2, discard("KD"), "bad_seat"),
        ("0", discard("KD"), "bad_seat"),
        (True, discard("KD"), "bad_seat"),
        (1, discard("KD"), "not_your_turn"),
        (None, discard("KD"), "not_your_turn"),
        (None, {"type": "deal", "seed": "00"}, "not_your_turn"),
        (0, DRAW_STOCK, "wrong_phase"),
        (0, PASS, "wrong_phase"),
        (0, discard("KH"), "card_not_in_hand"),
        (0, knock("KH"), "card_not_in_hand"),
    ],
)
def test_refusals_have_stable_codes(seat, action, code):
    state = knock_table()
    before = state.to_json()
    refused(code, state, seat, action)
    assert state.to_json() == before


def test_players_cannot_deal_and_nobody_plays_before_the_deal():
    state = new_match(CLASSIC)
    refused("not_your_turn", state, 0, {"type": "deal", "seed": "00"})
    refused("not_your_turn", state, 1, DRAW_STOCK)
    assert legal_actions(state, 0) == legal_actions(state, None) == []


def test_card_notation_variants_are_accepted():
    state = act(knock_table(), 0, discard("kd"))
    assert state.discard_pile[-1] == parse_card("KD")
    state = act(
        table(CLASSIC, "TD 2C 3C 4D 4H 4S 7S 8S 9S 2H KD", DEFENDER, pile="5S", phase="discard"),
        0,
        discard("10D"),
    )
    assert state.discard_pile[-1] == parse_card("TD")


def test_apply_leaves_its_input_alone():
    state = knock_table()
    snapshot, action = state.to_json(), knock("KD")
    act(state, 0, action)
    assert state.to_json() == snapshot and action == knock("KD")


def test_first_dealer_must_be_a_seat():
    with pytest.raises(ValueError):
        new_match(CLASSIC, first_dealer=2)
