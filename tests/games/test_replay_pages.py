"""Looking back at finished matches: the lists of games, the replay (who may see it, and that it
never shows what its seat did not know), the game record and `verify_record`.  Every match is
played on a known first deal."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from daily import seeds
from games import services
from games.models import Match
from games.replays import replay_moves
from games.rules.game_record import verify
from games.rules.gin import GinState, view_for
from tests.admin.support import play_rummy
from tests.daily.support import OPEN_DAY
from tests.games.support import first_deal, hidden_from, make_user, me, ruleset, simple_policy

pytestmark = pytest.mark.django_db

SEED = bytes(range(16))
"""The first deal of every gin match here: two plain players (or the arcade bot) play it out."""


def play_gin(match: Match, players: dict[int, object]) -> Match:
    """People at `players` (seat -> user) play `simple_policy` until the match ends (the bots
    answer through the services)."""
    for n in range(3000):
        match.refresh_from_db()
        if match.status != Match.Status.PLAYING:
            return match
        state = GinState.from_json(match.state)
        seat = state.turn
        action = {"type": "next_hand"} if seat is None else simple_policy(view_for(state, seat))
        who = players[seat if seat is not None else next(iter(players))]
        services.do_act(
            match_id=match.pk, identity=me(who), version=match.version, client_id=f"p{n}", action=action
        )
    raise AssertionError("the match did not end")


def online_match(*, private=False, finish=True, names=("Ana", "Bo")):
    """Ana and Bo's online gin match to 1 point (one hand), on the known deal."""
    ana, bo = map(make_user, names)
    with first_deal(SEED):
        room = services.do_create_room(identity=me(ana), ruleset=ruleset(match_target=1), is_private=private)
        services.do_take_seat(room=room, identity=me(bo), token=room.invite_token)
    match = room.matches.get()
    if finish:
        match = play_gin(match, {0: ana, 1: bo})
    return match, ana, bo


def daily_match(player, day) -> Match:
    """A Daily Gin room as `daily.services` opens one (the day's seed, secret until the day
    closes), to 1 point so one hand ends it, played out."""
    room = services.do_create_room(
        identity=me(player),
        ruleset=ruleset("gin-arcade", match_target=1),
        bot="arcade",
        first_seed=seeds.day_seed(day),
        seeds_secret_until=seeds.closes_at(day),
    )
    return play_gin(room.matches.get(), {0: player})


def replay_data(response) -> dict:
    page = response.content.decode()
    found = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', page, re.S)
    assert found, "the page has no replay data"
    return json.loads(found.group(1))


def cards_of(value) -> set[str]:
    return set(re.findall(r'"([A2-9TJQK][CDHS])"', json.dumps(value)))


# --- lists of games ---------------------------------------------------------------------------


def test_your_games_list_your_finished_matches_newest_first_with_their_replays(client):
    public, ana, bo = online_match()
    with first_deal(SEED):
        private = services.do_create_room(identity=me(ana), ruleset=ruleset(match_target=1), bot="medium")
    private_match = play_gin(private.matches.get(), {0: ana})
    client.force_login(ana)
    page = client.get(reverse("games:my_games")).content.decode()
    rows = re.findall(r'href="/games/match/(\d+)/"', page)
    assert rows == [str(private_match.pk), str(public.pk)]
    assert "Bo" in page and "Medium" in page
    assert ("Won" if public.winner_seat == 0 else "Lost") in page
    # Bo's public player page lists the public match only, and nobody's private ones.
    page = client.get(reverse("leaderboard:player_games", args=["Bo"])).content.decode()
    assert re.findall(r'href="/games/match/(\d+)/"', page) == [str(public.pk)]
    assert (
        f'href="{reverse("leaderboard:player_games", args=[bo.pk])}"'
        in client.get(reverse("leaderboard:player", args=["Bo"])).content.decode()
    )


def test_your_games_need_an_account_and_come_in_pages(client):
    assert client.get(reverse("games:my_games")).status_code == 302
    match, ana, _ = online_match()
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(days=1))
    for n in range(20):  # twenty newer matches, rows copied from the first (the list only reads them)
        copy = Match.objects.get(pk=match.pk)
        copy.pk = None
        copy.updated_at = timezone.now() + timedelta(minutes=n)
        copy.save()
    client.force_login(ana)
    first = client.get(reverse("games:my_games")).content.decode()
    assert f'href="/games/match/{match.pk}/"' not in first and "Page 1 of 2" in first
    second = client.get(reverse("games:my_games") + "?page=2").content.decode()
    assert f'href="/games/match/{match.pk}/"' in second
    assert client.get(reverse("games:my_games") + "?page=x").status_code == 200


