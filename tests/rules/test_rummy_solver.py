from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from games.rules.cards import DECK, card, make_card, parse_card, parse_cards
from games.rules.rummy import SMALL_DECK, STANDARD, best_first_meld, least_points
from games.rules.rummy.melds import card_points, is_meld, meld_points
from games.rules.rummy.solver import (
    DiscardTable,
    arrange,
    arrange_first_meld,
    best_discard,
    points_after_discard,
)
from games.rules.rummy.solver.hand import read_hand
from games.rules.rummy.solver.search import solver_for

JOKERS = parse_cards("X1 X2 X3 X4 X5 X6")
JOKER = JOKERS[0]
FLAGS = ("cyclic_runs", "fixed_groups", "fixed_jokers", "casino_scoring", "win_without_discard")
DECKS = (STANDARD, SMALL_DECK, STANDARD.with_(jokers=0))


def with_flags(deck, flags):
    """`deck` with `flags` on (fixed_jokers needs jokers in play)."""
    flags = set(flags) - ({"fixed_jokers"} if deck.jokers == 0 else set())
    return deck.with_(**dict.fromkeys(flags, True))


rule_sets = st.builds(with_flags, st.sampled_from(DECKS), st.sets(st.sampled_from(FLAGS)))
BRUTE = settings(max_examples=120, deadline=None)

# --- An independent brute force: every candidate meld, then every disjoint choice of them. ---------

SET_PLACES = {0: 0, 3: 1, 2: 2, 1: 3}  # suit index (C, D, H, S) -> place in C, S, H, D


def first_value(rank, after_king):
    if rank == 1:
        return 11 if after_king else 1
    return min(rank, 10)


def set_value(naturals, jokers, rules):
    """First-meld value of a set, or None when illegal."""
    ranks = {c.rank for c in naturals}
    suits = [c.suit for c in naturals]
    size = len(naturals) + jokers
    if len(ranks) != 1 or len(set(suits)) != len(suits) or not 3 <= size <= 4:
        return None
    if rules.fixed_groups:
        taken = {SET_PLACES[s] for s in suits}
        windows = [range(low, low + size) for low in range(5 - size)]
        fits = [
            w
            for w in windows
            if taken <= set(w)
            and not (
                rules.fixed_jokers and any(p not in taken and p + 1 not in taken and p + 1 in w for p in w)
            )
        ]
        if not fits:
            return None
    rank = ranks.pop()
    return size * (11 if rank == 1 else min(rank, 10))


def run_values(naturals, jokers, rules):
    """First-meld values of every way to read a run (empty when illegal)."""
    suits = {c.suit for c in naturals}
    size = len(naturals) + jokers
    if len(suits) != 1 or not 3 <= size <= 13:
        return []
    held = sorted(c.rank for c in naturals)
    if len(set(held)) != len(held):
        return []
    values = []
    # A run is `size` consecutive ranks from `low`; 14 is the ace above the king, 15.. wrap round.
    for low in range(1, 14):
        ranks = [(low + i - 1) % 13 + 1 for i in range(size)]
        if not rules.cyclic_runs and low + size - 1 > 14:
            continue
        if sorted(r for r in ranks if r in held) != held or len(set(ranks)) != size:
            continue
        joker_at = [r not in held for r in ranks]
        if rules.fixed_jokers and any(a and b for a, b in zip(joker_at, joker_at[1:], strict=False)):
            continue
        values.append(sum(first_value(r, i > 0 and ranks[i - 1] == 13) for i, r in enumerate(ranks)))
    return values


def candidate_melds(hand, rules):
    """(cards, first-meld value) of every legal meld inside the multiset `hand`."""
    naturals = sorted(c for c in hand if not c.is_joker)
    joker_count = sum(c.is_joker for c in hand) if rules.jokers else 0
    out = {}
    for size in range(2, min(len(naturals), 13) + 1):
        for chosen in set(combinations(naturals, size)):
            for jokers in range(min(size, joker_count, 13 - size) + 1):
                values = run_values(chosen, jokers, rules)
                value = set_value(chosen, jokers, rules)
                if value is not None:
                    values.append(value)
                if values:
                    out[(*chosen, *[JOKER] * jokers)] = max(values)
    return out


