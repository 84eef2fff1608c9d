"""Calling on German Rummy tables (3-4 seats): the bots decide as a discard is made, connected
people get a call window (`services.CALL_WINDOW`) that holds a bot's next draw, the sweeper
closes it; a person away gets none, so the bots play on."""

from datetime import timedelta
from itertools import count

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services, wire
from games.models import Match, Room, Seat
from games.replays import is_consistent
from games.rules import rummy
from games.seating import LOST_AFTER
from games.services import CALL_WINDOW, ServiceError
from games.sweeper import sweep_once
from tests.deals import Calm, Deal, Table
from tests.games.sockets import connect, drain, receive_until
from tests.games.support import first_deal, make_user, me, play_for_people, ruleset

pytestmark = pytest.mark.django_db(transaction=True)

JUNK = {  # hands without a meld, a pair or two cards of a run: no bot wants to call with them
    1: ["2C", "6C", "TC", "3D", "7D", "JD", "4H"],
    2: ["5S", "9S", "KS", "8H", "QH", "AD"],
    3: ["3S", "7S", "JS", "AH", "5C", "9C"],
}


def card_id(code):
    """The first deck's id of a card by its code ("KD")."""
    return "CDHS".index(code[1]) * 13 + "A23456789TJQK".index(code[0])


# The calling tables set_position rewrites are dealt so that their match is still in play then.
WHY = (
    "no bot goes out before the first person's turn, whoever starts (a bot that starts plays at "
    "once): on a random deal one did in a repeated run, 1 table in 200 at three seats, and the "
    "match was over before set_position"
)
CALLING_DEALS = {
    (3, 1): Deal(Table("rummy-calling-three", people=(0,)), bytes(16), Calm(1), why=WHY),
    (3, 2): Deal(Table("rummy-calling-three", people=(0, 1)), bytes(16), Calm(1), why=WHY),
    (4, 2): Deal(Table("rummy-calling-four", people=(0, 1)), bytes(16), Calm(1), why=WHY),
}


def calling_table(seats, people, *, calling=True, start=None):
    """A table whose first `people` seats are people (users, in seat order), the others Medium
    bots; a calling table on its CALLING_DEALS deal (without the flag no window opens on any
    deal, and one fixed deal is played); `start`: the seat that starts (else a random one)."""
    users = [make_user(f"P{i}") for i in range(people)]
    with first_deal(CALLING_DEALS[seats, people].seed if calling else bytes(16), start=start):
        room = services.do_create_room(
            identity=me(users[0]),
            ruleset=ruleset("rummy-standard", seats=seats, calling=calling),
            bot="medium",
            bot_seats=seats - people,
            rounds=1,
        )
        for user in users[1:]:
            services.do_take_seat(room=room, identity=me(user))
    return room.matches.get(), users


def set_position(match, *, turn, hands):
    """Rewrites the match to a known moment: `turn` in its play step, each seat holding `hands`
    (codes), the rest of the deck in the stock, lowest id on top (so bots draw predictably)."""
    state = match.state
    n = state["seats"]
    held = {seat: [card_id(c) for c in codes] for seat, codes in hands.items()}
    used = {c for ids in held.values() for c in ids}
    everything = state["stock"] + state["discard_pile"] + [c for h in state["hands"] for c in h]
    everything += [c for meld in state["table"] for c in meld["cards"]]
    stock = sorted(c for c in everything if c not in used)
    state.update(
        hands=[held[seat] for seat in range(n)],
        stock=stock[1:],
        discard_pile=[stock[0]],
        table=[],
        laid=[[]] * n,
        came_out=[None] * n,
        freed_jokers=[],
        phase="play",
        turn=turn,
        turn_number=5,
        drawn=None,
        callable=False,
    )
    Match.objects.filter(pk=match.pk).update(state=state, call_deadline=None, turn_deadline=None)
    match.refresh_from_db()
    return match


def connected(match, *seats):
    """The people in `seats` have a table socket open (as the consumer counts one)."""
    Seat.objects.filter(room_id=match.room_id, index__in=seats).update(sockets=1, last_seen=timezone.now())


CLIENT_IDS = count()


def act(match, user, action, *, version=None):
    """`user` plays `action` against `version` (the current one by default); the state after it."""
    match.refresh_from_db()
    services.do_act(
        match_id=match.pk,
        identity=me(user),
        version=match.version if version is None else version,
        client_id=f"c{next(CLIENT_IDS)}",
        action=action,
    )
    match.refresh_from_db()
    return rummy.RummyState.from_json(match.state)


def moves_since(match, seq):
    return [(m.seat, m.action["type"], m.actor) for m in match.moves.filter(seq__gte=seq).order_by("seq")]


def frame(match, seat):
    return wire.game_payload(match, rummy.RummyState.from_json(match.state), seat)


