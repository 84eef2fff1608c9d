"""Services on PostgreSQL: whole matches, refusals that change nothing, retries, races."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_init, pre_init
from django.utils import timezone
from psycopg.types.json import Jsonb

from games import selectors, services
from games.models import MAX_SEATS, Match, Move, Room, Seat
from games.replays import is_consistent, states_by_version
from games.rules.gin import GinState, view_for
from games.services import ServiceError, storage
from games.services.storage import _lock_sql as lock_sql
from games.services.storage import lock_match
from tests.games.support import assert_no_leak, first_deal, make_user, me, ruleset, simple_policy

pytestmark = pytest.mark.django_db(transaction=True)


def two_player_match(**flags):
    """Ana and Bo at an online gin table, on a fixed first deal for a reproducible run (what
    these tests assert holds on any deal: two people, no bot, and Ana plays first)."""
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):
        room = services.do_create_room(identity=me(ana), ruleset=ruleset(**flags))
        services.do_take_seat(room=room, identity=me(bo))
    return room.matches.get(), (ana, bo)


def play(match, players, policy=simple_policy, limit=5000):
    """Drive both seats with `policy` through the services until the match ends."""
    for n in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = GinState.from_json(match.state)
        seat = state.turn
        action = {"type": "next_hand"} if seat is None else policy(view_for(state, seat))
        who = players[0] if seat is None else players[seat]
        services.do_act(
            match_id=match.pk, identity=me(who), version=match.version, client_id=f"c{n}", action=action
        )
    raise AssertionError("the match did not end")


def test_two_players_play_a_whole_match_and_every_frame_keeps_secrets(sent):
    match, players = two_player_match()
    match = play(match, players)

    assert match.status == Match.Status.FINISHED
    result = match.state["result"]
    assert max(result["totals"]) >= 100 and match.winner_seat == result["winner"]
    assert match.room.__class__.objects.get(pk=match.room_id).state == Room.State.FINISHED
    assert is_consistent(match)
    assert Move.objects.filter(match=match).count() == match.moves.count()

    game_frames = [(g, m["payload"]) for g, m in sent if m["type"] == "game.update"]
    states = states_by_version(match)
    assert len(game_frames) >= 3 * (match.version - 1)
    for group, payload in game_frames:
        seat = None if group.endswith(".public") else int(group.rsplit(".", 1)[1])
        assert payload["view"]["seat"] == seat
        assert_no_leak(payload, states[payload["version"]], seat)
        finished = states[payload["version"]]["history"]  # a frame carries the last finished hand alone
        assert payload["view"]["history"] == finished[-1:]
    assert len(match.state["history"]) > 1


def test_a_first_seed_for_a_room_that_waits_for_people_is_refused():
    """Its match is dealt as its last seat is taken, at random: the seed would be lost (two
    tests believed their online room's deal known so); support.first_deal deals it."""
    with pytest.raises(ValueError, match="starts at once"):
        services.do_create_room(identity=me(make_user("Ana")), ruleset=ruleset(), first_seed=bytes(16))
    assert not Room.objects.exists()


def test_refused_actions_change_nothing():
    match, (ana, bo) = two_player_match()
    stranger = make_user("Eve")
    before = (match.version, match.state, match.moves.count())
    # A frame's shape (ids, versions, an action that is no object) is checked at the edge:
    # tests/games/test_commands.py.
    refusals = [
        (bo, match.version, {"type": "pass"}, "not_your_turn"),
        (ana, match.version + 1, {"type": "pass"}, "stale_version"),
        (ana, match.version - 1, {"type": "pass"}, "stale_version"),
        (ana, match.version, {"type": "draw", "source": "stock"}, "wrong_phase"),
        (ana, match.version, {"type": "discard", "card": "ZZ"}, "bad_card"),
        (ana, match.version, {"type": "teleport"}, "bad_action"),
        (ana, match.version, {"type": "next_hand"}, "wrong_phase"),
        (ana, match.version, {"type": "deal", "seed": "00"}, "bad_action"),
        (stranger, match.version, {"type": "pass"}, "not_seated"),
    ]
    for n, (who, version, action, code) in enumerate(refusals):
        with pytest.raises(ServiceError) as refused:
            services.do_act(
                match_id=match.pk, identity=me(who), version=version, client_id=f"x{n}", action=action
            )
        assert refused.value.code == code, (action, refused.value.message)
    match.refresh_from_db()
    assert (match.version, match.state, match.moves.count()) == before


def test_a_card_not_in_hand_is_refused():
    match, (ana, bo) = two_player_match()
    for n, who in enumerate((ana, bo)):
        match.refresh_from_db()
        services.do_act(
            match_id=match.pk,
            identity=me(who),
            version=match.version,
            client_id=f"p{n}",
            action={"type": "pass"},
        )
    match.refresh_from_db()
    services.do_act(
        match_id=match.pk,
        identity=me(ana),
        version=match.version,
        client_id="d",
        action={"type": "draw", "source": "stock"},
    )
    match.refresh_from_db()
    foreign = match.state["hands"][1][0]
    with pytest.raises(ServiceError) as refused:
        services.do_act(
            match_id=match.pk,
            identity=me(ana),
            version=match.version,
            client_id="x",
            action={"type": "discard", "card": foreign},
        )
    assert refused.value.code == "card_not_in_hand"


def test_a_retried_action_is_answered_and_never_applied_twice():
    match, (ana, _) = two_player_match()
    first = services.do_act(
        match_id=match.pk, identity=me(ana), version=match.version, client_id="once", action={"type": "pass"}
    )
    again = services.do_act(
        match_id=match.pk, identity=me(ana), version=match.version, client_id="once", action={"type": "pass"}
    )
    assert (first.duplicate, again.duplicate) == (False, True)
    match.refresh_from_db()
    assert match.moves.filter(seat=0).count() == 1
    assert match.version == 2


def test_an_id_is_each_players_own_so_the_same_id_from_the_opponent_is_a_new_action():
    match, (ana, bo) = two_player_match()
    services.do_act(
        match_id=match.pk, identity=me(ana), version=match.version, client_id="1", action={"type": "pass"}
    )
    match.refresh_from_db()
    reply = services.do_act(
        match_id=match.pk, identity=me(bo), version=match.version, client_id="1", action={"type": "pass"}
    )
    match.refresh_from_db()
    assert reply.duplicate is False and match.version == 3
    assert list(match.moves.filter(client_id="1").values_list("seat", flat=True)) == [0, 1]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_racing_actions_on_one_version_apply_once():
    match, (ana, _) = two_player_match()
    barrier, results = threading.Barrier(2), []

    def attempt(client_id):
        barrier.wait()
        try:
            services.do_act(
                match_id=match.pk,
                identity=me(ana),
                version=match.version,
                client_id=client_id,
                action={"type": "pass"},
            )
            results.append("applied")
        except ServiceError as error:
            results.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(f"race{i}",)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["applied", "stale_version"]
    match.refresh_from_db()
    assert match.version == 2 and is_consistent(match)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_retry_racing_its_original_is_acknowledged_as_a_duplicate():
    """The same action from two tabs at once: both wait for the match's lock, the first is
    applied, and the second is the retry it is (it used to be refused as stale)."""
    match, (ana, _) = two_player_match()
    results = race_for_the_lock(
        match, identity=me(ana), version=match.version, action={"type": "pass"}, client_ids=["twice"] * 2
    )
    assert results == ["applied", "duplicate"]
    match.refresh_from_db()
    assert match.version == 2 and match.moves.filter(client_id="twice").count() == 1


def race_for_the_lock(match, *, identity, version, action, client_ids) -> list[str]:
    """Each client id's action on a thread of its own, all started while the match is held
    locked, so that all wait for its lock: "applied", "duplicate" or the refusal's code, sorted."""
    results = []

    def attempt(client_id):
        try:
            result = services.do_act(
                match_id=match.pk, identity=identity, version=version, client_id=client_id, action=action
            )
            results.append("duplicate" if result.duplicate else "applied")
        except ServiceError as error:
            results.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=(client_id,)) for client_id in client_ids]
    with transaction.atomic():  # hold the match until all wait for it
        Match.objects.select_for_update().get(pk=match.pk)
        for t in threads:
            t.start()
        while waiting_for_locks() < len(threads):
            time.sleep(0.01)
    for t in threads:
        t.join()
    return sorted(results)


