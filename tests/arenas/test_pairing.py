"""Pairing properties over any set of free players (hypothesis)."""

from hypothesis import given
from hypothesis import strategies as st

from arenas.pairing import Free, group, pair


@st.composite
def free_players(draw, most: int = 14):
    ids = draw(st.lists(st.integers(1, 60), unique=True, max_size=most))
    # Last opponents as the arena makes them: each player's latest game, a real past pairing.
    last: dict[int, frozenset[int]] = {}
    pool = ids + draw(st.lists(st.integers(61, 80), unique=True, max_size=4))  # some now busy
    for _ in range(draw(st.integers(0, len(pool)))):
        a, b = draw(st.sampled_from(pool)), draw(st.sampled_from(pool))
        if a != b:
            last[a], last[b] = frozenset({b}), frozenset({a})
    return [
        Free(uid, draw(st.integers(0, 30)), draw(st.floats(800, 2200)), last.get(uid, frozenset()))
        for uid in ids
    ]


def rematch(a: Free, b: Free) -> bool:
    return b.user_id in a.last_opponents or a.user_id in b.last_opponents


@given(free_players())
def test_nobody_is_at_two_tables_and_only_free_players_are_paired(players):
    tables = pair(players)
    seated = [uid for table in tables for uid in table]
    assert len(seated) == len(set(seated))
    assert set(seated) <= {p.user_id for p in players}
    assert all(a != b for a, b in tables)


@given(free_players())
def test_everyone_free_is_paired_when_another_is_free(players):
    tables = pair(players)
    assert len(players) - 2 * len(tables) == len(players) % 2


@given(free_players())
def test_no_rematch_while_an_alternative_waits(players):
    by_id = {p.user_id: p for p in players}
    tables = [(by_id[a], by_id[b]) for a, b in pair(players)]
    seated = {p.user_id for table in tables for p in table}
    waiting = [p for p in players if p.user_id not in seated]
    for a, b in tables:
        if rematch(a, b):
            assert not any(not rematch(w, a) or not rematch(w, b) for w in waiting)


def test_a_rematch_is_swapped_away_when_another_table_can_take_it():
    # A and B just played; C and D are next in rank: A-C and B-D play instead.
    players = [
        Free(1, 10, 1500, frozenset({2})),
        Free(2, 9, 1500, frozenset({1})),
        Free(3, 8, 1500),
        Free(4, 7, 1500),
    ]
    tables = {frozenset(t) for t in pair(players)}
    assert frozenset({1, 2}) not in tables and len(tables) == 2


def test_two_who_just_played_meet_again_when_nobody_else_is_free():
    assert pair([Free(1, 2, 1500, frozenset({2})), Free(2, 0, 1500, frozenset({1}))]) == [(1, 2)]


def test_neighbours_in_score_then_rating_are_paired():
    players = [Free(1, 10, 1500), Free(2, 0, 1500), Free(3, 9, 1400), Free(4, 0, 1900)]
    assert {frozenset(t) for t in pair(players)} == {frozenset({1, 3}), frozenset({4, 2})}


@given(free_players(), st.sampled_from([3, 4]))
def test_rummy_tables_group_free_players_by_their_seats(players, seats):
    tables = group(players, seats=seats)
    seated = [uid for table in tables for uid in table]
    assert len(seated) == len(set(seated)) and set(seated) <= {p.user_id for p in players}
    assert all(len(table) == seats for table in tables)
    assert len(players) - len(seated) < seats
