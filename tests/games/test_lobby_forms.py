"""The lobby's forms: a rummy table takes any number of computer players up to its seats
(all: a table to watch), and a refused form comes back as typed with its error beside the field."""

import re

import pytest

from games.models import Room, RuleSet
from tests.games.support import make_user, ruleset

pytestmark = pytest.mark.django_db


def selected(page: str, name: str) -> str:
    select = re.search(rf'<select name="{name}" id="rummy-{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.search(r'<option value="([^"]*)"[^>]*selected', select).group(1)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_count_of_computer_players_that_leaves_a_person_opens_a_table(client, seats):
    client.force_login(make_user("Ana"))
    rules = ruleset("rummy-standard", seats=seats)
    for bots in range(seats):
        form = {"ruleset": rules.pk, "rounds": "1", "bot_seats": str(bots), "level": "easy"}
        response = client.post("/play/rummy/", form)
        assert response.status_code == 302, response.content.decode()
        room = Room.objects.get(code=response.url.split("/")[2])
        assert [s.bot for s in room.seats.order_by("index")].count("easy") == bots
        # With every other seat a bot it starts at once (the bots may even finish its round).
        assert (room.state == "open") == (bots < seats - 1)


def test_too_many_computer_players_keeps_the_form_and_says_what_to_change(client):
    rules = ruleset("rummy-standard", seats=2)
    form = {"ruleset": rules.pk, "rounds": "5", "bot_seats": "3", "level": "easy", "turn_seconds": "60"}
    response = client.post("/play/rummy/", form)
    page = response.content.decode()
    assert response.status_code == 400 and not Room.objects.exists()
    error = re.search(r'<span class="field-error" id="rummy-bot_seats-error">(.*?)</span>', page).group(1)
    assert error == "A table of 2 has 2 seats: at most 2 computer players."
    assert 'id="rummy-bot_seats" aria-invalid="true" aria-describedby="rummy-bot_seats-error"' in page
    assert [selected(page, name) for name in ("ruleset", "rounds", "bot_seats", "level", "turn_seconds")] == [
        str(rules.pk),
        "5",
        "3",
        "easy",
        "60",
    ]


def test_a_rated_table_with_computer_players_is_refused_beside_rated(client):
    client.force_login(make_user("Ana"))
    rules = ruleset("rummy-standard", seats=3)
    form = {"ruleset": rules.pk, "rounds": "1", "bot_seats": "1", "level": "medium", "rated": "on"}
    page = client.post("/play/rummy/", form).content.decode()
    assert 'id="rummy-rated-error">Only tables of people alone are rated' in page
    assert re.search(r'<input type="checkbox" name="rated" id="rummy-rated" checked', page)
    assert not Room.objects.exists()


def test_the_levels_are_named_alike_in_the_lobby_and_on_the_table(client):
    page = client.get("/play/").content.decode()
    levels = re.search(r'<select name="level" id="rummy-level"[^>]*>(.*?)</select>', page, re.S).group(1)
    assert re.findall(r">([^<]+)</option>", levels) == ["Easy", "Medium", "Hard"]
    rules = ruleset("rummy-standard", seats=3)
    form = {"ruleset": rules.pk, "rounds": "1", "bot_seats": "2", "level": "medium"}
    table = client.get(client.post("/play/rummy/", form).url).content.decode()
    assert table.count('"name": "Medium"') == 2


def test_a_players_own_waiting_table_is_marked_as_theirs_in_the_lobby(client):
    ana, bo = make_user("Ana"), make_user("Bo")
    rules = ruleset("rummy-standard", seats=3)
    client.force_login(ana)
    code = client.post(
        "/play/rummy/", {"ruleset": rules.pk, "rounds": "1", "bot_seats": "0", "level": "easy"}
    ).url.split("/")[2]
    mine = client.get("/play/").content.decode()
    assert f'<a href="/r/{code}/">Open (yours)</a>' in mine and ">Join</a>" not in mine
    assert f'"{code}"' in re.search(r'id="your-rooms"[^>]*>(.*?)</script>', mine).group(1)
    client.force_login(bo)
    assert f'<a href="/r/{code}/">Join</a>' in client.get("/play/").content.decode()


def test_a_hard_rummy_seat_is_shown_and_played_as_hard(client):
    """The seat stores the level's name, the table shows it, and the hard bot plays it."""
    from games.adapters import adapter

    client.force_login(make_user("Ana"))
    rules = ruleset("rummy-standard", seats=3)
    form = {"ruleset": rules.pk, "rounds": "1", "bot_seats": "2", "level": "hard"}
    room = Room.objects.get(code=client.post("/play/rummy/", form).url.split("/")[2])
    assert [s.bot for s in room.seats.order_by("index")].count("hard") == 2
    assert client.get(f"/r/{room.code}/").content.decode().count('"name": "Hard"') == 2
    assert adapter("rummy").bot_level("hard") == "hard"


def test_a_guest_is_offered_a_rummy_table_the_computer_fills(client):
    """A table waiting for people needs an account: a guest's form starts with the computer in
    every other seat of the rule set shown first, so that "Open the table" opens one (it sent
    guests to the sign-in page), and a signed-in player's starts with none."""
    four = ruleset("rummy-standard", seats=4)
    RuleSet.objects.filter(family="rummy").exclude(pk=four.pk).update(enabled=False)
    assert selected(client.get("/play/").content.decode(), "bot_seats") == "3"
    form = {"ruleset": four.pk, "rounds": "1", "bot_seats": "3", "level": "easy"}
    response = client.post("/play/rummy/", form)
    assert response.url == f"/r/{Room.objects.get().code}/"
    client.force_login(make_user("Ana"))
    assert selected(client.get("/play/").content.decode(), "bot_seats") == "0"
