"""Games played through the services for the social tests: a known first deal (`bytes(16)`),
the plain policy for both people."""

from games import services as game_services
from games.models import Match, Room
from games.selectors import match_payload
from social.selectors import render
from tests.games.support import first_deal, me, ruleset, simple_policy


def services_text(notification) -> str:
    return render(notification, "en")["text"]


def play_one(room) -> None:
    match = Match.objects.get(room=room, status=Match.Status.PLAYING)
    for seat in (0, 1):
        payload = match_payload(match, seat)
        if payload["view"]["turn"] == seat:
            user = room.seats.get(index=seat).user
            game_services.do_act(
                match_id=match.pk,
                identity=me(user),
                version=payload["version"],
                client_id=f"c{payload['version']}",
                action=simple_policy(payload["view"]),
            )
            return


def finished_room(ana, bo) -> Room:
    """A finished match between the two: to 1 point, so the first hand won ends it (the first
    deal is known; a dead hand deals again until someone wins)."""
    with first_deal(bytes(16)):  # dealt as Bo sits: a seed given to do_create_room would be refused
        room = game_services.do_create_room(identity=me(ana), ruleset=ruleset(match_target=1))
        game_services.do_take_seat(room=room, identity=me(bo))
    for _ in range(500):
        room.refresh_from_db()
        if room.state == Room.State.FINISHED:
            return room
        match = Match.objects.get(room=room, status=Match.Status.PLAYING)
        payload = match_payload(match, 0)
        if payload["view"]["phase"] == "hand_over":
            game_services.do_act(
                match_id=match.pk,
                identity=me(ana),
                version=payload["version"],
                client_id=f"n{payload['version']}",
                action={"type": "next_hand"},
            )
        else:
            play_one(room)
    raise AssertionError("the match never ended")
