"""German Rummy tables through the same rooms and services: 2-4 seats, bots, rounds, clocks."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Match, Room
from games.replays import is_consistent
from games.rules import rummy
from games.services import ServiceError
from tests.games.support import first_deal, make_user, me, play_for_people, ruleset

pytestmark = pytest.mark.django_db(transaction=True)


def play_rummy(match, players_by_seat, limit=3000):
    """Seats held by people play the timed-out-turn policy; bots play themselves."""
    for n in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        play_for_people(match, players_by_seat, client_id=f"r{n}")  # a bot's turn never waits for a person
    raise AssertionError("the table did not finish")


def test_one_person_and_two_bots_play_a_whole_table(sent):
    ana = make_user("Ana")
    room = services.do_create_room(
        identity=me(ana),
        ruleset=ruleset("rummy-standard", seats=3),
        bot="medium",
        bot_seats=2,
        rounds=2,
        first_seed=bytes(16),  # for a reproducible run: any deal balances and reaches every seat
    )
    assert room.state == "playing" and room.rounds == 2
    assert list(room.seats.values_list("bot", flat=True)) == ["", "medium", "medium"]
    match = play_rummy(room.matches.get(), {0: ana})
    final = rummy.RummyState.from_json(match.state)
    assert final.phase == "match_over" and len(final.history) == 2
    assert sum(final.result.totals) == 0 or final.rules.casino_scoring  # standard rounds balance
    assert is_consistent(match)
    seats_sent = {
        (g.rsplit(".", 1)[-1], m["payload"]["view"]["seat"]) for g, m in sent if m["type"] == "game.update"
    }
    assert seats_sent == {("0", 0), ("1", 1), ("2", 2), ("public", None)}
    for group, message in sent:
        if message["type"] == "game.update" and group.endswith(".seat.0"):
            view = message["payload"]["view"]
            assert (
                "hands" not in view and view["hand_counts"][1:] == [len(h) for h in view_hands(message)][1:]
            )


def view_hands(message):
    match = Match.objects.get(pk=message["payload"]["match"])
    from games.replays import states_by_version

    return states_by_version(match)[message["payload"]["version"]]["hands"]


def test_an_online_table_starts_when_its_people_are_seated():
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(
        identity=me(ana), ruleset=ruleset("rummy-standard", seats=3), bot="easy", bot_seats=1, rounds=1
    )
    assert room.state == "open" and not room.is_private
    services.do_take_seat(room=room, identity=me(bo))
    room.refresh_from_db()
    assert room.state == "playing"
    match = room.matches.get()
    assert 0 <= match.first_dealer < 3


def test_rummy_tables_refuse_impossible_setups():
    ana = make_user("Ana")
    with pytest.raises(ServiceError, match="1 to 20 rounds"):
        services.do_create_room(identity=me(ana), ruleset=ruleset("rummy-standard", seats=2), bot="easy")
    with pytest.raises(ServiceError, match="Between 0 and 2 computer seats"):
        services.do_create_room(
            identity=me(ana), ruleset=ruleset("rummy-standard", seats=2), bot="easy", bot_seats=3, rounds=1
        )


def test_three_timed_out_turns_in_a_row_hand_the_seat_to_a_bot():
    ana, bo = make_user("Ana"), make_user("Bo")
    # For a reproducible run: a timed-out turn only draws and discards, so nobody goes out on any deal.
    with first_deal(bytes(16), start=0):
        room = services.do_create_room(
            identity=me(ana), ruleset=ruleset("rummy-standard", seats=2), turn_seconds=30, rounds=1
        )
        services.do_take_seat(room=room, identity=me(bo))
    match = room.matches.get()
    for _ in range(12):
        match.refresh_from_db()
        if match.status != "playing" or room.seats.get(index=match.state["turn"]).bot:
            break
        services.do_timeout(match_id=match.pk, now=match.turn_deadline + timedelta(seconds=1))
    seats = list(Room.objects.get(pk=room.pk).seats.order_by("index"))
    assert [s.bot for s in seats].count("medium") >= 1
    assert max(s.timeouts for s in seats) >= 3
    match.refresh_from_db()
    assert is_consistent(match)
    assert match.turn_deadline is None or match.turn_deadline > timezone.now() - timedelta(seconds=5)


def test_a_guest_opens_a_rummy_table_against_bots_but_needs_an_account_to_wait_for_people(client):
    rules = ruleset("rummy-standard", seats=3)
    form = {"ruleset": rules.pk, "rounds": "2", "bot_seats": "2", "level": "medium"}
    response = client.post("/play/rummy/", form)
    room = Room.objects.get()
    assert response.url == f"/r/{room.code}/" and room.state == "playing" and room.rounds == 2
    assert client.get(response.url).status_code == 200
    response = client.post("/play/rummy/", {**form, "bot_seats": "1"})
    assert response.url.startswith("/accounts/login/") and Room.objects.count() == 1


def test_a_win_is_claimed_only_when_every_other_person_is_away():
    ana, bo, cy = make_user("Ana"), make_user("Bo"), make_user("Cy")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset("rummy-standard", seats=3), rounds=1)
    services.do_take_seat(room=room, identity=me(bo))
    services.do_take_seat(room=room, identity=me(cy))
    match = room.matches.get()
    gone = timezone.now() - timedelta(seconds=61)
    room.seats.filter(index=1).update(last_seen=gone)
    room.seats.filter(index=2).update(last_seen=timezone.now(), sockets=1)
    with pytest.raises(ServiceError) as refused:  # Cy is still playing
        services.do_claim(match_id=match.pk, identity=me(ana))
    assert refused.value.code == "opponent_present"
    services.do_claim(match_id=match.pk, identity=me(ana), bot=True)  # Bo's seat goes to a bot
    match.refresh_from_db()
    assert match.status == "playing"
    assert [s.bot != "" for s in room.seats.order_by("index")] == [False, True, False]

    room.seats.filter(index=2).update(last_seen=gone, sockets=0)
    services.do_claim(match_id=match.pk, identity=me(ana))
    match.refresh_from_db()
    assert (match.status, match.winner_seat, match.end_reason) == ("finished", 0, "claimed")