def waiting_for_locks() -> int:
    """How many of this database's sessions wait for a lock now."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")  # the view is cached per transaction
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def test_an_overdue_turn_is_played_for_the_player(sent):
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset(), turn_seconds=30)
    services.do_take_seat(room=room, identity=me(bo))
    match = room.matches.get()
    assert match.turn_deadline is not None
    from games.sweeper import sweep_once

    assert sweep_once(now=timezone.now())["timeouts"] == 0
    later = match.turn_deadline + timedelta(seconds=1)
    assert sweep_once(now=later)["timeouts"] == 1
    match.refresh_from_db()
    assert list(match.moves.values_list("seat", "action", "actor"))[-1] == (0, {"type": "pass"}, "timeout")
    assert match.turn_deadline > later - timedelta(seconds=1)
    assert is_consistent(match)


def test_a_timed_out_draw_turn_draws_and_discards_the_highest_unmelded_card():
    match, (ana, bo) = two_player_match(upcard_offer=False)
    Room.objects.filter(pk=match.room_id).update(turn_seconds=30)
    Match.objects.filter(pk=match.pk).update(turn_deadline=timezone.now())
    assert services.do_timeout(match_id=match.pk, now=timezone.now() + timedelta(seconds=1))
    match.refresh_from_db()
    draw, discard = [a for a, actor in match.moves.values_list("action", "actor") if actor == "timeout"]
    assert draw == {"type": "draw", "source": "stock"} and discard["type"] == "discard"
    state = GinState.from_json(match.state)
    assert state.turn == 1 and len(state.hands[0]) == 10


def test_claiming_needs_an_opponent_away_for_a_minute():
    match, (ana, bo) = two_player_match()
    match.room.seats.filter(index=1).update(last_seen=timezone.now())
    with pytest.raises(ServiceError) as refused:
        services.do_claim(match_id=match.pk, identity=me(ana))
    assert refused.value.code == "opponent_present"
    match.room.seats.filter(index=1).update(last_seen=timezone.now() - timedelta(seconds=61))
    services.do_claim(match_id=match.pk, identity=me(ana))
    match.refresh_from_db()
    assert (match.status, match.winner_seat, match.end_reason) == ("finished", 0, "claimed")


def test_rematch_starts_when_both_offer_and_alternates_the_first_dealer():
    match, (ana, bo) = two_player_match(match_target=1)
    match = play(match, (ana, bo))
    assert services.do_offer(match_id=match.pk, identity=me(ana), kind="rematch") is None
    rematch = services.do_offer(match_id=match.pk, identity=me(bo), kind="rematch")
    assert rematch is not None and rematch.first_dealer == 1 - match.first_dealer
    with pytest.raises(ServiceError):
        services.do_offer(match_id=rematch.pk, identity=me(ana), kind="rematch")


def test_a_restart_in_mid_match_needs_both_players():
    match, (ana, bo) = two_player_match()
    services.do_offer(match_id=match.pk, identity=me(ana), kind="restart")
    match.refresh_from_db()
    assert match.status == "playing"
    new = services.do_offer(match_id=match.pk, identity=me(bo), kind="restart")
    match.refresh_from_db()
    assert match.status == "abandoned" and new.status == "playing"


def test_idle_rooms_expire_after_seven_days_and_their_sockets_hear_it(sent):
    match, _ = two_player_match()
    Room.objects.filter(pk=match.room_id).update(last_activity_at=timezone.now() - timedelta(days=8))
    assert services.do_expire_idle_rooms(now=timezone.now()) == 1
    room = Room.objects.get(pk=match.room_id)
    assert room.state == Room.State.EXPIRED
    assert ("room." + room.code, {"type": "room.closed", "reason": "expired"}) in sent
    match.refresh_from_db()
    assert match.status == "abandoned"


def test_sockets_are_counted_per_seat_and_only_the_first_and_last_are_news(sent):
    match, (ana, bo) = two_player_match()
    room = match.room
    sent.clear()
    assert services.do_socket_opened(room=room, identity=me(bo)) is True
    assert services.do_socket_opened(room=room, identity=me(bo)) is False  # a second tab
    assert services.do_socket_closed(room=room, identity=me(bo)) is False
    assert services.do_socket_closed(room=room, identity=me(bo)) is True
    assert services.do_socket_closed(room=room, identity=me(bo)) is False  # never below 0
    news = [group for group, message in sent if message == {"type": "presence.changed", "seats": [1]}]
    assert news == [f"room.{room.code}"] * 2  # presence is no lobby news, and sent only to the room


def test_a_count_left_by_a_dead_process_is_not_believed_and_the_sweeper_clears_it(sent):
    from games.sweeper import sweep_once

    match, (ana, bo) = two_player_match()
    room = match.room
    services.do_socket_opened(room=room, identity=me(bo))
    assert selectors.seats_presence(room)[1]["online"] is True
    room.seats.filter(index=1).update(last_seen=timezone.now() - timedelta(minutes=3))  # its process died
    seat = selectors.seats_presence(room)[1]
    assert (seat["online"], seat["claimable"], seat["away_for"] >= 180) == (False, True, True)
    assert services.do_socket_opened(room=room, identity=me(bo)) is True  # counted afresh: 1, not 2
    assert services.do_socket_closed(room=room, identity=me(bo)) is True
    services.do_socket_opened(room=room, identity=me(bo))
    room.seats.filter(index=1).update(last_seen=timezone.now() - timedelta(minutes=3))
    sent.clear()
    assert sweep_once(now=timezone.now(), expire=False)["released"] == 1
    assert room.seats.get(index=1).sockets == 0 and sent == [
        (f"room.{room.code}", {"type": "presence.changed", "seats": [1]})
    ]
    assert sweep_once(now=timezone.now(), expire=False)["released"] == 0


def test_a_connected_opponent_cannot_be_claimed_against_even_between_slow_pings():
    match, (ana, bo) = two_player_match()
    services.do_socket_opened(room=match.room, identity=me(bo))
    # A background tab may ping less often than every 15 s: its socket is still open.
    match.room.seats.filter(index=1).update(last_seen=timezone.now() - timedelta(seconds=61))
    with pytest.raises(ServiceError) as refused:
        services.do_claim(match_id=match.pk, identity=me(ana))
    assert refused.value.code == "opponent_present"


def table_of(host, guest):
    room = services.do_create_room(identity=me(host), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(guest))
    return room


def test_touching_marks_each_holders_seats_in_its_room_seen_at_most_every_ten_seconds():
    match, (ana, bo) = two_player_match()
    here, there = match.room, table_of(*(make_user(name) for name in ("Cy", "Di")))
    seats = Seat.objects.filter(room__in=[here, there])
    long_ago = timezone.now() - timedelta(seconds=30)
    seats.update(last_seen=long_ago)
    assert (
        services.do_touch_seats(holders=[(here.pk, me(bo)), (there.pk, me(there.seats.get(index=0).user))])
        == 2
    )
    fresh = {(s.room_id, s.index): s.last_seen for s in seats.all() if s.last_seen > long_ago}
    assert set(fresh) == {(here.pk, 1), (there.pk, 0)}  # nobody else's seat
    assert services.do_touch_seats(holders=[(here.pk, me(bo))]) == 0  # seen just now
    assert seats.get(room=here, index=1).last_seen == fresh[here.pk, 1]
    seats.filter(room=here, index=1).update(last_seen=None)  # never seen yet
    assert services.do_touch_seats(holders=[(here.pk, me(bo))]) == 1
    assert services.do_touch_seats(holders=[(here.pk, me(make_user("Eve")))]) == 0
    assert services.do_touch_seats(holders=[(there.pk, me(ana))]) == 0  # Ana holds no seat there
    assert services.do_touch_seats(holders=[]) == 0


def test_touching_many_holders_takes_several_statements_and_skips_a_seat_held_locked(monkeypatch):
    """A seat locked by another transaction (a socket being counted) is left for the next
    round rather than waited for: waiting while holding other seats could deadlock."""
    from games.services import presence

    monkeypatch.setattr(presence, "TOUCH_BATCH", 2)
    users = [make_user(f"P{n}") for n in range(6)]
    rooms = [table_of(users[n], users[n + 1]) for n in (0, 2, 4)]
    holders = [
        (room.pk, me(user))
        for room, pair in zip(rooms, (users[0:2], users[2:4], users[4:6]), strict=True)
        for user in pair
    ]
    long_ago = timezone.now() - timedelta(seconds=30)
    Seat.objects.update(last_seen=long_ago)
    locked, release = threading.Event(), threading.Event()

    def hold_a_seat():
        with transaction.atomic():
            Seat.objects.select_for_update().get(room=rooms[1], index=0)
            locked.set()
            release.wait(10)
        connection.close()

    holding = threading.Thread(target=hold_a_seat)
    holding.start()
    try:
        assert locked.wait(10)
        assert services.do_touch_seats(holders=holders) == 5  # waiting, it would have written 6
    finally:
        release.set()
        holding.join()
    assert Seat.objects.get(room=rooms[1], index=0).last_seen == long_ago
    assert services.do_touch_seats(holders=holders) == 1  # the next round


def test_the_locking_read_gives_what_the_orm_reads():
    """lock_match reads its columns itself (orjson for the JSON, psycopg's own timestamp
    loader on a kept cursor) and makes its instances itself: every value, a timestamp's zone
    included, and each instance's state are the ORM's, and the instances save as the ORM's."""
    for model in (Match, Room, Seat):  # what making them without __init__ would skip
        assert not pre_init.has_listeners(model) and not post_init.has_listeners(model), model
    match, players = two_player_match()
    services.do_socket_opened(room=match.room, identity=me(players[1]))
    for n in range(3):  # moves stored: a state, a log, a seat seen
        match.refresh_from_db()
        state = GinState.from_json(match.state)
        services.do_act(
            match_id=match.pk,
            identity=me(players[state.turn]),
            version=match.version,
            client_id=f"c{n}",
            action=simple_policy(view_for(state, state.turn)),
        )
    for attempt in range(2):  # the second on the kept cursor
        with transaction.atomic():
            locked, seats = lock_match(match_id=match.pk, client_id=f"x{attempt}")
        by_orm = Match.objects.select_related("room").get(pk=match.pk)
        for read, orm in [
            (locked, by_orm),
            (locked.room, by_orm.room),
            *zip(seats, by_orm.room.seats.order_by("index"), strict=True),
        ]:
            for field in type(orm)._meta.concrete_fields:
                value, expected = getattr(read, field.attname), getattr(orm, field.attname)
                zones = getattr(value, "tzinfo", None), getattr(expected, "tzinfo", None)
                assert value == expected and zones[0] == zones[1], field.attname
            assert vars(read).keys() - {"moves_logged", "maybe_seen", "room_xmin"} == vars(orm).keys()
            assert (read._state.adding, read._state.db) == (False, orm._state.db)
    seats[1].timeouts = 7
    seats[1].save(update_fields=["timeouts"])
    assert Seat.objects.get(pk=seats[1].pk).timeouts == 7


