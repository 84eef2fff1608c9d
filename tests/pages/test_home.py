"""The home page: one click to a game, and for a player what to resume and what happened."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from daily import seeds
from daily.models import DailyPlay
from games import services
from games.models import Room
from leaderboard.models import RatedGame, Rating, RatingPoint
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase"


def hidden_fields(html: str, action: str, button: str | None = None) -> dict[str, str]:
    """What the page's form that posts to `action` sends: its hidden inputs, and the name and
    value of its button labelled `button` (when given)."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', html, re.S).group(0)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    if button is not None:
        pressed = re.search(rf'<button[^>]* name="(\w+)" value="([^"]*)">{re.escape(button)}</button>', form)
        fields[pressed.group(1)] = pressed.group(2)
    return fields


def sign_in(client, user, *, last_login=None):
    user.set_password(PASSWORD)
    user.last_login = last_login
    user.save()
    assert client.post("/accounts/login/", {"login": user.email, "password": PASSWORD}).status_code == 302


def test_a_guests_one_button_starts_classic_gin_against_the_medium_computer(client):
    html = client.get("/").content.decode()
    fields = hidden_fields(html, "/play/computer/")
    assert fields["ruleset"] == str(ruleset("gin-classic").pk) and fields["level"] == "medium"
    assert "Play the computer now" in html

    response = client.post("/play/computer/", fields)  # the button: nothing else to choose
    room = Room.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/r/{room.code}/"
    assert room.ruleset.slug == "gin-classic" and room.seats.get(index=1).bot == "medium"
    assert room.state == Room.State.PLAYING


def test_the_one_click_game_is_named_in_the_pages_language(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Juega ya contra el ordenador" in html
    assert "Gin clásico contra el ordenador de nivel Media; no necesitas cuenta." in html


def test_the_german_rummy_button_opens_a_table_full_of_computer_players(client):
    fields = hidden_fields(client.get("/").content.decode(), "/play/rummy/", "Open a German Rummy table")
    response = client.post("/play/rummy/", fields)
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/"
    assert room.family == "rummy" and room.state == Room.State.PLAYING
    assert (
        room.seats.filter(bot="").count() == 1
        and room.seats.exclude(bot="").count() == room.ruleset.seats - 1
    )


def test_the_watch_button_opens_a_table_of_computers_alone_for_the_guest_to_watch(client):
    fields = hidden_fields(client.get("/").content.decode(), "/play/rummy/", "Watch the computers play")
    response = client.post("/play/rummy/", fields)
    room = Room.objects.get()
    assert response["Location"] == f"/r/{room.code}/?t={room.invite_token}"
    assert room.state == Room.State.PLAYING and not room.seats.filter(bot="").exists()
    assert '"you": null' in client.get(response["Location"]).content.decode()


def test_the_home_page_links_every_part_of_the_site(client):
    html = client.get("/").content.decode()
    for href in ("/play/", "/daily/", "/leaderboard/", "/rules/", "/rules/gin/", "/rules/rummy/"):
        assert f'href="{href}"' in html
    assert "Since your last visit" not in html and "Your games in play" not in html


def test_a_player_sees_games_to_resume_and_what_ended_since_the_last_visit(client):
    ada = make_user("Ada")
    playing = services.do_create_room(identity=me(ada), ruleset=ruleset("gin-classic"), bot="easy")
    before = services.do_create_room(identity=me(ada), ruleset=ruleset("gin-arcade"), bot="arcade")
    ended = services.do_create_room(identity=me(ada), ruleset=ruleset("gin-classic"), bot="hard")
    last_visit = timezone.now() - timedelta(days=2)
    Room.objects.filter(pk=before.pk).update(
        state=Room.State.FINISHED, last_activity_at=last_visit - timedelta(hours=1)
    )
    Room.objects.filter(pk=ended.pk).update(state=Room.State.FINISHED, last_activity_at=timezone.now())
    game = RatedGame.objects.create(family="gin", finished_at=last_visit - timedelta(days=1))
    RatingPoint.objects.create(user=ada, game=game, family="gin", rating=1510, rd=200, at=game.finished_at)
    later = RatedGame.objects.create(family="gin")
    RatingPoint.objects.create(user=ada, game=later, family="gin", rating=1532, rd=190, at=later.finished_at)
    Rating.objects.create(
        user=ada, family="gin", rating=1532, rd=190, volatility=0.06, games=2, last_game_at=later.finished_at
    )

    sign_in(client, ada, last_login=last_visit)
    html = client.get("/").content.decode()
    resume = html[html.index("Your games in play") : html.index("Since your last visit")]
    assert f"/r/{playing.code}/" in resume and f"/r/{ended.code}/" not in resume
    since = html[html.index("Since your last visit") : html.index("Play people online")]
    assert f"/r/{ended.code}/" in since and f"/r/{before.code}/" not in since
    assert "Hard" in since
    assert "Gin Rummy rating: 1510 → 1532 (+22)" in since


def test_a_first_sign_in_has_nothing_since_a_last_visit(client):
    sign_in(client, make_user("Newcomer"))
    assert "Since your last visit" not in client.get("/").content.decode()


def test_the_daily_gin_panel_tells_todays_status(client):
    bo = make_user("Bo")
    sign_in(client, bo)
    assert "You have not played today's deal yet" in client.get("/").content.decode()
    day = seeds.today(timezone.now())
    play = DailyPlay.objects.create(user=bo, day=day)
    assert "Your attempt at today's deal is under way." in client.get("/").content.decode()
    play.result, play.kind, play.status = 31, "gin", DailyPlay.Status.FINISHED
    play.save()
    assert "Today you won with gin: +31 points." in client.get("/").content.decode()


def test_a_guest_is_offered_the_daily_gin_as_practice(client):
    assert "Sign in to be ranked, or practise it as a guest." in client.get("/").content.decode()