def last_call(state):
    return [e for e in state.log if e["type"] == "call"][-1]


def test_a_person_gets_a_window_to_call_a_bots_discard_when_a_bot_follows(sent):
    match, (ana,) = calling_table(3, 1)
    set_position(match, turn=0, hands={0: ["KC", "2S", "6S", "5H", "9D"], 1: JUNK[1], 2: JUNK[2]})
    connected(match, 0)
    before = match.moves.count()
    opened = timezone.now()
    state = act(match, ana, {"type": "discard", "card": card_id("KC")})

    # Bot 2 let the king go, bot 1 played its turn; its discard waits for Ana, bot 2 for the window.
    assert moves_since(match, before) == [(0, "discard", "player"), (1, "draw", "bot"), (1, "discard", "bot")]
    assert state.phase == "draw" and state.turn == 2 and state.callable
    assert opened + CALL_WINDOW <= match.call_deadline <= timezone.now() + CALL_WINDOW
    mine = frame(match, 0)
    assert {"type": "call"} in mine["view"]["legal_actions"] and mine["view"]["callable"]
    assert 0 < mine["call_seconds"] <= 3 and mine["call_deadline"] == match.call_deadline.isoformat()
    assert frame(match, 2)["call_deadline"] == mine["call_deadline"]  # everyone sees the window
    assert sent[-1][1]["payload"]["call_seconds"] > 0  # and the last frame sent says so

    called = state.discard_pile[-1]
    state = act(match, ana, {"type": "call"})
    assert moves_since(match, before + 3)[:2] == [(0, "call", "player"), (2, "draw", "bot")]
    assert called in state.hands[0] and len(state.hands[0]) == 4 + 2  # the card and a penalty card
    assert state.turn == 0 and state.phase == "draw"  # bot 2 played on; Ana is next (only bot 1 may call)
    assert match.call_deadline is None and frame(match, 0)["call_deadline"] is None


@pytest.mark.parametrize("lost", [False, True], ids=["socket closed", "count of a dead process"])
def test_a_person_away_gets_no_window_and_the_bots_play_straight_on(lost):
    match, (ana,) = calling_table(3, 1)
    set_position(match, turn=0, hands={0: ["KC", "2S", "6S", "5H", "9D"], 1: JUNK[1], 2: JUNK[2]})
    if lost:  # a socket still counted, unseen since before LOST_AFTER: not believed
        Seat.objects.filter(room_id=match.room_id, index=0).update(
            sockets=1, last_seen=timezone.now() - LOST_AFTER - timedelta(seconds=1)
        )
    before = match.moves.count()
    state = act(match, ana, {"type": "discard", "card": card_id("KC")})
    # Only Ana may call bot 1's discard, and she is away: bot 2 draws at once, no window.
    log = moves_since(match, before)
    assert log[:4] == [
        (0, "discard", "player"),
        (1, "draw", "bot"),
        (1, "discard", "bot"),
        (2, "draw", "bot"),
    ]
    assert log[-1] == (2, "discard", "bot") and state.turn == 0 and state.phase == "draw"
    assert match.call_deadline is None and frame(match, 0)["call_deadline"] is None


def test_a_person_back_at_the_table_gets_windows_again():
    match, (ana,) = calling_table(3, 1)
    set_position(match, turn=0, hands={0: ["KC", "2S", "6S", "5H", "9D"], 1: JUNK[1], 2: JUNK[2]})
    room, identity = match.room, me(ana)
    services.do_socket_opened(room=room, identity=identity)
    services.do_socket_closed(room=room, identity=identity)  # Ana left: no window for her
    state = act(match, ana, {"type": "discard", "card": card_id("KC")})
    assert state.turn == 0 and match.call_deadline is None

    services.do_socket_opened(room=room, identity=identity)  # she is back
    before = match.moves.count()
    state = act(match, ana, {"type": "draw", "source": "stock"})
    state = act(match, ana, {"type": "discard", "card": state.drawn})
    # Bot 1 played; its discard waits for Ana's call, bot 2 for the window.
    assert moves_since(match, before)[-2:] == [(1, "draw", "bot"), (1, "discard", "bot")]
    assert state.turn == 2 and state.callable and match.call_deadline is not None
    assert {"type": "call"} in frame(match, 0)["view"]["legal_actions"]


def test_a_bot_calls_a_persons_discard_when_it_wants_the_card():
    match, (ana,) = calling_table(3, 1)
    kings = ["KH", "KS", "2C", "6C", "TC", "3D", "7D"]  # with the KD: a set of kings, 30 to come out
    set_position(match, turn=0, hands={0: ["KD", "2S", "6S", "5H", "9D"], 1: JUNK[3], 2: kings})
    connected(match, 0)
    before = match.moves.count()
    state = act(match, ana, {"type": "discard", "card": card_id("KD")})
    log = moves_since(match, before)
    assert log[:3] == [(0, "discard", "player"), (2, "call", "bot"), (1, "draw", "bot")]
    assert match.moves.get(seq=before + 1).action == {"type": "call"}
    assert last_call(state) == {"type": "call", "seat": 2, "card": card_id("KD")}
    # Bot 1 then discarded with bot 2 to draw: Ana may call that card for the window.
    assert log[-1] == (1, "discard", "bot") and state.turn == 2 and match.call_deadline is not None


