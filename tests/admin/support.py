"""Helpers for the admin tests: staff accounts, finished matches, posting admin actions."""

from __future__ import annotations

from django.urls import reverse

from accounts.models import User
from games import services
from games.models import Match, Room
from games.rules import rummy
from games.rules.gin import GinState, view_for
from moderation.roles import grant_role
from tests.deals import Calm, Deal, Table
from tests.games.support import first_deal, make_user, me, ruleset, simple_policy

RUMMY_DEAL = Deal(
    Table("rummy-three"),
    bytes(16),
    Calm(3),
    why="Ana's 3rd turn comes in round 1, whoever starts: the table a moderator closes after her "
    "5 moves (test_an_abandoned_table_replays_to_where_it_stopped) is still in its first round; on "
    "a random deal a bot may go out before she plays, and her moves run on into rounds dealt at random",
)
# online_room's deal, fixed for a reproducible run (two people and no bot: any deal would do),
# and no zero: test_secret_seeds looks for its every encoding in the pages, and bytes(16) is "0".
ONLINE_SEED = bytes(range(1, 17))
# The seat that starts RUMMY_DEAL's first round, so that the round goes one way only: the bots
# lay melds in it, as the replay test asserts (the later rounds are dealt at random).
RUMMY_START = 1


def staff(role: str, name: str | None = None):
    user = make_user(name or role.capitalize())
    grant_role(user=user, role=role)
    return user


def online_room(names=("Ana", "Bo"), **flags) -> tuple[Room, tuple]:
    """Two players at a table; the match has started."""
    ana, bo = map(make_user, names)
    with first_deal(ONLINE_SEED):
        room = services.do_create_room(identity=me(ana), ruleset=ruleset(**flags))
        services.do_take_seat(room=room, identity=me(bo))
    return room, (ana, bo)


def finished_match() -> Match:
    """A one-hand match between two players, played to its end."""
    room, players = online_room(match_target=1)
    match = room.matches.get()
    for n in range(500):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = GinState.from_json(match.state)
        seat = state.turn
        action = {"type": "next_hand"} if seat is None else simple_policy(view_for(state, seat))
        services.do_act(
            match_id=match.pk,
            identity=me(players[0 if seat is None else seat]),
            version=match.version,
            client_id=f"c{n}",
            action=action,
        )
    raise AssertionError("the match did not end")


def rummy_table(*, rounds: int = 2, name: str = "Ana") -> tuple[Match, User]:
    """A German Rummy table of three, one player and two bots, its match started."""
    ana = make_user(name)
    with first_deal(RUMMY_DEAL.seed, start=RUMMY_START):
        room = services.do_create_room(
            identity=me(ana),
            ruleset=ruleset("rummy-standard", seats=3),
            bot="medium",
            bot_seats=2,
            rounds=rounds,
        )
    return room.matches.get(), ana


def play_rummy(match: Match, player: User, *, moves: int = 3000) -> Match:
    """`player` plays what a timed-out turn would (the bots answer through the services) for
    `moves` of their own turns, or until the match ends."""
    for n in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            break
        state = rummy.RummyState.from_json(match.state)
        action = {"type": "next_hand"} if state.turn is None else rummy.timeout_action(state)
        services.do_act(
            match_id=match.pk, identity=me(player), version=match.version, client_id=f"r{n}", action=action
        )
    match.refresh_from_db()
    return match


def finished_rummy_match(*, rounds: int = 2, name: str = "Ana") -> Match:
    match = play_rummy(*rummy_table(rounds=rounds, name=name))
    assert match.status == Match.Status.FINISHED, "the table did not finish"
    return match


def post_action(client, model: str, action: str, objects, **form):
    """Run an admin action with its intermediate form already filled in."""
    data = {"action": action, "_selected_action": [o.pk for o in objects], "confirm": "1", **form}
    return client.post(reverse(f"admin:{model}_changelist"), data, follow=True)
