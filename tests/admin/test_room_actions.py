"""Moderators' room actions from the admin, the move log and the staff replay."""

import pytest
from django.urls import reverse
from django.utils import timezone

from games import services
from games.models import Match, Room
from moderation.models import AuditEntry
from tests.admin.support import finished_match, online_room, post_action
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_the_room_list_filters_and_searches_by_player(mod_client):
    # The search also reads room codes (a-z, 0-9): "Ana" once matched a code "kt6a7ana" too.
    room, (ana, _) = online_room(names=("Anaïs", "Bo"))
    other, _ = online_room(names=("Cy", "Di"))
    url = reverse("admin:games_room_changelist")
    found = mod_client.get(url, {"q": ana.display_name}).context["cl"].result_list
    assert list(found) == [room]
    playing = mod_client.get(url, {"state__exact": "playing", "rated__exact": "0"}).context["cl"].result_list
    assert set(playing) == {room, other}


def test_removing_a_player_abandons_the_match_and_reopens_the_room(
    mod_client, sent, django_capture_on_commit_callbacks
):
    room, _ = online_room()
    with django_capture_on_commit_callbacks(execute=True):
        response = post_action(
            mod_client, "games_room", "remove_players", [room], seats=[f"{room.pk}:1"], reason="Cheating"
        )
    assert response.status_code == 200

    room.refresh_from_db()
    assert room.state == Room.State.OPEN and room.seats.get(index=1).is_empty
    match = room.matches.get()
    assert (match.status, match.end_reason) == (Match.Status.ABANDONED, "player_removed")
    frames = [m["payload"] for g, m in sent if m["type"] == "game.update"]
    assert {f["status"] for f in frames} == {"abandoned"} and len(frames) == 3
    assert ("room." + room.code, {"type": "room.changed"}) in sent
    entry = AuditEntry.objects.get()
    assert (entry.action, entry.details, entry.reason) == (
        "player_removed",
        {"seat": 1, "player": "Bo"},
        "Cheating",
    )

    services.do_take_seat(room=room, identity=me(make_user("Cy")))  # a new opponent starts a new match
    assert room.matches.filter(status=Match.Status.PLAYING).count() == 1


def test_removing_a_player_leaves_the_abandoned_match_no_clock(mod_client):
    room, _ = online_room()
    soon = timezone.now() + timezone.timedelta(seconds=30)
    room.matches.update(turn_deadline=soon, call_deadline=soon)  # a turn and a call window running
    post_action(mod_client, "games_room", "remove_players", [room], seats=[f"{room.pk}:1"], reason="Cheating")
    match = room.matches.get()
    assert match.status == Match.Status.ABANDONED
    assert (match.turn_deadline, match.call_deadline) == (None, None)


def test_making_a_room_private_takes_it_out_of_the_lobby(mod_client):
    room = services.do_create_room(identity=me(make_user()), ruleset=ruleset())
    post_action(mod_client, "games_room", "make_private", [room], reason="Spam name")
    room.refresh_from_db()
    assert room.is_private
    again = post_action(mod_client, "games_room", "make_private", [room], reason="twice")
    assert f"Room {room.code} is already private." in [str(m) for m in again.context["messages"]]
    assert AuditEntry.objects.filter(action="room_made_private").count() == 1


def test_an_action_without_a_reason_asks_for_one_and_does_nothing(mod_client):
    room, _ = online_room()
    response = post_action(mod_client, "games_room", "close_rooms", [room], reason="")
    assert response.templates[0].name == "moderation/admin/action_form.html"
    assert "reason" in response.context["form"].errors
    room.refresh_from_db()
    assert room.state == Room.State.PLAYING and not AuditEntry.objects.exists()


def test_a_room_page_shows_seats_matches_and_a_read_only_move_log(mod_client):
    match = finished_match()
    page = mod_client.get(reverse("admin:games_room_change", args=[match.room.pk]))
    assert page.status_code == 200 and b"Ana" in page.content
    assert reverse("admin:games_match_replay", args=[match.pk]).encode() in page.content
    moves = mod_client.get(reverse("admin:games_match_change", args=[match.pk]))
    assert moves.status_code == 200 and b"&quot;type&quot;: &quot;deal&quot;" in moves.content
    assert b'name="moves-0-action"' not in moves.content  # nothing editable
    assert mod_client.post(reverse("admin:games_match_change", args=[match.pk]), {}).status_code == 403


def test_the_staff_replay_steps_through_a_finished_match_showing_both_hands(mod_client):
    match = finished_match()
    url = reverse("admin:games_match_replay", args=[match.pk])
    first = mod_client.get(url, {"step": 1}).context["step"]
    assert first.phase in ("upcard", "draw") and [len(s["hand"]) for s in first.seats] == [10, 10]
    assert first.stock_count == 31 and len(first.discard_pile) == 1
    assert first.events[0]["type"] == "deal"
    last = mod_client.get(url).context["step"]
    assert last.match_result is not None and last.results[-1]["kind"] in (
        "knock",
        "gin",
        "undercut",
        "big_gin",
    )
    assert last.move and last.state == match.state


def test_the_replay_refuses_a_running_match_and_a_daily_deal_still_secret(mod_client):
    room, _ = online_room(names=("Cy", "Di"))
    running = room.matches.get()
    assert mod_client.get(reverse("admin:games_match_replay", args=[running.pk])).status_code == 302
    match = finished_match()
    Match.objects.filter(pk=match.pk).update(seeds_secret_until=timezone.now() + timezone.timedelta(hours=1))
    response = mod_client.get(reverse("admin:games_match_replay", args=[match.pk]), follow=True)
    assert "Only a finished or abandoned match can be replayed" in str(list(response.context["messages"])[0])
