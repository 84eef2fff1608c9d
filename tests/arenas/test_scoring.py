"""Arena points on crafted results: streaks (the flame), rummy places, tie-breaks."""

from arenas.scoring import Result, line, standings

WIN, LOSS = Result(0, 2, (1500.0,)), Result(1, 2, (1500.0,))


def test_after_two_wins_in_a_row_each_win_scores_four_until_a_loss():
    ln = line(1, [WIN, WIN, WIN, WIN, LOSS, WIN, WIN, WIN])
    assert ln.sheet == (2, 2, 4, 4, 0, 2, 2, 4)
    assert ln.points == 20 and ln.streak == 3 and ln.on_fire and ln.wins == 7 and ln.games == 8


def test_a_draw_scores_one_and_puts_out_the_flame():
    draw = Result(0, 2, (1500.0,), draw=True)
    assert line(1, [WIN, WIN, draw, WIN]).sheet == (2, 2, 1, 2)


def test_rummy_places_score_3_2_1_0_at_four_seats_and_3_1_0_at_three():
    four = [Result(place, 4, (1500.0, 1500.0, 1500.0)) for place in (3, 2, 1, 0)]
    assert line(1, four).sheet == (0, 1, 2, 3)
    three = [Result(place, 3, (1500.0, 1500.0)) for place in (2, 1, 0)]
    assert line(1, three).sheet == (0, 1, 3)


def test_a_rummy_first_place_on_fire_scores_double():
    first = Result(0, 4, (1500.0, 1500.0, 1500.0))
    second = Result(1, 4, (1500.0, 1500.0, 1500.0))
    assert line(1, [first, first, first, second, first]).sheet == (3, 3, 6, 2, 3)


def test_ties_break_by_performance_then_fewer_games():
    strong = [Result(0, 2, (1800.0,))]
    weak = [Result(0, 2, (1200.0,))]
    slow = [Result(0, 2, (1800.0,)), Result(1, 2, (1800.0,))]
    table = standings({1: weak, 2: slow, 3: strong}, players=[4])
    assert [ln.user_id for ln in table] == [3, 2, 1, 4]
    assert table[0].performance == 1800 and table[-1].games == 0 and table[-1].points == 0
