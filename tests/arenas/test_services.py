"""Joining, pairing in the sweeper, the end of an arena, schedules, standings from matches."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from arenas import selectors, services
from arenas.models import Arena, ArenaGame, ArenaSchedule
from common.errors import ServiceError
from games.models import Match, Room
from leaderboard.models import Rating
from tests.arenas.support import join_connected, play_out, running_arena
from tests.games.support import first_deal, make_user, ruleset

pytestmark = pytest.mark.django_db(transaction=True)
SEED = bytes(16)


def running_tables(arena):
    return list(ArenaGame.objects.filter(arena=arena, match__status=Match.Status.PLAYING))


def test_free_connected_players_are_paired_into_started_private_rooms():
    arena = running_arena()
    users = [make_user() for _ in range(5)]
    join_connected(arena, users)
    assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 2
    tables = running_tables(arena)
    seated = [uid for game in tables for uid in game.players]
    assert len(seated) == 4 == len(set(seated))
    room = tables[0].match.room
    assert room.is_private and room.state == Room.State.PLAYING and room.rules["match_target"] == 1
    assert sorted(s.user_id for s in room.seats.all()) == sorted(tables[0].players)
    # The busy four are not paired again; the fifth waits alone.
    assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 0


def test_a_disconnected_or_paused_player_is_not_paired_until_back():
    arena = running_arena()
    ana, bo, cy = make_user(), make_user(), make_user()
    join_connected(arena, [ana, bo, cy])
    services.do_arena_socket(arena=arena, user_id=bo.pk, step=-1)
    services.do_pause(arena=arena, user_id=cy.pk, paused=True)
    assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 0
    services.do_arena_socket(arena=arena, user_id=bo.pk, step=1)
    assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 1
    assert sorted(running_tables(arena)[0].players) == sorted([ana.pk, bo.pk])


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_processes_pairing_at_once_never_pair_a_player_twice():
    arena = running_arena()
    join_connected(arena, [make_user() for _ in range(10)])
    barrier = threading.Barrier(2)

    def pair():
        barrier.wait()
        services.do_pair(arena_id=arena.pk, now=timezone.now())
        connection.close()

    threads = [threading.Thread(target=pair) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    seated = [uid for game in running_tables(arena) for uid in game.players]
    assert len(seated) == 10 == len(set(seated))


def test_a_sweep_whose_clock_was_read_before_the_end_starts_no_game_after_it():
    """A loaded sweeper reaches an arena late: its `now` says running, the wall clock says over
    (a repeat run saw a game begin 39 ms after the end)."""
    arena = running_arena()
    join_connected(arena, [make_user(), make_user()])
    Arena.objects.filter(pk=arena.pk).update(starts_at=arena.starts_at - timedelta(minutes=10, seconds=1))
    arena.refresh_from_db()
    assert arena.ends_at < timezone.now()
    assert services.do_pair(arena_id=arena.pk, now=arena.ends_at - timedelta(seconds=1)) == 0
    assert not ArenaGame.objects.filter(arena=arena).exists()


def test_entry_conditions_keep_out_a_player_without_enough_rated_games():
    arena = running_arena(min_rated_games=5)
    user = make_user()
    with pytest.raises(ServiceError) as refused:
        services.do_join(arena=arena, user_id=user.pk)
    assert refused.value.code == "too_few_games"
    Rating.objects.create(user=user, family="gin", rating=1700, rd=60, volatility=0.06, games=5)
    assert services.do_join(arena=arena, user_id=user.pk).rating == 1700


def test_a_game_running_at_the_end_is_played_out_and_counts_but_no_new_one_starts():
    arena = running_arena()
    ana, bo = make_user(), make_user()
    join_connected(arena, [ana, bo])
    with first_deal(SEED):
        services.do_pair(arena_id=arena.pk, now=timezone.now())
    after_end = arena.ends_at + timedelta(seconds=1)
    game = running_tables(arena)[0]
    assert services.do_close_finished(now=after_end) == 0  # a game still running
    match = play_out(game.match, {ana.pk: ana, bo.pk: bo})
    assert match.status == Match.Status.FINISHED
    assert services.do_pair(arena_id=arena.pk, now=after_end) == 0
    assert services.do_close_finished(now=after_end) == 1
    lines = selectors.standings(Arena.objects.get(pk=arena.pk))
    assert [ln.points for ln in lines] == [2, 0] and all(ln.games == 1 for ln in lines)
    winner = lines[0].user_id
    assert selectors.honours(ana if winner == ana.pk else bo) == {"wins": 1, "podiums": 1}


def test_standings_recomputed_from_the_matches_equal_the_live_ones():
    arena = running_arena()
    users = [make_user() for _ in range(4)]
    by_id = {u.pk: u for u in users}
    join_connected(arena, users)
    live = None
    for _round in range(3):
        with first_deal(SEED):
            services.do_pair(arena_id=arena.pk, now=timezone.now())
        for game in running_tables(arena):
            play_out(game.match, by_id)
        live = selectors.standings_payload(arena, now=timezone.now())["lines"]
    # Recomputed from nothing but the finished matches (a restarted process knows no more).
    again = [ln.as_dict() for ln in selectors.standings(Arena.objects.get(pk=arena.pk))]
    assert [{k: v for k, v in ln.items() if k != "name"} for ln in live] == again
    assert sum(ln["games"] for ln in again) == 12 and sum(ln["points"] for ln in again) >= 12


def test_a_schedule_makes_its_next_arenas_ahead_of_time_once():
    now = timezone.now()
    schedule = ArenaSchedule.objects.create(
        name="Hourly",
        ruleset=ruleset(),
        every=ArenaSchedule.Every.HOURLY,
        first_start=now - timedelta(hours=5, minutes=30),
    )
    assert services.do_schedule_arenas(now=now) == 1
    assert services.do_schedule_arenas(now=now) == 0
    arena = schedule.arenas.get()
    assert now < arena.starts_at <= now + timedelta(hours=1) and arena.name == "Hourly"


def test_german_rummy_groups_free_players_by_the_arenas_seats_and_scores_places():
    from arenas.models import Format
    from tests.games.test_rummy_tables import play_rummy

    arena = running_arena(ruleset=ruleset("rummy-standard"), format=Format.ONE_ROUND, seats=3)
    users = [make_user() for _ in range(4)]
    join_connected(arena, users)
    # For a reproducible run: the points are checked against every way three places can fall.
    with first_deal(SEED, start=0):
        assert services.do_pair(arena_id=arena.pk, now=timezone.now()) == 1
    game = running_tables(arena)[0]
    room = game.match.room
    assert room.seats.count() == 3 and room.rounds == 1 and len(set(game.players)) == 3
    by_id = {u.pk: u for u in users}
    play_rummy(game.match, {seat: by_id[uid] for seat, uid in enumerate(game.players)})
    lines = {ln.user_id: ln for ln in selectors.standings(arena)}
    assert sorted(lines[uid].points for uid in game.players) in ([0, 1, 3], [0, 3, 3], [1, 1, 3], [0, 0, 3])
    assert [lines[uid].games for uid in game.players] == [1, 1, 1]