def test_a_moves_written_values_are_what_django_would_write():
    """save_run passes most values on as they are, where Django's field layers give back the
    same value: for every value a played match and its log hold, it writes what they give."""
    match, players = two_player_match()
    with pytest.raises(AssertionError, match="did not end"):
        play(match, players, limit=30)  # thirty moves of it
    match.refresh_from_db()
    match.turn_deadline = timezone.now()  # a value in each field that may hold none
    written = [
        (match, storage._PROGRESS_FIELDS),
        *((move, storage._MOVE_FIELDS) for move in Move.objects.filter(match=match)),
    ]
    for instance, fields in written:
        for field, value in zip(fields, storage._sql_values(connection, instance, fields), strict=True):
            expected = field.get_db_prep_save(getattr(instance, field.attname), connection)
            if isinstance(expected, Jsonb) or connection.vendor != "postgresql":
                continue  # the JSON: orjson writes it (the replays compare it)
            assert value == expected and isinstance(expected, type(value)), field.attname  # Int4 is an int


def _pages_read_locking(match_id: int) -> tuple[int, int]:
    """(the pages the locking read touches, the moves it says the log holds)."""
    sql = lock_sql(counted=True, vendor=connection.vendor)
    params = ["nobody", *[f"{seat}:nobody" for seat in range(MAX_SEATS)], match_id]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) {sql}", params)
        plan = cursor.fetchone()[0][0]["Plan"]
        cursor.execute(sql, params)
        columns = [column.name for column in cursor.description]
        logged = cursor.fetchone()[columns.index("moves_logged")]
    return plan["Shared Hit Blocks"] + plan["Shared Read Blocks"], logged


