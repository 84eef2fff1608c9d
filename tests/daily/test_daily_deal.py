"""The day's deal: the same for everyone on a date, secret until the day closes, verifiable after."""

import hashlib
import json
from datetime import date, timedelta

import pytest
from django.utils import timezone

from daily import seeds, services
from daily.models import DailyPlay
from games.models import Match
from games.replays import states_by_version
from games.rules.gin import GinState
from tests.daily.support import NOON, play_first_hand
from tests.games.support import assert_no_leak, cards_in, make_user, me, ruleset


def first_deal(play: DailyPlay) -> GinState:
    state = GinState.from_json(play.match.state)
    return state.hands[0], state.hands[1], state.discard_pile, state.stock


@pytest.mark.django_db
def test_two_accounts_get_the_same_deal_on_a_date_and_another_deal_the_next_day():
    ana, bo = make_user("Ana"), make_user("Bo")
    first = services.do_start_attempt(user=ana, now=NOON)
    second = services.do_start_attempt(user=bo, now=NOON + timedelta(hours=5))
    assert first.room != second.room
    assert first_deal(first) == first_deal(second)
    assert first.match.seeds_secret_until == seeds.closes_at(NOON.date())
    tomorrow = services.do_start_attempt(user=ana, now=NOON + timedelta(days=1))
    assert tomorrow.day == NOON.date() + timedelta(days=1)
    assert first_deal(tomorrow) != first_deal(first)


def test_the_seed_is_an_hmac_of_the_date_and_its_published_hash_is_its_sha256(settings):
    day = date(2030, 2, 3)
    seed = seeds.day_seed(day)
    assert len(seed) == 32 and seeds.seed_hash(seed) == hashlib.sha256(seed).hexdigest()
    settings.DAILY_SECRET = "another server"
    assert seeds.day_seed(day) != seed, "the seed depends on the secret, not on the date alone"


@pytest.mark.django_db
def test_a_closed_day_shows_its_seed_and_the_verify_page_rebuilds_the_deal(client):
    day = date(2024, 3, 1)
    seed = seeds.day_seed(day)
    room = services.do_start_practice(identity=me(make_user()), day=day, now=timezone.now())
    dealt = GinState.from_json(room.matches.get().state)

    page = client.get(f"/daily/{day}/").content.decode()
    assert seed.hex() in page and seeds.seed_hash(seed) in page
    for query in (f"day={day}", f"seed={seed.hex()}"):
        verify = client.get(f"/daily/verify/?{query}").content.decode()
        assert seeds.seed_hash(seed) in verify
        for part, cards in [
            ("player-hand", dealt.hands[0]),
            ("upcard", dealt.discard_pile),
            ("stock", dealt.stock),
        ]:
            section = verify.split(f'id="{part}"')[1].split("</dd>")[0]
            assert [f'title="{c}"' in section for c in cards] == [True] * len(cards)
            assert section.count('class="pc') == len(cards)
    assert "shuffle.md" in verify and client.get("/daily/verify/shuffle.md").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_nothing_sent_before_the_day_closes_holds_the_seed_or_the_stock(client, sent, known_deal):
    ruleset("gin-arcade")
    user = make_user("Ana")
    client.force_login(user)
    today = seeds.today(timezone.now())
    seed_hex = seeds.day_seed(today).hex()
    room_url = client.post("/daily/start/").url
    match = Match.objects.get(room__code=room_url.strip("/").split("/")[-1])
    stock = GinState.from_json(match.state).stock

    mid_hand = client.get(room_url).content.decode()
    assert not cards_in({"page": mid_hand}) & set(map(str, stock))
    match = play_first_hand(match, user)
    after = GinState.from_json(match.state)
    unshown = (
        set(map(str, stock))
        - set(map(str, after.discard_pile))
        - {c for h in after.hands for c in map(str, h)}
    )
    unshown -= {e["card"] for e in after.log if e.get("card")}

    pages = [
        mid_hand,
        client.get(room_url).content.decode(),
        client.get("/daily/").content.decode(),
        client.get(f"/daily/verify/?day={today}").content.decode(),
        client.get(f"/daily/verify/?day={today}&seed=").content.decode(),
    ]
    assert client.get(f"/daily/{today}/").status_code == 302
    for page in pages:
        assert seed_hex not in page
    assert not cards_in({"page": pages[1]}) & unshown, "the first hand's unplayed stock stayed secret"

    frames = [m["payload"] for _, m in sent if m["type"] == "game.update"]
    assert frames and all(seed_hex not in json.dumps(f) for f in frames)
    states = states_by_version(match)
    for group, message in sent:
        if message["type"] == "game.update":
            seat = None if group.endswith(".public") else int(group.rsplit(".", 1)[1])
            assert_no_leak(message["payload"], states[message["payload"]["version"]], seat)
    play = DailyPlay.objects.get(user=user)
    assert play.status == "finished" and play.turns == len(play.marks) > 0


@pytest.mark.django_db
def test_the_table_knows_a_daily_match_and_its_day():
    from daily.templatetags.daily_match import daily_day

    play = services.do_start_attempt(user=make_user("Ana"), now=NOON)
    assert daily_day(play.match) == NOON.date()
    assert daily_day(Match(seeds_secret_until=None)) is None and daily_day(None) is None
