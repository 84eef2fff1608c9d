"""Rooms against the computer: bots reply within the player's change, guests keep their games,
and no frame ever carries a hidden card."""

import pytest

from games import selectors, services
from games.identity import GUEST_SESSION_KEY, Identity
from games.models import Match, Room, Seat
from games.replays import is_consistent, states_by_version
from games.rules.gin import GinState, view_for
from tests.games.support import UPCARD_PASSED_DEAL, assert_no_leak, make_user, me, ruleset, simple_policy

pytestmark = pytest.mark.django_db(transaction=True)


def play_against_bot(match, player, limit=3000):
    """Play seat 0 with the simple policy until the match ends (or `limit` actions)."""
    for n in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = GinState.from_json(match.state)
        assert state.turn in (0, None), "the bot's turn never waits for the player"
        action = {"type": "next_hand"} if state.turn is None else simple_policy(view_for(state, 0))
        services.do_act(
            match_id=match.pk, identity=me(player), version=match.version, client_id=f"c{n}", action=action
        )
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("batch", range(5))  # fifty matches, ten a test: a parallel run spreads them
def test_fifty_bot_matches_never_send_a_hidden_card(sent, batch):
    # Hard thinks for up to a quarter of a second a move: a few of its matches suffice here.
    levels = ["easy", "medium", "arcade", "hard", "medium", "easy", "arcade", "medium", "easy", "arcade"]
    player = make_user("Ana")
    finished = 0
    for n in range(10 * batch, 10 * batch + 10):
        level = levels[n % len(levels)]
        slug = "gin-arcade" if level == "arcade" else "gin-classic"
        room = services.do_create_room(
            identity=me(player), ruleset=ruleset(slug, match_target=1), bot=level, first_seed=bytes([n] * 16)
        )
        # Arcade's recycled stock can cycle forever against a fixed policy: cap each match.
        match = play_against_bot(room.matches.get(), player, limit=150)
        finished += match.status == "finished"
        assert is_consistent(match)
    assert finished >= 5
    frames = [(g, m["payload"]) for g, m in sent if m["type"] == "game.update"]
    states = {}
    for group, payload in frames:
        if payload["match"] not in states:
            states[payload["match"]] = states_by_version(Match.objects.get(pk=payload["match"]))
        seat = None if group.endswith(".public") else int(group.rsplit(".", 1)[1])
        assert_no_leak(payload, states[payload["match"]][payload["version"]], seat)
    assert len(frames) > 10 * 3


def test_a_bot_replies_in_the_same_change_and_the_log_says_who_moved():
    player = make_user("Ana")
    room = services.do_create_room(
        identity=me(player), ruleset=ruleset(), bot="medium", first_seed=UPCARD_PASSED_DEAL.seed
    )
    match = room.matches.get()
    services.do_act(  # on this deal the bot answers the pass and the player's turn comes back
        match_id=match.pk, identity=me(player), version=match.version, client_id="1", action={"type": "pass"}
    )
    match.refresh_from_db()
    actors = list(match.moves.values_list("actor", flat=True))
    assert actors[:2] == ["server", "player"] and actors[2] == "bot"
    assert match.version == 2 and GinState.from_json(match.state).turn == 0


def test_a_guest_plays_the_computer_and_keeps_the_game_on_signing_up(client):
    response = client.post("/play/computer/", {"ruleset": ruleset("gin-arcade").pk, "level": "easy"})
    assert response.status_code == 302
    room = Room.objects.get()
    assert response.url == f"/r/{room.code}/"
    guest_seat = Seat.objects.get(room=room, index=0)
    assert guest_seat.guest_key == client.session[GUEST_SESSION_KEY]
    assert Seat.objects.get(room=room, index=1).bot == "arcade"  # arcade rules always get the arcade bot
    assert client.get(response.url).status_code == 200

    client.post(
        "/accounts/signup/",
        {
            "email": "g@example.com",
            "display_name": "Guest Star",
            "password1": "pass-phrase-9",
            "password2": "pass-phrase-9",
        },
    )
    guest_seat.refresh_from_db()
    assert guest_seat.user.display_name == "Guest Star" and guest_seat.guest_key == ""


def test_online_rooms_need_an_account(client):
    response = client.post("/play/new/", {"ruleset": ruleset().pk})
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    assert not Room.objects.exists()


def test_a_private_room_is_joined_through_its_invitation_link(client):
    ana, bo = make_user("Ana"), make_user("Bo")
    client.force_login(ana)
    client.post("/play/new/", {"ruleset": ruleset().pk, "private": "on", "turn_seconds": "60"})
    room = Room.objects.get()
    assert room.is_private and room.turn_seconds == 60
    page = client.get(f"/r/{room.code}/").content.decode()
    assert f"/r/{room.code}/invite/{room.invite_token}/" in page

    client.force_login(bo)
    assert client.get(f"/r/{room.code}/").status_code == 404
    assert client.post(f"/r/{room.code}/sit/").status_code == 302
    assert Seat.objects.get(room=room, index=1).user is None
    link = client.get(f"/r/{room.code}/invite/{room.invite_token}/")
    assert client.get(link.url).status_code == 200
    client.post(f"/r/{room.code}/sit/", {"t": room.invite_token})
    room.refresh_from_db()
    assert room.state == "playing" and Seat.objects.get(room=room, index=1).user == bo


def test_pass_and_play_holds_both_seats_on_one_device(client):
    response = client.post("/play/local/", {"ruleset": ruleset().pk})
    room = Room.objects.get()
    assert response.url == f"/r/{room.code}/" and room.hotseat and room.is_private
    key = client.session[GUEST_SESSION_KEY]
    assert list(room.seats.values_list("guest_key", flat=True)) == [key, key]
    match = room.matches.get()
    guest = Identity(guest_key=key)
    for n, expected_seat in enumerate([0, 1, 0]):
        match.refresh_from_db()
        assert GinState.from_json(match.state).turn == expected_seat
        services.do_act(
            match_id=match.pk,
            identity=guest,
            version=match.version,
            client_id=f"h{n}",
            action=simple_policy(view_for(GinState.from_json(match.state), expected_seat)),
        )
    match.refresh_from_db()
    assert list(match.moves.exclude(seat=None).values_list("seat", flat=True)) == [0, 1, 0]
    assert selectors.seat_indices(room, guest) == [0, 1]
    assert selectors.seat_indices(room, Identity(guest_key="someone-else")) == []
    assert selectors.seat_indices(room, Identity()) == []  # no session at all
    room.seats.update(last_seen=None)
    assert services.do_touch_seats(holders=[(room.pk, guest)]) == 2  # a guest's socket: both its seats
    assert room.seats.filter(last_seen=None).count() == 0
    room.seats.update(last_seen=None)
    assert services.do_touch_seats(holders=[(room.pk, Identity(guest_key="someone-else"))]) == 0