@pytest.mark.skipif(connection.vendor != "postgresql", reason="reads PostgreSQL's query plan")
def test_a_move_reads_as_many_pages_late_in_a_long_match_as_early():
    """Each move counted the match's whole log in its locking read: on a busy site a match's
    moves lie on as many pages as there are moves (the tables' moves interleave), and every
    move read them all.  (Bulky moves stand for that here.)  What is left, the look-up of the
    move's id, grows by a few pages."""
    match, players = two_player_match()
    Move.objects.filter(match=match).delete()
    bulky = {"type": "discard", "card": 0, "padding": "x" * 1500}  # a few moves a page
    logged = []
    for upto in (200, 600):
        have = Move.objects.filter(match=match).count()
        Move.objects.bulk_create(
            Move(match=match, seq=n, seat=0, action=bulky, client_id=f"c{n}", actor="player", version=n)
            for n in range(have, upto)
        )
        logged.append(_pages_read_locking(match.pk))
    (early, early_count), (late, late_count) = logged
    assert (early_count, late_count) == (200, 600)
    assert late <= early + 15  # counting: 400 moves more, about 100 pages more


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's compression")
def test_a_match_state_is_stored_compressed_with_lz4():
    """Every move rewrites the state, and pglz compressed it in about three times lz4's CPU."""
    match, players = two_player_match()
    play(match, players)  # a whole match: its state has every hand's record
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_column_compression(state) FROM games_match WHERE id = %s", [match.pk])
        assert cursor.fetchone()[0] == "lz4"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's catalogue")
