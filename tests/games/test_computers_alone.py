"""A German Rummy table of computers alone: its creator watches, and the sweeper plays it one
action per firing, at a pace people can follow, never in a web request."""

from datetime import timedelta

import pytest

from games import services
from games.models import Match, Move, Room, RuleSet
from games.services.run import BOT_PACE_MS, ROUND_PAUSE
from games.sweeper import sweep_once
from tests.deals import Deal, EndsWithin, Table
from tests.games.support import make_user, me

pytestmark = pytest.mark.django_db(transaction=True)

WATCHED_DEAL = Deal(
    Table("rummy-three", people=()),
    (0x1D).to_bytes(16, "big"),
    EndsWithin(6),
    why="the computers end the round within six turns: the tests watch it to its end",
)


def rummy_three():
    """The browser suite's rule set for three (tests/browser/conftest.py), WATCHED_DEAL's table."""
    return RuleSet.objects.create(slug="rummy-three", name="German Rummy for three", family="rummy", seats=3)


def watched_table(rounds: int = 1) -> Room:
    return services.do_create_room(
        identity=me(make_user("Ana")),
        ruleset=rummy_three(),
        bot="medium",
        bot_seats=3,
        rounds=rounds,
        first_seed=WATCHED_DEAL.seed,
    )


def pause_is_a_bot_pace(match: Match) -> bool:
    low, high = BOT_PACE_MS
    pause = match.bots_play_at - match.updated_at
    return timedelta(milliseconds=low) <= pause <= timedelta(milliseconds=high)


def test_the_sweeper_plays_one_action_per_firing_to_the_end(sent):
    room = watched_table()
    assert room.is_private and all(seat.bot == "medium" and seat.user_id is None for seat in room.seats.all())
    match = room.matches.get()
    # Created, the table is dealt and waits: no bot played within the request.
    assert list(Move.objects.filter(match=match).values_list("actor", flat=True)) == ["server"]
    assert pause_is_a_bot_pace(match)
    firings = 0
    while match.status == Match.Status.PLAYING:
        due, moves = match.bots_play_at, match.moves.count()
        assert sweep_once(now=due - timedelta(milliseconds=1))["bot_steps"] == 0  # not before its time
        frames = len(sent)
        assert sweep_once(now=due)["bot_steps"] == 1
        match.refresh_from_db()
        assert match.moves.count() == moves + 1 and match.moves.last().actor == "bot"
        assert any(group.endswith(".public") for group, _ in sent[frames:])  # the watchers see each
        assert match.status != Match.Status.PLAYING or pause_is_a_bot_pace(match)
        firings += 1
        assert firings < 200
    assert match.status == Match.Status.FINISHED and match.bots_play_at is None
    assert match.winner_seat is not None and Room.objects.get(pk=room.pk).state == Room.State.FINISHED


def test_between_rounds_the_computers_pause_then_deal():
    match = watched_table(rounds=2).matches.get()
    while match.state["phase"] != "round_over":
        sweep_once(now=match.bots_play_at)
        match.refresh_from_db()
    assert match.bots_play_at - match.updated_at == ROUND_PAUSE  # time to read the round's results
    assert sweep_once(now=match.bots_play_at - timedelta(seconds=1))["bot_steps"] == 0
    sweep_once(now=match.bots_play_at)
    match.refresh_from_db()
    assert match.moves.last().action["type"] == "deal" and match.state["phase"] != "round_over"
    assert match.status == Match.Status.PLAYING and pause_is_a_bot_pace(match)


def test_the_lobby_form_opens_a_table_of_computers_for_its_creator_to_watch(client):
    client.force_login(make_user("Ana"))
    rules = rummy_three()
    form = {"ruleset": rules.pk, "rounds": "1", "bot_seats": "3", "level": "medium"}
    response = client.post("/play/rummy/", form)
    room = Room.objects.get()
    assert response.status_code == 302 and response.url == f"/r/{room.code}/?t={room.invite_token}"
    page = client.get(response.url)
    assert page.status_code == 200 and '"you": null' in page.content.decode()
