"""The reads a table socket makes as it opens, closes and hears its room change are written
out (`games.rows`): each gives what the ORM's read gave, instance for instance and frame for
frame, and the relations the callers follow come with them, with no query of their own."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Model
from django.db.models.signals import post_init, pre_init
from django.utils import timezone

from accounts.selectors import blocked_either_way
from accounts.services import do_block
from games import selectors, services
from games.chat import selectors as chat_selectors
from games.chat import services as chat_services
from games.chat.models import ChatMessage
from games.models import Match, Room, RuleSet, Seat
from games.seating import seat_of
from games.wire import room_payload, seat_presence
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_the_models_read_so_have_no_init_of_their_own_to_skip():
    """`rows.Columns.loaded` makes instances without `__init__` and its signals."""
    for model in (Room, RuleSet, Seat, Match, ChatMessage, get_user_model()):
        assert model.__init__ is Model.__init__, model
        assert not pre_init.has_listeners(model) and not post_init.has_listeners(model), model


def assert_same_instance(read, orm):
    for field in type(orm)._meta.concrete_fields:
        value, expected = getattr(read, field.attname), getattr(orm, field.attname)
        zones = getattr(value, "tzinfo", None), getattr(expected, "tzinfo", None)
        assert value == expected and zones[0] == zones[1], field.attname
    assert (read._state.adding, read._state.db) == (False, orm._state.db)


def table():
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    return room, ana, bo


def test_a_room_comes_with_its_rule_set_and_is_read_again_in_place(django_assert_num_queries):
    room, ana, bo = table()
    read = selectors.room_by_code(room.code)
    orm = Room.objects.select_related("ruleset").get(code=room.code)
    assert_same_instance(read, orm)
    with django_assert_num_queries(0):
        assert_same_instance(read.ruleset, orm.ruleset)
    assert selectors.room_by_code("nosuchroom") is None

    Room.objects.filter(pk=room.pk).update(state=Room.State.FINISHED, turn_seconds=30)
    selectors.refresh_room(read)
    orm.refresh_from_db(from_queryset=Room.objects.select_related("ruleset"))
    assert (read.state, read.turn_seconds) == (Room.State.FINISHED, 30)
    assert_same_instance(read, orm)
    with django_assert_num_queries(0):
        assert read.ruleset.pk == orm.ruleset.pk


def test_the_current_match_is_the_latest_with_its_room(django_assert_num_queries):
    room, ana, bo = table()
    assert selectors.current_match(Room.objects.create(ruleset=room.ruleset, rules={})) is None
    first = room.matches.get()
    later = Match.objects.create(
        room=room,
        family=first.family,
        rules=first.rules,
        first_dealer=0,
        state=first.state,
        created_at=first.created_at + timedelta(seconds=1),
    )
    read = selectors.current_match(room)
    assert read.pk == later.pk
    assert_same_instance(read, Match.objects.get(pk=later.pk))
    with django_assert_num_queries(0):
        assert read.room is room


def test_the_room_frame_and_the_seats_presence_are_the_orms(django_assert_num_queries):
    room, ana, bo = table()
    services.do_socket_opened(room=room, identity=me(bo))
    room.seats.filter(index=0).update(last_seen=timezone.now() - timedelta(minutes=5))  # Ana away
    match = selectors.current_match(room)
    seats = list(room.seats.select_related("user"))
    for viewer in (me(ana), me(bo), me(make_user("Cy"))):
        expected = room_payload(
            room=room, seats=seats, match=match, you=seat_of(seats, viewer), language="en"
        )
        assert selectors.room_info(room, viewer, "en", match=match) == expected
    assert selectors.seats_presence(room) == {seat.index: seat_presence(seat) for seat in seats}
    assert selectors.seats_presence(room)[1]["online"] and not selectors.seats_presence(room)[0]["online"]


def test_counting_sockets_writes_and_tells_as_before(sent, django_capture_on_commit_callbacks):
    room, ana, bo = table()
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.do_socket_opened(room=room, identity=me(bo))
    seat = room.seats.get(index=1)
    assert seat.sockets == 1 and timezone.now() - seat.last_seen < timedelta(seconds=5)
    assert not services.do_socket_opened(room=room, identity=me(make_user("Cy")))  # holds no seat
    assert room.seats.get(index=0).sockets == 0
    assert sent == [(f"room.{room.code}", {"type": "presence.changed", "seats": [1]})]


def test_the_chat_history_hides_the_muted_and_the_blocked_and_keeps_the_newest(monkeypatch):
    room, ana, bo = table()
    cy, di = make_user("Cy"), make_user("Di")
    gone = make_user("Gone")
    for n in range(3):
        for author in (bo, cy, di, gone):
            ChatMessage.objects.create(
                room=room, channel="table", author=author, author_name=author.display_name, text=f"{n}"
            )
    ChatMessage.objects.create(room=room, channel="spectators", author=cy, author_name="Cy", text="elsewhere")
    gone.delete()  # the messages stay, with no author
    removed = ChatMessage.objects.filter(author_name="Di").first()
    removed.removed_at = timezone.now()
    removed.save()
    chat_services.do_mute(room=room, identity=me(ana), player_id=cy.pk, muted=True)
    do_block(blocker=di, blocked=ana)
    assert blocked_either_way(ana.pk) == {di.pk} and blocked_either_way(di.pk) == {ana.pk}

    frame = chat_selectors.history_frame(room, ana.pk, [0])
    by_orm = ChatMessage.objects.filter(room=room, channel="table").exclude(author_id__in=[cy.pk, di.pk])
    assert [m["id"] for m in frame["messages"]] == [m.pk for m in by_orm.order_by("created_at", "id")]
    assert {m["author"] for m in frame["messages"]} == {"Bo", "Gone"}
    assert frame["muted"] == [cy.pk]
    # Nobody hidden (a guest reads the spectators' chat), and only the newest HISTORY.
    assert [m["text"] for m in chat_selectors.history_frame(room, None, [])["messages"]] == ["elsewhere"]
    monkeypatch.setattr(chat_selectors, "HISTORY", 5)
    newest = ChatMessage.objects.filter(room=room, channel="table").order_by("-created_at", "-id")[:5]
    frame = chat_selectors.history_frame(room, bo.pk, [1])
    assert [m["id"] for m in frame["messages"]] == [m.pk for m in reversed(newest)]
    assert frame["messages"][-1]["author_id"] is None
