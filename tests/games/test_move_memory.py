"""A player's second action of a turn made from what the process wrote of the first, in one
round trip (`games.services.memory`); and whatever changed the match, its room or its seats
in between, or raced it, is read from the database instead: nothing lost, nothing doubled,
nothing stale."""

import copy
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games import services
from games.models import Match, Move, Room, Seat
from games.replays import is_consistent
from games.services import ServiceError, memory
from social.models import Notification
from tests.games.support import me
from tests.games.test_match_services import play, race_for_the_lock, two_player_match
from tests.games.test_move_round_trips import act, commands_of, next_action

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="a memory is checked by PostgreSQL"),
]


def first_of_a_turn(match, players):
    """Play until the player to act has just acted and keeps the turn (the draw before a
    discard): that player's next action is the second of the turn."""
    for n in range(200):
        match.refresh_from_db()
        seat, _ = next_action(match)
        act(match, players, client_id=f"f{n}")
        match.refresh_from_db()
        if next_action(match)[0] == seat:
            return seat
    raise AssertionError("no turn of two actions")


def second(match, players, *, client_id):
    """The next action, against the version `match` was read at (no query of its own)."""
    seat, action = next_action(match)
    return services.do_act(
        match_id=match.pk,
        identity=me(players[seat]),
        version=match.version,
        client_id=client_id,
        action=action,
    )


def round_trips(monkeypatch):
    """Every round trip to PostgreSQL on this thread's connection: statements through Django's
    cursors, and the commands psycopg sends alone (BEGIN, COMMIT, ROLLBACK)."""
    commands = commands_of(monkeypatch)
    statements = []

    def recorded(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    return statements, commands, connection.execute_wrapper(recorded)


def test_a_turns_second_action_is_one_round_trip_and_lands_as_the_first_does(monkeypatch):
    """With both tables open, the action that passes the turn writes the next player's "your
    turn" entry in the same round trip."""
    match, players = two_player_match()
    for player in players:
        services.do_socket_opened(room=match.room, identity=me(player))
    seat = first_of_a_turn(match, players)
    before = Notification.objects.get(user=players[1 - seat], kind="your_turn").created_at
    statements, commands, wrapper = round_trips(monkeypatch)
    with wrapper:
        result = second(match, players, client_id="second")
    assert (len(statements), commands) == (1, [])
    assert statements[0].startswith("BEGIN; SELECT games_match.id") and statements[0].endswith("COMMIT")
    assert (result.seat, result.duplicate) == (seat, False)
    match.refresh_from_db()
    assert match.moves.filter(client_id="second", seat=seat).count() == 1
    assert is_consistent(match)
    assert Notification.objects.get(user=players[1 - seat], kind="your_turn").created_at > before


def test_a_whole_match_made_half_from_memory_replays_to_its_stored_state():
    match, players = two_player_match(match_target=30)
    assert play(match, players).status == Match.Status.FINISHED
    assert is_consistent(match)


def test_a_match_ended_between_two_actions_refuses_the_second():
    """The match row changed with its version as it was: the memory is not believed."""
    match, players = two_player_match()
    first_of_a_turn(match, players)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABANDONED)
    with pytest.raises(ServiceError) as refused:
        act(match, players, client_id="late")
    assert refused.value.code == "match_over"
    assert not Move.objects.filter(match=match, client_id="late").exists()


def test_a_clock_changed_between_two_actions_times_the_next_turn():
    """The room changed: the next player's deadline comes from the room as it is now."""
    match, players = two_player_match()
    first_of_a_turn(match, players)
    Room.objects.filter(pk=match.room_id).update(turn_seconds=600)
    act(match, players, client_id="timed")
    match.refresh_from_db()
    assert match.turn_deadline is not None
    assert match.turn_deadline > timezone.now() + timedelta(seconds=590)


def test_an_opponent_who_opened_the_table_between_two_actions_hears_it_is_their_turn():
    """A seat changed (its sockets): "your turn" is written as the seat is now."""
    match, players = two_player_match()
    seat = first_of_a_turn(match, players)
    other = players[1 - seat]
    services.do_socket_opened(room=match.room, identity=me(other))
    act(match, players, client_id="passes")
    assert Notification.objects.filter(user=other, kind="your_turn").exists()