def brute_best(hand, rules, gain, *, keep_one=False):
    """Largest total gain of disjoint melds inside `hand` (any order of picks, memoised on what is left).

    With `keep_one`, at least one card must stay out of the melds.
    """
    hand = tuple(sorted(hand))
    melds = candidate_melds(hand, rules)

    @cache
    def best(rest):
        counts = Counter(rest)
        top = 0 if rest or not keep_one else -1000
        for meld, value in melds.items():
            need = Counter(meld)
            if all(counts[c] >= n for c, n in need.items()):
                left = counts - need
                top = max(top, gain(meld, value) + best(tuple(sorted(left.elements()))))
        return top

    return best(hand)


def as_brute_hand(cards):
    """Every joker becomes X1, so that the brute force sees them as one kind."""
    return [JOKER if c.is_joker else c for c in cards]


def brute_least_points(cards, rules):
    hand = as_brute_hand(cards)
    saved = brute_best(hand, rules, lambda meld, _: sum(card_points(c, rules) for c in meld))
    return sum(card_points(c, rules) for c in hand) - saved


def brute_first_meld(cards, rules):
    keep_one = not rules.win_without_discard
    return max(0, brute_best(as_brute_hand(cards), rules, lambda _, value: value, keep_one=keep_one))


# --- Hands ------------------------------------------------------------------------------------------

TWO_DECKS = list(DECK) * 2