# --- who may replay ---------------------------------------------------------------------------


def test_a_public_finished_match_replays_for_anyone_and_a_private_one_only_for_its_players(client):
    public, *_ = online_match()
    assert client.get(reverse("games:replay", args=[public.pk])).status_code == 200
    private, ana, bo = online_match(private=True, names=("Al", "Bea"))
    outsider = make_user("Cy")
    client.force_login(outsider)
    refused = client.get(reverse("games:replay", args=[private.pk]))
    assert refused.status_code == 404 and "There is no such match." in refused.content.decode()
    assert client.get(reverse("games:record", args=[private.pk])).status_code == 404
    client.force_login(bo)
    assert client.get(reverse("games:replay", args=[private.pk])).status_code == 200
    assert client.get(reverse("games:record", args=[private.pk])).status_code == 200


def test_a_match_in_progress_has_no_replay_nor_record(client):
    match, ana, _ = online_match(finish=False)
    client.force_login(ana)
    for name in ("games:replay", "games:record"):
        response = client.get(reverse(name, args=[match.pk]))
        assert response.status_code == 403
        assert "still being played" in response.content.decode()
    assert client.get("/games/match/99999999/").status_code == 404
    assert client.get("/games/match/99999999999999999999/").status_code == 404


# --- what a replay shows ----------------------------------------------------------------------


def test_the_replay_from_a_seat_shows_only_what_that_seat_knew_then(client):
    match, ana, _ = online_match()
    client.force_login(ana)
    data = replay_data(client.get(reverse("games:replay", args=[match.pk])))
    assert data["seat"] == 0 and data["mine"] == [0]
    states = [state.to_json() for _, state, _ in replay_moves(match)]
    frames = data["frames"]
    assert len(frames) == len(states) == match.moves.count() + 1
    for frame, state in zip(frames, states, strict=True):
        assert frame["hands"][1] is None  # the opponent's hand is counted, never shown
        shown = cards_of({k: v for k, v in frame.items() if k != "record"})
        assert not shown & hidden_from(state, 0), f"hidden cards at a {state['phase']} frame"
        for seed in [state["seed"], *(h["seed"] for h in state["history"])]:
            assert seed is None or seed not in json.dumps(frame)
    # The deal of frame 1 shows seat 0's ten cards, as its view does.
    dealt = view_for(GinState.from_json(states[1]), 0)
    assert sorted(c for m in frames[1]["hands"][0]["melds"] for c in m) + sorted(
        frames[1]["hands"][0]["loose"]
    ) == sorted([c for m in dealt["melds"] for c in m]) + sorted(
        c for c in dealt["hand"] if not any(c in m for m in dealt["melds"])
    )


def test_every_hand_shows_both_hands_and_only_a_visitor_of_a_finished_public_match_may_choose(client):
    match, ana, _ = online_match()
    client.force_login(ana)
    data = replay_data(client.get(reverse("games:replay", args=[match.pk]) + "?all=1"))
    assert data["every_hand"]
    assert all(frame["hands"][1] is not None for frame in data["frames"][1:])
    client.logout()
    seen = replay_data(client.get(reverse("games:replay", args=[match.pk]) + "?seat=1"))
    assert (seen["seat"], seen["mine"]) == (1, [])
    assert seen["frames"][1]["hands"][0] is None and seen["frames"][1]["hands"][1] is not None


def test_a_daily_deal_still_secret_replays_from_your_seat_only_without_seeds_or_record(client):
    player = make_user("Dee")
    day = OPEN_DAY  # a day still open, whose deal ends (today's may not: tests/daily/conftest.py)
    match = daily_match(player, day)
    assert match.seeds_secret_until > timezone.now()
    client.force_login(player)
    response = client.get(reverse("games:replay", args=[match.pk]) + "?all=1&seat=1")
    page = response.content.decode()
    data = replay_data(response)
    assert (data["seat"], data["every_hand"]) == (0, False)
    assert seeds.day_seed(day).hex() not in page
    assert all(frame["hands"][1] is None for frame in data["frames"])
    assert 'id="every-hand"' not in page and 'id="record-link"' not in page
    assert client.get(reverse("games:record", args=[match.pk])).status_code == 403
    client.force_login(make_user("Eve"))
    assert client.get(reverse("games:replay", args=[match.pk])).status_code == 404


# --- the game record --------------------------------------------------------------------------