def test_a_move_updates_only_the_move_logs_indexes_its_reads_need():
    """The key, the order of a match's log (its reads by match too) and the repeated-id check:
    no index on the match alone, which cost an insertion on every move."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'games_move'")
        columns = sorted(row[0].split(" USING btree ", 1)[1].split(" WHERE ")[0] for row in cursor.fetchall())
    assert columns == ["(id)", "(match_id, seat, client_id)", "(match_id, seq)"]


def test_a_sockets_room_frame_and_chat_history_read_three_times_each(django_assert_num_queries):
    """A socket sends its room frame at each change of the room: the room with its rule set,
    the seats, the match (at each arrival and departure only the seats' presence, once); the
    history reads the reader's mutes once, their blocks, and the messages."""
    from games.chat import selectors as chat_selectors
    from games.consumers import _current_room_frame

    match, (ana, _) = two_player_match()
    room = Room.objects.get(pk=match.room_id)  # as a socket holds it: its rule set not read
    with django_assert_num_queries(3):
        frame = _current_room_frame(room, me(ana), "en")
    assert frame["ruleset"] and frame["you"] == 0
    with django_assert_num_queries(1):
        assert selectors.seat_indices(room, me(ana)) == [0]
    with django_assert_num_queries(1):
        presence = selectors.seats_presence(room)
    assert [{**seat, **presence[seat["index"]]} for seat in frame["seats"]] == frame["seats"]
    with django_assert_num_queries(3):
        history = chat_selectors.history_frame(room, ana.pk, [0])
    assert history["messages"] == [] and history["muted"] == []