def test_a_seat_seen_again_between_two_actions_is_still_made_from_memory(monkeypatch):
    """The seat keeper writes `last_seen` every 45 s: a move reads only whether it is recent."""
    match, players = two_player_match()
    seats = Seat.objects.filter(room_id=match.room_id)
    seats.update(last_seen=timezone.now() - timedelta(seconds=50))
    first_of_a_turn(match, players)
    seats.update(last_seen=timezone.now())
    statements, _, wrapper = round_trips(monkeypatch)
    with wrapper:
        second(match, players, client_id="kept")
    assert len(statements) == 1


def test_an_id_already_in_the_log_is_a_duplicate_even_against_the_new_version():
    match, players = two_player_match()
    seat = first_of_a_turn(match, players)
    match.refresh_from_db()
    used = match.moves.filter(seat=seat).latest("seq").client_id
    version = match.version
    assert act(match, players, client_id=used).duplicate
    match.refresh_from_db()
    assert match.version == version and match.moves.filter(client_id=used, seat=seat).count() == 1


@pytest.mark.parametrize("same_id", [False, True], ids=["two ids", "one id"])
def test_two_tabs_racing_the_second_action_apply_it_once(same_id):
    """Both tabs' moves are made from memory and wait for the match's lock; the check that
    follows the lock sees the first one's write, so the second is made from the database:
    refused as stale, or answered as the duplicate it is."""
    match, players = two_player_match()
    seat = first_of_a_turn(match, players)
    match.refresh_from_db()
    version, action = match.version, next_action(match)[1]
    ids = ["tab", "tab"] if same_id else ["tab1", "tab2"]
    results = race_for_the_lock(
        match, identity=me(players[seat]), version=version, action=action, client_ids=ids
    )
    assert results == (["applied", "duplicate"] if same_id else ["applied", "stale_version"])
    match.refresh_from_db()
    assert match.version == version + 1 and is_consistent(match)
    assert match.moves.filter(version=version + 1).count() >= 1
    assert match.moves.filter(client_id__in=ids).count() == 1


def test_a_refused_second_action_gives_the_answer_the_database_gives():
    """A move refused by the rules on the remembered state is made again from the database:
    the same refusal, and the connection is ready for the next move."""
    match, players = two_player_match()
    seat = first_of_a_turn(match, players)
    match.refresh_from_db()

    def refusal():
        with pytest.raises(ServiceError) as refused:
            services.do_act(
                match_id=match.pk,
                identity=me(players[seat]),
                version=match.version,
                client_id="bad",
                action={"type": "discard", "card": "ZZ"},
            )
        return refused.value.code, refused.value.message

    remembered = refusal()
    memory.clear()
    assert remembered == refusal()
    act(match, players, client_id="good")
    assert Move.objects.filter(match=match, client_id="good").exists()
    assert not Move.objects.filter(match=match, client_id="bad").exists()


def test_the_memory_holds_a_bounded_number_of_matches(monkeypatch):
    monkeypatch.setattr(memory, "LIMIT", 2)
    match, players = two_player_match()
    first_of_a_turn(match, players)
    kept = memory._memories[match.pk]
    for pk in (-1, -2):
        other = copy.copy(kept.match)
        other.pk = pk
        memory.keep(match=other, seats=list(kept.seats), state=kept.state, moves_logged=0)
    assert memory.recall(match.pk, version=kept.match.version) is None
    assert memory.recall(-2, version=kept.match.version) is not None


def test_a_match_is_remembered_only_while_the_turn_stays_with_the_player():
    """A memory lives the seconds between two actions of a turn: once the turn passes, the
    next action comes from another player (another process), and nothing is kept."""
    match, players = two_player_match()
    seat = first_of_a_turn(match, players)
    match.refresh_from_db()
    assert memory.recall(match.pk, version=match.version) is not None
    act(match, players, client_id="passes")
    match.refresh_from_db()
    assert next_action(match)[0] != seat
    assert memory._memories == {}