@st.composite
def random_hands(draw):
    n = draw(st.integers(5, 9))
    jokers = draw(st.integers(0, min(4, n // 2)))
    naturals = draw(st.permutations(TWO_DECKS))[: n - jokers]
    return naturals + JOKERS[:jokers]


@st.composite
def suit_stretches(draw):
    """A long same-suit stretch (wrapping past the king) with a duplicate and jokers."""
    suit = draw(st.integers(0, 3))
    start = draw(st.integers(1, 13))
    length = draw(st.integers(4, 7))
    stretch = [make_card((start + i - 1) % 13 + 1, suit) for i in range(length)]
    stretch = draw(st.permutations(stretch))[: draw(st.integers(3, length))]
    duplicate = draw(st.sampled_from(stretch))
    jokers = draw(st.integers(0, 3))
    extra = draw(st.lists(st.sampled_from([c for c in DECK if c not in stretch]), max_size=1))
    return [*stretch, duplicate, *extra, *JOKERS[:jokers]][:9]


@st.composite
def rank_blocks(draw):
    """Two or three adjacent ranks in every suit, some twice: sets and runs compete."""
    low = draw(st.integers(1, 12))
    width = draw(st.integers(2, 3))
    block = [make_card((low + i - 1) % 13 + 1, s) for i in range(width) for s in range(4)] * 2
    jokers = draw(st.integers(0, 2))
    naturals = draw(st.permutations(block))[: draw(st.integers(5, 9 - jokers))]
    return naturals + JOKERS[:jokers]


@st.composite
def joker_heavy(draw):
    naturals = draw(st.permutations(TWO_DECKS[:26]))[: draw(st.integers(4, 5))]
    return naturals + JOKERS[: draw(st.integers(3, 4))]


@st.composite
def rank_piles(draw):
    """Many copies of one rank with jokers: three or four sets of two naturals and a joker compete."""
    rank = draw(st.integers(1, 13))
    pile = [make_card(rank, s) for s in range(4)] * 2
    naturals = draw(st.permutations(pile))[: draw(st.integers(4, 6))]
    extra = draw(st.lists(st.sampled_from([c for c in DECK if c.rank != rank]), max_size=1))
    return naturals + extra + JOKERS[: draw(st.integers(1, 3))]


@st.composite
def royal_ends(draw):
    """Tens to aces, some twice, with jokers: where a joker gains 11 (an ace after a king or in a set of
    aces) and where it cannot, which bounds the first-meld search."""
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    pool = [make_card(rank, s) for rank in (1, 10, 11, 12, 13) for s in suits] * 2
    naturals = draw(st.permutations(pool))[: draw(st.integers(3, 6))]
    return naturals + JOKERS[: draw(st.integers(1, 3))]


hands = random_hands() | suit_stretches() | rank_blocks() | joker_heavy() | rank_piles() | royal_ends()


# --- Properties -------------------------------------------------------------------------------------


@BRUTE
@given(cards=hands, rules=rule_sets)
def test_least_points_matches_brute_force(cards, rules):
    assert least_points(cards, rules) == brute_least_points(cards, rules)


@BRUTE
@given(cards=hands, rules=rule_sets)
def test_best_first_meld_matches_brute_force(cards, rules):
    assert best_first_meld(cards, rules) == brute_first_meld(cards, rules)


def check_arrangement(cards, rules, result):
    laid = [c for m in result.melds for c in m.cards]
    assert sorted([*laid, *result.left]) == sorted(cards)
    for m in result.melds:
        assert is_meld(m.cards, rules)


@settings(max_examples=80, deadline=None)
@given(cards=hands, rules=rule_sets)
def test_arrangements_reach_the_optimum(cards, rules):
    least = arrange(cards, rules)
    check_arrangement(cards, rules, least)
    assert least.score == least_points(cards, rules) == sum(card_points(c, rules) for c in least.left)
    first = arrange_first_meld(cards, rules)
    check_arrangement(cards, rules, first)
    assert first.score == best_first_meld(cards, rules) == sum(meld_points(m) for m in first.melds)
    assert first.left or rules.win_without_discard or not first.melds


@st.composite
def long_stretches(draw):
    """10-15 cards of one suit (wrapping past the king), some twice, and up to four jokers: runs longer
    than the value search lists (`_longest_uncut`) against the arrangement search, which lists them all."""
    suit = draw(st.integers(0, 3))
    start = draw(st.integers(1, 13))
    length = draw(st.integers(6, 13))
    stretch = [make_card((start + i - 1) % 13 + 1, suit) for i in range(length)]
    twice = draw(st.lists(st.sampled_from(stretch), max_size=3, unique=True))
    jokers = draw(st.integers(0, 4))
    return [*stretch, *twice, *JOKERS[:jokers]][: max(10, length + jokers)]


@BRUTE
@given(cards=hands, rules=rule_sets)
@example(cards=parse_cards("JC QC X1 X2 5D"), rules=STANDARD)  # J Q X(K) X(A): 21 for two jokers
@example(cards=parse_cards("QC KC QS KS X1 X2 5D"), rules=STANDARD)  # each joker the ace after a king
@example(cards=parse_cards("AC AS AH AD X1 X2 5C"), rules=STANDARD)  # each joker in a set of aces
def test_search_bound_holds(cards, rules):
    """The bound that ends the search early is never below what the cards can gain (brute force; the
    bound only grows with the hand, so it holds for the sub-hands the search meets too)."""

    def bound(rules, *, first_meld):
        hand, solver = read_hand(cards, rules), solver_for(rules, first_meld=first_meld)
        return solver.worth(hand.counts) + solver.jokers_top(hand.counts)[len(hand.jokers)]

    total = sum(card_points(c, rules) for c in cards)
    assert bound(rules, first_meld=False) >= total - brute_least_points(cards, rules)
    opened = rules.with_(win_without_discard=True)
    assert bound(opened, first_meld=True) >= brute_first_meld(cards, opened)


@settings(max_examples=80, deadline=None)
@given(cards=hands, rules=rule_sets, data=st.data())
def test_cheapest_discard_is_the_least_of_the_whole_table(cards, rules, data):
    """Searching only the discards whose floor can still win finds the least key over the whole table,
    whatever each card adds to its points (a bot adds what the card gives away)."""
    table = DiscardTable(cards, rules)
    whole = points_after_discard(cards, rules)
    assume(whole)
    extra = {c: data.draw(st.integers(-30, 30)) for c in whole}
    assert all(table.floor(c) <= left for c, left in whole.items())
    key = lambda c, left: (left + extra[c], c)  # noqa: E731
    assert table.cheapest(whole, key) == min(whole, key=lambda c: key(c, whole[c]))


@settings(max_examples=60, deadline=None)
@given(cards=long_stretches(), rules=rule_sets)
def test_values_need_no_long_runs(cards, rules):
    assert least_points(cards, rules) == arrange(cards, rules).score
    assert best_first_meld(cards, rules) == arrange_first_meld(cards, rules).score


@settings(max_examples=40, deadline=None)
@given(cards=hands, rules=rule_sets)
def test_discard_table_is_least_points_without_each_card(cards, rules):
    table = points_after_discard(cards, rules)
    assert set(table) == {c for c in cards if not (c.is_joker and rules.fixed_jokers)}
    for c, points in table.items():
        rest = list(cards)
        rest.remove(c)
        assert points == least_points(rest, rules)
    if table:
        assert table[best_discard(cards, rules)] == min(table.values())


@st.composite
def dense_hands(draw):
    """10-15 cards around a few ranks or along one suit, some twice, with up to four jokers: many melds
    overlap, so many discards can win and the discard search goes deep."""
    low = draw(st.integers(1, 13))
    if draw(st.booleans()):
        pool = [make_card((low + i - 1) % 13 + 1, s) for i in range(3) for s in range(4)] * 2
    else:
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
        pool = [make_card((low + i - 1) % 13 + 1, s) for i in range(8) for s in suits] * 2
    jokers = draw(st.integers(0, 4))
    size = draw(st.integers(10, 15))
    return draw(st.permutations(pool))[: size - jokers] + JOKERS[:jokers]


@st.composite
def big_random_hands(draw):
    jokers = draw(st.integers(0, 4))
    size = draw(st.integers(10, 15))
    return draw(st.permutations(TWO_DECKS))[: size - jokers] + JOKERS[:jokers]


def discard_key(rules):
    """`best_discard`'s order: the least points left, then a natural before a joker, then the costlier
    card, then the lower card."""
    return lambda c, left: (left, c.is_joker, -card_points(c, rules), c)


@settings(max_examples=150, deadline=None)
@given(cards=hands | long_stretches() | dense_hands() | big_random_hands(), rules=rule_sets)
# Sub-hands met again on a path that must beat less than before: searched again.
@example(
    cards=parse_cards("5D 7C 7H 6D 9D JD 3D X1 X2 X3"),
    rules=STANDARD.with_(fixed_groups=True, fixed_jokers=True),
)
@example(cards=parse_cards("TS JS QS KS AS 2S 3S 4S 5S 2S X1 X2"), rules=STANDARD.with_(casino_scoring=True))
def test_best_discard_is_the_least_of_the_whole_table(cards, rules):
    """The one discard search (`_discard_search`) against every discard searched on its own."""
    table = points_after_discard(cards, rules)
    if not table:
        with pytest.raises(ValueError):
            best_discard(cards, rules)
        return
    key = discard_key(rules)
    assert best_discard(cards, rules) == min(table, key=lambda c: key(c, table[c]))


# --- Worked examples --------------------------------------------------------------------------------

CYCLIC = STANDARD.with_(cyclic_runs=True)
GROUPS = STANDARD.with_(fixed_groups=True)
FIXED = STANDARD.with_(fixed_jokers=True)
CASINO = STANDARD.with_(casino_scoring=True)
OPEN_WIN = STANDARD.with_(win_without_discard=True)


@pytest.mark.parametrize(
    ("cards", "rules", "points", "first"),
    [
        ("AS 2S 3S 5H", STANDARD, 5, 6),
        ("QS KS AS 4D 4D", STANDARD, 8, 31),
        ("KS AS 2S 9D", STANDARD, 32, 0),  # no ace inside a run
        ("KS AS 2S 9D", CYCLIC, 9, 23),
        ("7C 7H 7D X1", GROUPS, 0, 21),  # C-X-H-D; keeping a card back: X-H-D with X for spades
        ("7C 7H 7D X1 2C", GROUPS, 2, 28),
        ("7H 7D X1 X2 2C", GROUPS, 2, 28),  # X=C, X=S before hearts
        ("5S X1 X2 8S 2C", STANDARD, 2, 26),
        ("5S X1 X2 8S 2C", FIXED, 55, 0),
        ("5S 6S X1 X2 8S 2C", FIXED, 2, 35),  # 5 6 X(7) 8 X(9)
        ("QS QS KS KS AS AS", STANDARD, 0, 31),  # two runs; keeping one card leaves one run
        ("QS QS KS KS AS AS", OPEN_WIN, 0, 62),
        ("QS QH QD 5C", CASINO, 5, 30),
        ("QS 5C 6C", CASINO, 50, 0),
        ("X1 X2 X3", STANDARD, 60, 0),  # jokers alone are no meld
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", STANDARD, 0, 95),  # 2..A keeps the low ace
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", CYCLIC, 0, 95),
        ("7H 7S 7C 5H 6H 8H X1 X2", STANDARD, 0, 51),  # a joker stands for the 7H the set holds
        ("4C 5C 6C 4D 5D 6D 4H 5H 6H 4S 5S 6S X1 X2", STANDARD, 0, 71),  # jokers at 7 and 8, a 4 kept
        ("3S 3H 2S 4H 3C X1 X2 X3", CYCLIC, 2, 38),  # X=KS X=AS 2S 3S: jokers wrapping below the 2 count 21
        ("7C 7S 7C 7S 7H 7D X1 X2 X3", STANDARD, 0, 56),  # three sets of one rank
        ("7C 7S 7C 7S 7H 7D X1 X2 X3", GROUPS, 0, 56),
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC X1", STANDARD, 0, 103),  # A-5 + 6-K X(A): no 14-card run
        ("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC X1", CYCLIC, 0, 103),
        ("QC KC X1 2C 3C", CYCLIC.with_(fixed_jokers=True), 0, 33),  # the joker is the ace after the king
        ("JC QC KC X1 X2 5D", CYCLIC, 5, 51),  # X=TC J Q K X=AC: a joker at each end
        ("JC QC KC X1 X2 5D", STANDARD, 5, 51),
        ("X1 AS 2S 9D", CYCLIC, 9, 23),  # X=KS before the ace: the ace counts 11
        ("2D X1 4D X2 6D 9C", FIXED, 9, 22),
        ("5H 6H 7H 5H 6H 7H X1", STANDARD.with_(jokers=0), 20, 36),  # a joker is no joker without jokers
        ("AS 2S 3S 4S AS X1", SMALL_DECK, 11, 15),
        ("5H 6H 7H 8H 9H 2C", STANDARD, 2, 35),  # the longest run that cannot be cut without jokers
        ("5H 6H 7H TH X1 X2 2C", STANDARD, 2, 45),  # 5 6 7 X X T: with two jokers, six places
        ("AC AS AH AD X1 X2 5C", STANDARD, 5, 66),  # both jokers 11, in two sets of aces
        ("QC KC QS KS X1 X2 5D", STANDARD, 5, 62),  # both jokers 11, each the ace after a king
        ("JC QC X1 X2 5D", STANDARD, 5, 41),  # J Q X(K) X(A): the joker after a joker king gains 11
        ("KC AC X1 X2 5D", STANDARD, 5, 41),  # X(Q) K A and the ace's 11 besides a joker's
        ("4C 5C 6C 7C 8C 9C TC JC QC KC AC 7C X1 X2", STANDARD, 0, 113),  # the slowest first meld
    ],
)
def test_worked_examples(cards, rules, points, first):
    hand = parse_cards(cards)
    assert least_points(hand, rules) == points
    assert best_first_meld(hand, rules) == first


def test_second_copy_and_jokers_in_a_long_run():
    hand = parse_cards("3D 4D 5D 5D 6D 7D 8D X1 X2 9C 9H")
    result = arrange(hand, STANDARD)
    assert result.score == 0
    assert least_points(hand, STANDARD) == 0


def test_best_discard_keeps_jokers_on_a_tie():
    hand = parse_cards("5H 6H 7H 7C 7S X1 X2")
    assert best_discard(hand, STANDARD) == parse_card("7C")  # 5H and 7C both leave 0: the costlier goes
    assert points_after_discard(hand, FIXED).keys() == set(parse_cards("5H 6H 7H 7C 7S"))


@pytest.mark.parametrize(
    ("cards", "rules", "discard"),
    [
        ("5H 9C X1 X2", STANDARD, "X1"),  # nothing melds: a joker costs most, the lower joker goes
        ("5H 9C X1 X2", FIXED, "9C"),  # jokers may not go
        ("4D 5D X1 X2", STANDARD, "X1"),  # 4 5 X X melds all, 4 5 X too: a melded joker goes
        ("4D 5D X1 X2", FIXED, "5D"),  # X 4 5 X; without a joker to lose, the 5 leaves least
        ("5C 6C 7C 8C X1", CASINO, "5C"),  # every card leaves 0: a natural, the costliest (all 5), the lowest
        ("KS KD 2C 3C 4C", STANDARD, "KD"),  # two kings left over: the lower card
        ("AC 2C 3C 4C KS", OPEN_WIN, "KS"),  # win_without_discard changes no discard
        ("QS QS KS KS AS AS", STANDARD, "AS"),  # Q K A twice: an ace leaves Q K (20), the least
    ],
)
def test_best_discard_examples(cards, rules, discard):
    hand = parse_cards(cards)
    assert best_discard(hand, rules) == parse_card(discard)
    table = points_after_discard(hand, rules)
    key = discard_key(rules)
    assert min(table, key=lambda c: key(c, table[c])) == parse_card(discard)


def test_nothing_to_discard_is_refused():
    with pytest.raises(ValueError):
        best_discard(JOKERS[:2], FIXED)


def test_a_melded_joker_discarded_leaves_at_least_the_hand_melded_without_it():
    # 7C-TC would take the joker back, so without it the hand melds the joker's 20 less.
    table = DiscardTable(parse_cards("7C 8C 9C TC X1 3D 9S"), STANDARD)
    assert table.floor(parse_card("X1")) == table.points(parse_card("X1")) == 12
    # A set of four takes no joker: the floor falls back to what such melds could hold.
    table = DiscardTable(parse_cards("7C 7S 7H 7D X1 X2"), STANDARD)
    assert table.floor(parse_card("X1")) <= table.points(parse_card("X1")) == 7


def test_too_many_copies_is_refused():
    with pytest.raises(ValueError):
        least_points(parse_cards("5H 5H 5H"), STANDARD)


def test_jokers_do_not_meld_without_jokers_in_play():
    assert least_points([*parse_cards("5H 6H"), card(52)], STANDARD.with_(jokers=0)) == 31


def test_the_public_api_takes_cards_from_the_packages_own_parser():
    """As code outside the project calls it: everything from `games.rules.rummy`."""
    from games.rules import rummy

    cards = rummy.parse_cards("7H 8H 9H X1 KS KD KC 2C")
    assert rummy.least_points(cards, rummy.STANDARD) == 2
    assert rummy.best_first_meld(cards, rummy.STANDARD) == 64  # 7H 8H 9H X1 as 10H, KS KD KC
