"""The staff replay of German Rummy tables: every step of a finished table of three, every
hand, the table's melds, the rounds' results; abandoned tables; the links that lead there."""

import html
import re
from collections import Counter

import pytest
from django.urls import reverse

from games.models import Match
from games.replays import states_by_version
from games.rules.rummy import card_of
from moderation.models import Report
from moderation.replay import rummy_face
from moderation.room_actions import do_moderator_close_room
from tests.admin.support import finished_rummy_match, play_rummy, rummy_table
from tests.games.support import make_user

pytestmark = pytest.mark.django_db

HAND = re.compile(r'<div class="cards" aria-label="Hand">(.*?)</div>', re.S)
CARD_TEXT = re.compile(r'<span class="card(?: red)?">([^<]*)')


def hands_shown(page: bytes) -> list[Counter]:
    """The cards of each seat's hand panel, in seat order, as the page shows them."""
    return [Counter(CARD_TEXT.findall(html.unescape(h))) for h in HAND.findall(page.decode())]


def texts(card_ids) -> Counter:
    return Counter(rummy_face(c)["text"] for c in card_ids)


def test_every_step_of_a_finished_table_of_three_renders_every_hand(mod_client):
    match = finished_rummy_match(rounds=2)
    url = reverse("admin:games_match_replay", args=[match.pk])
    by_version = states_by_version(match)
    versions = [0, *match.moves.order_by("seq").values_list("version", flat=True)]
    last = mod_client.get(url).context["last"]
    assert last == len(versions) - 1  # the first state, then one step per move

    steps, table_seen = [], False
    for number in range(last + 1):
        page = mod_client.get(url, {"step": number})
        assert page.status_code == 200
        step = page.context["step"]
        steps.append(step)
        assert step.number == number and len(step.seats) == 3
        hands = step.state["hands"] or [[], [], []]
        assert hands_shown(page.content) == [texts(hand) for hand in hands]
        assert [s["name"] for s in step.seats] == ["Ana", "Medium", "Medium"]
        assert step.stock_count == len(step.state["stock"])
        assert [c["code"] for c in step.discard_pile] == [str(card_of(c)) for c in step.state["discard_pile"]]
        stored_melds = step.state["table"]
        assert [(m["owner"], m["owner_name"]) for m in step.table] == [
            (m["owner"], ["Ana", "Medium", "Medium"][m["owner"]]) for m in stored_melds
        ]
        table_seen |= bool(stored_melds)
        assert step.version == versions[number]
        if number == last or versions[number + 1] != step.version:  # a version's last move
            assert step.state == by_version[step.version]
    assert table_seen, "the bots laid melds in two rounds"

    first, final = steps[0], steps[-1]
    assert (first.phase, first.move, first.round_number) == ("deal", None, 0)
    assert final.state == match.state and final.phase == "match_over"
    assert final.totals == match.state["result"]["totals"]
    assert [r["number"] for r in final.results] == [1, 2]
    assert final.results[-1]["totals"] == final.totals

    page = mod_client.get(url).content.decode()
    assert "Finished rounds" in page and "Match won by seat(s)" in page
    assert " / ".join(map(str, final.totals)) in page


def test_rounds_can_be_jumped_to_and_moves_name_their_cards(mod_client):
    match = finished_rummy_match(rounds=2)
    url = reverse("admin:games_match_replay", args=[match.pk])
    page = mod_client.get(url)
    starts = page.context["round_starts"]
    assert [number for number, _ in starts] == [1, 2] and starts[0][1] == 1
    for number, start in starts:
        assert f'href="?step={start}"'.encode() in page.content
        step = mod_client.get(url, {"step": start}).context["step"]
        assert (step.round_number, step.phase, step.move["actor"]) == (number, "draw", "server")
        deal = step.events[0]
        assert deal["type"] == "deal" and deal["upcard"] == step.discard_pile[0]["code"]
    second = mod_client.get(url, {"step": starts[1][1] - 1}).context["step"]
    assert second.phase == "round_over" and second.events[-1]["type"] == "round_end"
    assert len(second.results) == 1 and second.results[0]["totals"] == second.totals
    discard = next(m for m in match.moves.order_by("seq") if m.action["type"] == "discard")
    step = mod_client.get(url, {"step": discard.seq + 1}).context["step"]
    assert step.move["action"] == {"type": "discard", "card": str(card_of(discard.action["card"]))}


def test_an_abandoned_table_replays_to_where_it_stopped(mod_client, moderator):
    match, ana = rummy_table(rounds=3)
    match = play_rummy(match, ana, moves=5)
    do_moderator_close_room(actor=moderator, room=match.room, reason="Spam")
    match.refresh_from_db()
    assert match.status == Match.Status.ABANDONED
    step = mod_client.get(reverse("admin:games_match_replay", args=[match.pk])).context["step"]
    assert step.state == match.state and step.phase in ("draw", "play", "round_over")
    assert step.match_result is None and len(step.results) == len(match.state["history"]) < 3


def test_the_match_list_the_room_and_a_report_link_to_a_rummy_replay(mod_client):
    match = finished_rummy_match(rounds=1)
    replay = reverse("admin:games_match_replay", args=[match.pk]).encode()
    assert replay in mod_client.get(reverse("admin:games_match_changelist")).content
    assert replay in mod_client.get(reverse("admin:games_room_change", args=[match.room.pk])).content
    Report.objects.create(reporter=make_user(), room=match.room, reason="cheating", message="x")
    assert replay in mod_client.get(reverse("admin:moderation_report_changelist")).content


def test_both_staff_roles_reach_a_rummy_replay(client, moderator, administrator):
    match = finished_rummy_match(rounds=1)
    url = reverse("admin:games_match_replay", args=[match.pk])
    for user in (moderator, administrator):
        client.force_login(user)
        assert client.get(url).status_code == 200
