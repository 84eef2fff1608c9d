"""Friends, challenges and notifications through their services."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from accounts.services import do_block
from games import services as game_services
from games.models import BotLevel, Match, Room
from games.selectors import match_payload
from games.services import memory
from games.signals import turn_started
from social import services
from social.models import Challenge, Friendship, Notification
from social.selectors import friends
from tests.games.support import first_deal, make_user, me, ruleset
from tests.social.support import finished_room, play_one, services_text

pytestmark = pytest.mark.django_db


def test_a_friend_request_accepted_makes_friends_both_ways():
    ana, bo = make_user("Ana"), make_user("Bo")
    request = services.do_send_friend_request(sender=ana, receiver_id=bo.pk)
    assert Notification.objects.get(user=bo).kind == "friend_request"
    services.do_answer_friend_request(user=bo, friendship_id=request.pk, accept=True)
    assert [f.user for f in friends(user=ana)] == [bo]
    assert [f.user for f in friends(user=bo)] == [ana]
    assert Notification.objects.filter(user=ana, kind="friend_accepted").exists()


def test_a_request_back_accepts_the_one_waiting_and_a_declined_one_is_gone():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    services.do_send_friend_request(sender=ana, receiver_id=bo.pk)
    services.do_send_friend_request(sender=bo, receiver_id=ana.pk)
    assert [f.user for f in friends(user=ana)] == [bo]
    declined = services.do_send_friend_request(sender=cy, receiver_id=ana.pk)
    services.do_answer_friend_request(user=ana, friendship_id=declined.pk, accept=False)
    assert not Friendship.objects.filter(pk=declined.pk).exists()
    assert services.do_remove_friend(user=bo, other_id=ana.pk)
    assert friends(user=ana) == []


def test_a_blocked_player_cannot_send_a_friend_request_or_a_challenge():
    ana, bo = make_user("Ana"), make_user("Bo")
    do_block(blocker=bo, blocked=ana)
    with pytest.raises(services.ServiceError) as refused:
        services.do_send_friend_request(sender=ana, receiver_id=bo.pk)
    assert refused.value.code == "blocked"
    with pytest.raises(services.ServiceError) as refused:
        services.do_challenge(challenger=ana, challenged_id=bo.pk, ruleset=ruleset())
    assert refused.value.code == "blocked"
    # the blocker is refused too: a block stands between both
    with pytest.raises(services.ServiceError):
        services.do_challenge(challenger=bo, challenged_id=ana.pk, ruleset=ruleset())
    assert not Friendship.objects.exists() and not Challenge.objects.exists()
    assert not Notification.objects.exists()


def test_accepting_a_challenge_seats_both_in_a_private_room_on_its_terms():
    ana, bo = make_user("Ana"), make_user("Bo")
    challenge = services.do_challenge(
        challenger=ana, challenged_id=bo.pk, ruleset=ruleset(), turn_seconds=60, rated=True
    )
    room = services.do_answer_challenge(user=bo, challenge_id=challenge.pk, accept=True)
    assert room.is_private and room.turn_seconds == 60 and room.rated
    assert [s.user_id for s in room.seats.order_by("index")] == [ana.pk, bo.pk]
    assert Match.objects.get(room=room).status == Match.Status.PLAYING
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.ACCEPTED and challenge.room == room
    with pytest.raises(services.ServiceError):  # answered once
        services.do_answer_challenge(user=bo, challenge_id=challenge.pk, accept=True)


def test_an_expired_or_declined_challenge_opens_nothing():
    ana, bo = make_user("Ana"), make_user("Bo")
    declined = services.do_challenge(challenger=ana, challenged_id=bo.pk, ruleset=ruleset())
    assert services.do_answer_challenge(user=bo, challenge_id=declined.pk, accept=False) is None
    with pytest.raises(services.ServiceError):
        services.do_answer_challenge(user=bo, challenge_id=declined.pk, accept=True)
    late = services.do_challenge(challenger=ana, challenged_id=bo.pk, ruleset=ruleset())
    Challenge.objects.filter(pk=late.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    with pytest.raises(services.ServiceError) as refused:
        services.do_answer_challenge(user=bo, challenge_id=late.pk, accept=True)
    assert refused.value.code == "challenge_expired"
    assert Challenge.objects.get(pk=late.pk).status == Challenge.Status.EXPIRED
    assert not Room.objects.exists()


def test_the_sweeper_expires_challenges_past_their_time():
    ana, bo = make_user("Ana"), make_user("Bo")
    challenge = services.do_challenge(challenger=ana, challenged_id=bo.pk, ruleset=ruleset())
    assert services.do_expire_challenges(now=timezone.now()) == 0
    assert services.do_expire_challenges(now=timezone.now() + services.CHALLENGE_EXPIRY) == 1
    assert Challenge.objects.get(pk=challenge.pk).status == Challenge.Status.EXPIRED


def test_only_the_challenged_player_may_answer():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    challenge = services.do_challenge(challenger=ana, challenged_id=bo.pk, ruleset=ruleset())
    for who in (ana, cy):
        with pytest.raises(services.ServiceError):
            services.do_answer_challenge(user=who, challenge_id=challenge.pk, accept=True)
    assert not Room.objects.exists()


def test_a_rematch_challenge_takes_the_finished_rooms_terms():
    ana, bo = make_user("Ana"), make_user("Bo")
    room = finished_room(ana, bo)
    with pytest.raises(services.ServiceError):  # not a player of it
        services.do_challenge_rematch(user=make_user("Cy"), room_code=room.code)
    challenge = services.do_challenge_rematch(user=bo, room_code=room.code)
    assert (challenge.challenger, challenge.challenged, challenge.rematch_of) == (bo, ana, room)
    assert challenge.ruleset == room.ruleset and challenge.turn_seconds == room.turn_seconds


def test_turning_a_kind_off_stores_and_sends_nothing_of_it(sent, django_capture_on_commit_callbacks):
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    services.do_set_preferences(user_id=bo.pk, enabled={"friend_request": False})
    with django_capture_on_commit_callbacks(execute=True):
        services.do_send_friend_request(sender=ana, receiver_id=bo.pk)
        services.do_send_friend_request(sender=ana, receiver_id=cy.pk)
    assert not Notification.objects.filter(user=bo).exists()
    assert Notification.objects.filter(user=cy).exists()
    assert {group for group, _ in sent} == {f"me.{cy.pk}"}
    with pytest.raises(services.ServiceError):
        services.do_set_preferences(user_id=bo.pk, enabled={"nonsense": True})


def test_your_turn_comes_only_to_a_player_whose_table_is_open_and_refreshes_one_entry(
    django_capture_on_commit_callbacks,
):
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):  # for a reproducible run: Bo's turn comes on any deal
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))
    game_services.do_socket_opened(room=room, identity=me(bo))  # Bo's table is open in a tab
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(12):  # Bo's turn comes several times
            play_one(room)
    turns = Notification.objects.filter(kind="your_turn")
    assert {n.user_id for n in turns} == {bo.pk}  # Ana's table is not open anywhere
    assert turns.count() == 1 and "Ana" in services_text(turns.get())


def test_a_player_who_reads_each_your_turn_at_the_table_keeps_one_entry_for_the_match(
    django_capture_on_commit_callbacks,
):
    """The table on screen reads each "your turn" as it comes (static/js/social.js); the next
    turn makes that entry unread again instead of adding one a turn."""
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):  # for a reproducible run: Bo's turn comes on any deal
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))
    game_services.do_socket_opened(room=room, identity=me(bo))
    refreshed = 0
    for _ in range(12):
        with django_capture_on_commit_callbacks(execute=True):
            play_one(room)
        unread = Notification.objects.filter(user=bo, kind="your_turn", read_at=None)
        refreshed += unread.count()
        services.do_mark_read(user_id=bo.pk)
    assert refreshed >= 3  # Bo's turn came again and again
    assert Notification.objects.filter(user=bo, kind="your_turn").count() == 1


@pytest.mark.django_db(transaction=True)
def test_your_turn_is_written_in_the_move_that_passes_the_turn_and_goes_with_it():
    """The listener answers inside the move's transaction, and its refresh commits with the
    move (the entry was once written in a transaction of its own: a second commit for most
    moves of a table); only the first entry of a match is stored just after the move commits."""
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))
    game_services.do_socket_opened(room=room, identity=me(bo))
    in_the_move = []

    def seen(**kwargs):
        in_the_move.append(connection.in_atomic_block)

    turn_started.connect(seen)
    try:
        for _ in range(4):  # Ana takes or passes the upcard, draws and discards: Bo's turn
            play_one(room)
    finally:
        turn_started.disconnect(seen)
    assert in_the_move and all(in_the_move)
    assert Notification.objects.filter(user=bo, kind="your_turn").exists()


def _payload(room: Room, seat: int) -> dict:
    return match_payload(Match.objects.get(room=room), seat)


def _queries_of_a_turn_passed_to_bo(capture_on_commit, *, table_open: bool) -> int:
    ana, bo = make_user(), make_user()
    with first_deal(bytes(16)):  # Ana is first to discard, passing the turn to Bo
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))
    if table_open:
        game_services.do_socket_opened(room=room, identity=me(bo))
    while not any(a["type"] == "discard" for a in _payload(room, 0)["view"]["legal_actions"]):
        play_one(room)  # the upcard's offer, Ana's draw
    with CaptureQueriesContext(connection) as queries, capture_on_commit(execute=True):
        play_one(room)  # Ana discards
    assert _payload(room, 1)["view"]["turn"] == 1
    assert Notification.objects.filter(user=bo, kind="your_turn").exists() == table_open
    return len(queries)


def test_a_turn_passed_to_a_person_with_the_table_open_costs_at_most_two_queries_more(
    django_capture_on_commit_callbacks,
):
    """Every turn of a person with the table open makes a "your turn": the first of a match
    finds no entry to refresh (in the move's own round trip), reads the opponents' names and
    stores one; the next ones refresh it in that round trip (it was ten queries more: 1.6-1.8
    times a move's CPU)."""
    assert (
        _queries_of_a_turn_passed_to_bo(django_capture_on_commit_callbacks, table_open=True)
        <= _queries_of_a_turn_passed_to_bo(django_capture_on_commit_callbacks, table_open=False) + 2
    )


def test_a_turn_that_comes_back_to_a_person_costs_no_query_more(
    django_capture_on_commit_callbacks, monkeypatch
):
    """The entry made on Bo's first turn is refreshed as it is on the next ones, by one
    statement in the move's own round trip: the names are not read again (they were, on every
    turn: a quarter of a move's CPU, docs/benchmarks.md), and the refresh is no query of its
    own (it was one, until session 25).  The moves are all read from the database (a move
    made from the process's memory, `test_move_memory.py`, has one query fewer)."""
    monkeypatch.setattr(memory, "LIMIT", 0)
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))

    def queries_of_turns_passed_to_bo(moves: int) -> list[int]:
        counts = []
        for _ in range(moves):
            turn_before = _payload(room, 1)["view"]["turn"]
            with (
                CaptureQueriesContext(connection) as queries,
                django_capture_on_commit_callbacks(execute=True),
            ):
                play_one(room)
            if turn_before == 0 and _payload(room, 1)["view"]["turn"] == 1:
                counts.append(len(queries))
        return counts

    game_services.do_socket_opened(room=room, identity=me(bo))
    first, *again = queries_of_turns_passed_to_bo(12)
    game_services.do_socket_closed(room=room, identity=me(bo))
    unseen = queries_of_turns_passed_to_bo(6)
    assert len(again) >= 2 and unseen
    assert first == unseen[0] + 2  # no entry to refresh: the names are read, the entry stored
    assert set(again) == {unseen[0]}
    assert Notification.objects.filter(user=bo, kind="your_turn").count() == 1


