"""A move's transaction in two round trips to PostgreSQL: its BEGIN goes with the locking read
and its COMMIT with the write (psycopg sent each in a round trip of its own)."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection, transaction
from psycopg.pq import TransactionStatus

from games import broadcast, services
from games.models import Match, Move
from games.replays import is_consistent
from games.rules.gin import GinState, view_for
from games.services import ServiceError
from social.models import Notification
from tests.games.support import me, simple_policy
from tests.games.test_match_services import play, two_player_match

pytestmark = pytest.mark.django_db(transaction=True)


def next_action(match):
    state = GinState.from_json(match.state)
    return state.turn, simple_policy(view_for(state, state.turn))


def act(match, players, *, client_id, version=None):
    match.refresh_from_db()
    seat, action = next_action(match)
    return services.do_act(
        match_id=match.pk,
        identity=me(players[seat]),
        version=match.version if version is None else version,
        client_id=client_id,
        action=action,
    )


def commands_of(monkeypatch):
    """The commands psycopg sends in round trips of their own on this thread's connection."""
    connection.ensure_connection()
    raw, sent = connection.connection, []
    send = raw._exec_command

    def recorded(command, *args, **kwargs):
        sent.append(bytes(command))
        return (yield from send(command, *args, **kwargs))

    monkeypatch.setattr(raw, "_exec_command", recorded)
    return sent


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the round trips are PostgreSQL's")
def test_a_move_sends_no_begin_or_commit_of_its_own_and_its_frames_still_go(monkeypatch, redis_layer):
    match, players = two_player_match()
    seat, _ = next_action(match)

    def move():
        sent = commands_of(monkeypatch)
        act(match, players, client_id="a1")
        return sent, connection.connection.pgconn.transaction_status, connection.get_autocommit()

    async def main():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(broadcast.seat_group(match.room.code, 1 - seat), channel)
        found = await sync_to_async(move)()
        return found, await asyncio.wait_for(layer.receive(channel), 5)

    (sent, status, autocommit), frame = asyncio.run(main())
    assert [c for c in sent if c.split()[0] in (b"BEGIN", b"COMMIT")] == []
    assert (status, autocommit) == (TransactionStatus.IDLE, True)  # committed; Django's autocommit back
    assert frame["type"] == "game.update"  # the commit hooks ran
    match.refresh_from_db()
    assert Move.objects.filter(match=match, client_id="a1").exists()
    assert frame["match"] == match.pk and f'"version":{match.version}' in frame["text"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the round trips are PostgreSQL's")
def test_a_move_that_passes_the_turn_to_a_person_at_the_table_commits_with_its_write(monkeypatch):
    """The "your turn" refresh goes in the move's write, and so does the COMMIT (it went in a
    round trip of its own after every such move); the first entry of a match, which has no
    entry to refresh, is stored once the move has committed."""
    match, players = two_player_match()
    bo = players[1]
    services.do_socket_opened(room=match.room, identity=me(bo))  # Bo's table is open: his turns notify
    passed, n = [], 0
    while len(passed) < 3:
        match.refresh_from_db()
        turn_before = next_action(match)[0]
        sent = commands_of(monkeypatch)
        act(match, players, client_id=f"t{n}")
        n += 1
        match.refresh_from_db()
        if turn_before == 0 and next_action(match)[0] == 1:
            passed.append([c for c in sent if c.split()[0] in (b"BEGIN", b"COMMIT")])
        monkeypatch.undo()
    assert passed == [[], [], []]
    entries = Notification.objects.filter(user=bo, kind="your_turn")
    assert entries.count() == 1 and entries.get().read_at is None


def test_a_move_inside_a_callers_transaction_is_undone_with_it():
    """The COMMIT goes with the write only in the move's own transaction: inside another
    (a test's, or a service's), the caller's rollback still undoes the move."""
    match, players = two_player_match()
    version = match.version
    with pytest.raises(RuntimeError), transaction.atomic():
        act(match, players, client_id="b1")
        raise RuntimeError("the caller fails after the move")
    match.refresh_from_db()
    assert match.version == version
    assert not Move.objects.filter(match=match, client_id="b1").exists()


def test_a_refused_move_changes_nothing_and_the_next_one_lands():
    """A refusal after the locking read (which began the transaction) rolls it back; the
    connection is left ready for the next move."""
    match, players = two_player_match()
    with pytest.raises(ServiceError) as refused:
        act(match, players, client_id="c1", version=match.version - 1)
    assert refused.value.code == "stale_version"
    assert connection.connection.pgconn.transaction_status == TransactionStatus.IDLE  # not a failed one
    assert not Move.objects.filter(match=match, client_id="c1").exists()
    act(match, players, client_id="c2")
    match.refresh_from_db()
    assert Move.objects.filter(match=match, client_id="c2").exists()


def test_a_whole_match_played_move_by_move_replays_to_its_stored_state():
    """Every move in its own two round trips, the room's occasional write among them."""
    match, players = two_player_match(match_target=10)
    assert play(match, players).status == Match.Status.FINISHED
    assert is_consistent(match)
