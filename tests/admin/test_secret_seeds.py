"""No page shows a seed or a stock order still secret: an open day's Daily Gin deal (its first
hand being played, or over with its room closed) and an online match whose hand is being
played, every admin page of them scanned as a superuser, and the site's own pages."""

from __future__ import annotations

import base64
import html
import re
from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from daily import services as daily_services
from daily.seeds import day_seed
from games import services
from games.models import Match, Move, Room
from games.rules.gin import GinState
from tests.admin.support import finished_match, online_room
from tests.daily.support import NOON, OPEN_DAY, play_first_hand
from tests.games.support import make_user, ruleset
from tests.web.test_malformed_input import MODEL_ADDRESS, url_formats

# Transactional: in a run of the admin tests with others (never alone) the scan's rows were
# found committed for the tests after it; a flush after each test keeps them from leaking.
pytestmark = pytest.mark.django_db(transaction=True)


def encodings(seed: bytes) -> list[str]:
    return [
        seed.hex(),
        seed.hex().upper(),
        str(int.from_bytes(seed, "big")),
        str(int.from_bytes(seed, "little")),
        base64.b64encode(seed).decode(),
        base64.urlsafe_b64encode(seed).decode().rstrip("="),
        repr(seed)[2:-1],
    ]


def stock_pattern(match: Match) -> re.Pattern:
    """The first cards of the stock, in order, under any separator (a list's repr, JSON, a row)."""
    stock = [str(card) for card in GinState.from_json(match.state).stock[:6]]
    return re.compile(r"\W{1,12}".join(map(re.escape, stock)))


def secrets_of(match: Match) -> tuple[list[str], re.Pattern]:
    seeds = [bytes.fromhex(m.action["seed"]) for m in match.moves.all() if m.action["type"] == "deal"]
    return [text for seed in seeds for text in encodings(seed)], stock_pattern(match)


@pytest.fixture
def secret_matches():
    """An open day's Daily Gin attempt after its first hand, the same day's attempt abandoned
    (its room closed by staff), and an online match in its first hand."""
    ruleset()  # the presets (the Daily Gin's arcade rules), which a flush empties
    ana, bo = make_user("Ana"), make_user("Bo")
    playing = daily_services.do_start_attempt(user=ana, now=NOON).match
    play_first_hand(playing, ana)
    abandoned = daily_services.do_start_attempt(user=bo, now=NOON).match
    play_first_hand(abandoned, bo)
    services.do_close_room(room=abandoned.room, reason="moderator")
    online = online_room(names=("Cy", "Di"))[0].matches.get()
    matches = [Match.objects.get(pk=m.pk) for m in (playing, abandoned, online)]
    assert matches[1].status == Match.Status.ABANDONED and matches[0].seeds_secret_until > timezone.now()
    assert matches[0].moves.first().action["seed"] == day_seed(OPEN_DAY).hex()
    return matches


def superuser_client() -> Client:
    boss = make_user("Boss")
    boss.is_superuser = boss.is_staff = True
    boss.save()
    client = Client(raise_request_exception=False)
    client.force_login(boss)
    return client


def object_ids(matches: list[Match]) -> dict[type, set[str]]:
    """The ids to fill each model's admin addresses with: the rows these matches touch (their
    rooms, first moves, players), and for every other model the rows it holds."""
    users = {s.user_id for m in matches for s in m.room.seats.all() if s.user_id}
    touched = {
        Match: {m.pk for m in matches},
        Room: {m.room_id for m in matches},
        Move: {pk for m in matches for pk in m.moves.values_list("pk", flat=True)[:3]},
        get_user_model(): users,
    }
    return {
        model: {str(pk) for pk in touched.get(model) or model._default_manager.values_list("pk", flat=True)}
        for model in MODEL_ADDRESS.values()
    }


def admin_urls(matches: list[Match]) -> list[str]:
    """Every admin address, each object part filled with the id of every row of its model these
    matches touch (any row for the addresses of no model), and each changelist searched for
    their room codes."""
    ids = object_ids(matches)
    everything = set().union(*ids.values())
    urls = []
    for fmt, params in url_formats():
        if not fmt.startswith("admin/"):
            continue
        if not params:
            urls.append("/" + fmt)
            if fmt.endswith("/") and fmt.count("/") == 3:  # a changelist
                urls += [f"/{fmt}?q={m.room.code}" for m in matches]
            continue
        model = next((m for prefix, m in MODEL_ADDRESS.items() if fmt.startswith(prefix)), None)
        urls += ["/" + fmt % {name: pk for name in params} for pk in ids.get(model, everything)]
    urls += [reverse("admin:games_match_replay", args=[m.pk]) for m in matches]
    return urls


def site_urls(matches: list[Match]) -> list[str]:
    day = OPEN_DAY.isoformat()
    return [
        *(f"/r/{m.room.code}/" for m in matches),
        "/daily/",
        f"/daily/{day}/",
        f"/daily/verify/?day={day}",
        "/leaderboard/",
        *(f"/players/{s.user_id}/" for m in matches for s in m.room.seats.all() if s.user_id),
    ]


def leaks(page: str, texts: list[str], stock: re.Pattern) -> list[str]:
    found = [text for text in texts if text in page]
    return found + (["the stock order"] if stock.search(page) else [])


def test_no_admin_or_site_page_shows_a_secret_seed_or_stock_order(secret_matches):
    client = superuser_client()
    secrets = [secrets_of(m) for m in secret_matches]
    scanned, found = 0, []
    for url in admin_urls(secret_matches) + site_urls(secret_matches):
        response = client.get(url, follow=True)
        assert response.status_code < 500, url
        page = response.content.decode(errors="replace")
        for text in (page, html.unescape(page)):
            for texts, stock in secrets:
                found += [f"{url}: {leak}" for leak in leaks(text, texts, stock)]
        scanned += 1
    assert scanned > 100
    assert not found, "\n".join(sorted(set(found)))


def test_the_match_page_shows_the_move_log_with_the_secret_seed_hidden(secret_matches):
    client = superuser_client()
    page = client.get(reverse("admin:games_match_change", args=[secret_matches[0].pk])).content.decode()
    first_row = html.unescape(page).split('id="moves-0"')[1].split('id="moves-1"')[0]
    assert '{"seed": "hidden", "type": "deal"}' in first_row
    assert 'id="moves-10"' in page, "the moves after the deal are listed"


def test_the_seeds_show_once_the_match_is_over_and_not_secret():
    match = finished_match()
    seed = match.moves.first().action["seed"]
    page = superuser_client().get(reverse("admin:games_match_change", args=[match.pk])).content.decode()
    assert seed in page


def test_the_par_command_refuses_an_open_day():
    today = timezone.now().date()
    with pytest.raises(CommandError, match="still open"):
        call_command("daily_par", "--date", today.isoformat(), "--seconds", "0.1")
    with pytest.raises(CommandError, match="still open"):
        call_command("daily_par", "--date", date(2099, 6, 1).isoformat(), "--seconds", "0.1")