def test_nobody_calls_the_sweeper_closes_the_window_and_the_next_bot_plays():
    match, (ana,) = calling_table(3, 1)
    set_position(match, turn=0, hands={0: ["KC", "2S", "6S", "5H", "9D"], 1: JUNK[1], 2: JUNK[2]})
    connected(match, 0)
    act(match, ana, {"type": "discard", "card": card_id("KC")})
    deadline, version, moves = match.call_deadline, match.version, match.moves.count()

    assert sweep_once(now=deadline - timedelta(milliseconds=100))["calls_closed"] == 0
    match.refresh_from_db()
    assert match.version == version and match.call_deadline == deadline

    # A call that arrives after the deadline, before the sweeper: refused, nothing changes.
    Match.objects.filter(pk=match.pk).update(call_deadline=timezone.now() - timedelta(milliseconds=1))
    with pytest.raises(ServiceError) as refused:
        act(match, ana, {"type": "call"})
    assert refused.value.code == "call_window_closed"
    assert match.version == version and match.moves.count() == moves

    assert sweep_once(now=timezone.now())["calls_closed"] == 1
    match.refresh_from_db()
    state = rummy.RummyState.from_json(match.state)
    assert moves_since(match, moves)[0] == (2, "draw", "bot")
    assert state.turn == 0 and state.phase == "draw" and match.version == version + 1
    assert match.call_deadline is None
    assert sweep_once(now=timezone.now() + CALL_WINDOW)["calls_closed"] == 0


def test_a_bot_wins_the_race_for_a_card_and_of_two_people_the_first_caller_wins():
    match, (ana, bo) = calling_table(4, 2)  # people in seats 0 and 1, bots in 2 and 3
    kings = ["KH", "KS", "2C", "6C", "TC", "3D", "7D"]
    set_position(
        match, turn=1, hands={0: ["2S", "6S", "5H", "9D"], 1: ["KD", "4S", "8S"], 2: JUNK[2], 3: kings}
    )
    connected(match, 0, 1)
    seen = match.version  # what Ana's table showed before Bo discarded

    # Bo discards the KD: bot 3 wants it and calls as it lands, before any person could.
    state = act(match, bo, {"type": "discard", "card": card_id("KD")})
    assert last_call(state) == {"type": "call", "seat": 3, "card": card_id("KD")}
    version, hands = match.version, state.hands
    with pytest.raises(ServiceError) as late:
        act(match, ana, {"type": "call"}, version=seen)
    assert late.value.code == "stale_version" and "Too late to call" in late.value.message
    assert match.version == version and rummy.RummyState.from_json(match.state).hands == hands

    # Bot 2 drew and discarded with bot 3 to draw: Ana and Bo may call; Ana is first, Bo too late.
    assert state.turn == 3 and state.phase == "draw" and match.call_deadline is not None
    card = state.discard_pile[-1]
    state = act(match, ana, {"type": "call"}, version=version)
    assert card in state.hands[0]
    after = match.version
    with pytest.raises(ServiceError) as second:
        act(match, bo, {"type": "call"}, version=version)
    assert second.value.code == "stale_version"
    assert match.version == after and rummy.RummyState.from_json(match.state).hands == state.hands


def test_a_person_to_draw_may_draw_at_once_which_closes_the_window():
    match, (ana, bo) = calling_table(3, 2)  # people in seats 0 and 1, a bot in 2
    set_position(match, turn=1, hands={0: ["2S", "6S", "5H", "9D"], 1: ["KC", "4S", "8S"], 2: JUNK[2]})
    connected(match, 0, 1)
    act(match, bo, {"type": "discard", "card": card_id("KC")})
    assert match.call_deadline is not None  # Ana may call; the bot waits to draw
    sweep_once(now=match.call_deadline)
    match.refresh_from_db()
    state = rummy.RummyState.from_json(match.state)
    # The bot played; its discard opened a window for Bo, with Ana to draw.
    assert state.turn == 0 and state.callable and match.call_deadline is not None
    assert {"type": "call"} in frame(match, 1)["view"]["legal_actions"]
    state = act(match, ana, {"type": "draw", "source": "stock"})
    assert state.phase == "play" and match.call_deadline is None
    assert frame(match, 1)["call_deadline"] is None