def test_your_turn_names_the_opponents_who_play_now(django_capture_on_commit_callbacks):
    """Refreshed as it is while the opponents stay; once a bot holds Ana's seat (a claim in a
    game of several people), Bo's entry names the bot."""
    ana, bo = make_user("Ana"), make_user("Bo")
    with first_deal(bytes(16)):
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset())
        game_services.do_take_seat(room=room, identity=me(bo))
    game_services.do_socket_opened(room=room, identity=me(bo))
    match = Match.objects.get(room=room)

    def bos_turn_starts() -> Notification:
        seats = list(room.seats.all())
        # A bot's name is stored in the language of the move's request (the test process's
        # may be any, after other tests); a first entry is stored once the move commits.
        with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
            for _, write in turn_started.send(Match, match=match, seat=seats[1], seats=seats):
                write.run()
        return Notification.objects.get(user=bo, kind="your_turn")

    assert "Ana" in services_text(bos_turn_starts())
    services.do_mark_read(user_id=bo.pk)
    assert bos_turn_starts().read_at is None
    room.seats.filter(index=0).update(bot=BotLevel.MEDIUM)
    entry = bos_turn_starts()
    assert "Medium" in services_text(entry) and "Ana" not in services_text(entry)


def test_the_daily_deal_is_announced_once_a_day_to_recent_players():
    ana, bo = make_user("Ana"), make_user("Bo")
    type(ana).objects.filter(pk__in=[ana.pk, bo.pk]).update(last_login=timezone.now())
    services.do_set_preferences(user_id=bo.pk, enabled={"daily": False})
    now = timezone.now()
    assert services.do_announce_daily(now=now) == 1
    assert services.do_announce_daily(now=now) == 0
    assert list(Notification.objects.filter(kind="daily").values_list("user_id", flat=True)) == [ana.pk]


def test_the_friends_list_shows_a_public_table_and_hides_a_private_one():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    for other in (bo, cy):
        request = services.do_send_friend_request(sender=ana, receiver_id=other.pk)
        services.do_answer_friend_request(user=other, friendship_id=request.pk, accept=True)
    public = game_services.do_create_room(identity=me(bo), ruleset=ruleset())
    private = game_services.do_create_room(identity=me(cy), ruleset=ruleset(), is_private=True)
    game_services.do_socket_opened(room=public, identity=me(bo))
    game_services.do_socket_opened(room=private, identity=me(cy))
    shown = {f.user: f for f in friends(user=ana)}
    assert shown[bo].online and shown[bo].room_url == f"/r/{public.code}/"
    assert shown[cy].online and shown[cy].playing and shown[cy].room_url is None
    game_services.do_socket_closed(room=public, identity=me(bo))
    assert not {f.user: f for f in friends(user=ana)}[bo].online