def test_an_exported_record_verifies_and_reproduces_the_stored_final_state(client, tmp_path):
    match, ana, _ = online_match()
    client.force_login(ana)
    response = client.get(reverse("games:record", args=[match.pk]))
    assert response["Content-Type"].startswith("text/plain")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    verdict = verify(text)
    assert verdict.legal, verdict.message
    assert verdict.state.to_json() == match.state
    path = tmp_path / "match.txt"
    path.write_text(text)
    out = StringIO()
    call_command("verify_record", str(path), stdout=out)
    assert out.getvalue().startswith("legal: a legal gin game")
    assert f"Winners: {match.winner_seat}" in out.getvalue()


def test_verify_record_refuses_one_altered_action_with_its_number(client, tmp_path):
    match, ana, _ = online_match()
    client.force_login(ana)
    text = client.get(reverse("games:record", args=[match.pk])).content.decode()
    lines = text.splitlines()
    # Bo's (seat 1) first discard, said to be Ana's: not her turn.
    index, line = next(
        (i, text_line) for i, text_line in enumerate(lines) if re.match(r"\d+ 1 discard ", text_line)
    )
    number = line.split(" ")[0]
    lines[index] = re.sub(r"^(\d+) 1 ", r"\1 0 ", line)
    path = tmp_path / "altered.txt"
    path.write_text("\n".join(lines))
    with pytest.raises(CommandError, match=rf"refused: action {number} \(seat 0, discard\) is illegal"):
        call_command("verify_record", str(path))


def test_a_rummy_record_verifies_to_the_stored_state(client):
    ana = make_user("Ana")
    room = services.do_create_room(
        identity=me(ana),
        ruleset=ruleset("rummy-standard", seats=3),
        bot="medium",
        bot_seats=2,
        rounds=1,
        first_seed=SEED,
    )
    match = play_rummy(room.matches.get(), ana)
    assert match.status == Match.Status.FINISHED
    client.force_login(ana)
    verdict = verify(client.get(reverse("games:record", args=[match.pk])).content.decode())
    assert verdict.legal, verdict.message
    assert verdict.state.to_json() == match.state
    page = client.get(reverse("games:replay", args=[match.pk]))
    data = replay_data(page)
    assert len(data["frames"]) == match.moves.count() + 1
    assert data["frames"][1]["hands"][1] is None and data["frames"][1]["hands"][0]["loose"] is not None
    assert reverse("games:review", args=[match.pk]) in page.content.decode()  # its player's review


def test_a_daily_gin_record_verifies_against_the_days_revealed_seed(client, tmp_path):
    player = make_user("Dee")
    day = seeds.today(timezone.now()) - timedelta(days=1)  # closed: its seed is revealed
    match = daily_match(player, day)
    client.force_login(player)
    path = tmp_path / "daily.txt"
    path.write_text(client.get(reverse("games:record", args=[match.pk])).content.decode())
    out = StringIO()
    call_command("verify_record", str(path), "--seed", seeds.day_seed(day).hex(), stdout=out)
    assert out.getvalue().startswith("legal:")
    with pytest.raises(CommandError, match="not dealt from the given seed"):
        call_command("verify_record", str(path), "--seed", seeds.day_seed(day - timedelta(days=1)).hex())


def test_the_replay_links_its_players_to_the_engine_review_and_nobody_else(client):
    public, ana, _bo = online_match()
    review = reverse("games:review", args=[public.pk])
    assert review not in client.get(reverse("games:replay", args=[public.pk])).content.decode()
    client.force_login(ana)
    assert review in client.get(reverse("games:replay", args=[public.pk])).content.decode()


def test_the_players_see_their_table_chat_in_the_replay_and_nobody_else_does(client):
    from accounts.services import do_block
    from games.chat.services import do_say

    match, ana, bo = online_match(finish=False)
    do_say(room=match.room, identity=me(ana), text="<img src=x onerror=alert(1)>")
    do_say(room=match.room, identity=me(bo), phrase="well_played")
    match = play_gin(match, {0: ana, 1: bo})
    replay = reverse("games:replay", args=[match.pk])
    assert "Table chat" not in client.get(replay).content.decode()  # anyone: the match, not the talk
    client.force_login(ana)
    said = chat_log(client.get(replay))
    assert "&lt;img src=x onerror=alert(1)&gt;" in said and "<img" not in said
    assert "Bo</b>" in said and "Well played" in said
    do_block(blocker=ana, blocked=bo)
    said = chat_log(client.get(replay))
    assert "Well played" not in said and "Ana</b>" in said


def chat_log(response) -> str:
    page = response.content.decode()
    return page[page.index('class="chat-log"') : page.index("</ol>", page.index('class="chat-log"'))]