def test_a_window_left_to_run_out_with_a_person_to_draw_ends_the_offer():
    match, (ana, bo) = calling_table(3, 2)
    set_position(match, turn=1, hands={0: ["2S", "6S", "5H", "9D"], 1: ["KC", "4S", "8S"], 2: JUNK[2]})
    connected(match, 0, 1)
    act(match, bo, {"type": "discard", "card": card_id("KC")})
    sweep_once(now=match.call_deadline)
    match.refresh_from_db()
    version = match.version
    assert sweep_once(now=match.call_deadline)["calls_closed"] == 1
    match.refresh_from_db()
    state = rummy.RummyState.from_json(match.state)
    assert match.version == version + 1 and state.turn == 0 and state.phase == "draw"
    offered = frame(match, 1)
    assert {"type": "call"} not in offered["view"]["legal_actions"] and not offered["view"]["callable"]
    assert offered["call_deadline"] is None and match.call_deadline is None
    with pytest.raises(ServiceError) as refused:
        act(match, bo, {"type": "call"})
    assert refused.value.code == "call_window_closed" and match.version == version + 1


def play_through(match, people, limit=4000):
    """People play the timed-out-turn policy and never call; a window with a bot to draw runs out
    (the sweeper closes it).  Returns how many windows opened."""
    windows = 0
    for n in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return windows
        state = rummy.RummyState.from_json(match.state)
        if match.call_deadline is not None:
            windows += 1
            offered = [s for s in people if {"type": "call"} in frame(match, s)["view"]["legal_actions"]]
            assert offered, "a window opens only while a person may call"
            if state.turn not in people:
                assert sweep_once(now=match.call_deadline)["calls_closed"] == 1
                continue
        play_for_people(match, people, client_id=f"p{n}")  # a bot's turn waits only for a call window
    raise AssertionError("the table did not finish")


@pytest.mark.parametrize("start", range(3))
def test_a_whole_calling_table_with_one_person_plays_through_its_windows(start):
    # The pinned deal, from each seat the server may pick to start: on a random deal a bot went
    # out before any bot's discard was one Ana could call, and no window opened.
    match, (ana,) = calling_table(3, 1, start=start)
    assert match.first_dealer == start
    connected(match, 0)
    windows = play_through(match, {0: ana})
    assert windows > 0
    match.refresh_from_db()
    assert match.call_deadline is None and is_consistent(match)
    assert Room.objects.get(pk=match.room_id).state == Room.State.FINISHED


@pytest.mark.parametrize("seats", [3, 2])
def test_no_window_without_the_flag_or_with_two_seats(seats):
    """(Two seats never have the flag: the rules refuse calling for fewer than three.)"""
    match, (ana,) = calling_table(seats, 1, calling=False)
    connected(match, 0)
    assert play_through(match, {0: ana}) == 0
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED


@database_sync_to_async
def two_people_and_a_bot_with_bo_to_discard():
    match, users = calling_table(3, 2)
    set_position(match, turn=1, hands={0: ["2S", "6S", "5H", "9D"], 1: ["KC", "4S", "8S"], 2: JUNK[2]})
    return match, match.room.code, users


async def test_a_call_over_sockets_and_a_late_one_refused(redis_layer):
    match, code, (ana, bo) = await two_people_and_a_bot_with_bo_to_discard()
    path = f"/ws/room/{code}/"
    sockets = [await connect(path, ana), await connect(path, bo)]
    for sock in sockets:
        await receive_until(sock, "state")
    await sockets[1].send_json_to(
        {
            "type": "act",
            "version": match.version,
            "id": "b1",
            "action": {"type": "discard", "card": card_id("KC")},
        }
    )
    window = await receive_until(sockets[0], "state")
    assert window["view"]["callable"] and {"type": "call"} in window["view"]["legal_actions"]
    assert 0 < window["call_seconds"] <= 3 and window["call_deadline"]
    assert {"type": "call"} not in (await receive_until(sockets[1], "state"))["view"]["legal_actions"]

    await sockets[0].send_json_to(
        {"type": "act", "version": window["version"], "id": "a1", "action": {"type": "call"}}
    )
    assert (await receive_until(sockets[0], "ack"))["id"] == "a1"
    after = await receive_until(sockets[0], "state")
    assert after["events"][0] == {"type": "call", "seat": 0, "card": card_id("KC")}
    assert after["events"][1]["type"] == "draw" and after["events"][1]["seat"] == 2  # the bot played on

    await sockets[1].send_json_to(
        {"type": "act", "version": window["version"], "id": "b2", "action": {"type": "call"}}
    )
    while (frame := await sockets[1].receive_json_from(timeout=10))["type"] != "error":
        pass
    assert frame["code"] == "stale_version" and frame["state"]["version"] == after["version"]
    assert await drain(sockets[0]) == []  # nothing changed
    for sock in sockets:
        await sock.disconnect()
