"""Site-wide pieces: the header, the favicon, the account pages, Report links, names shown."""

import json

import pytest

from accounts.models import User
from games import services
from tests.games.support import make_user, me, ruleset

pytestmark = pytest.mark.django_db


def test_favicon_answers_with_an_icon_and_pages_link_one(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert b"".join(response.streaming_content)[:4] == b"\x00\x00\x01\x00"  # the ICO header
    html = client.get("/rules/").content.decode()
    assert 'rel="icon" href="/static/img/favicon.svg"' in html
    assert client.get("/static/img/favicon.svg").status_code == 200


def test_the_header_names_every_section_and_the_account_menu(client):
    html = client.get("/daily/").content.decode()
    for href in ("/play/", "/daily/", "/leaderboard/", "/rules/", "/accounts/login/", "/accounts/signup/"):
        assert f'href="{href}"' in html
    assert 'href="/daily/" aria-current="page"' in html
    staff = make_user("Staffer")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    html = client.get("/").content.decode()
    assert "Staffer" in html and 'href="/admin/"' in html and 'href="/accounts/profile/"' in html
    assert 'action="/accounts/logout/"' in html


@pytest.mark.parametrize(
    "path", ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/accounts/inactive/"]
)
def test_account_pages_wear_the_sites_frame(client, path):
    html = client.get(path).content.decode()
    assert 'class="site-header"' in html and 'class="account-page"' in html
    assert "Menu:" not in html


def test_account_pages_say_tu_in_spanish(client):
    html = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Si aún no tienes una cuenta" in html and "¿Has olvidado tu contraseña?" in html
    html = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "¿Ya tienes una cuenta?" in html and "Tu contraseña no puede tener solo números." in html
    for formal in ("usted", "Su contraseña", " tiene una cuenta", "ha creado"):
        assert formal not in html


def test_the_welcome_message_names_the_display_name(client):
    User.objects.create_user(
        username="ada-lovelace", email="ada@example.com", password="pw-Long-enough-1", display_name="Ada L."
    )
    response = client.post(
        "/accounts/login/", {"login": "ada@example.com", "password": "pw-Long-enough-1"}, follow=True
    )
    html = response.content.decode()
    assert "Successfully signed in as Ada L." in html and "ada-lovelace" not in html


def test_a_new_player_lands_in_the_lobby(client):
    response = client.post(
        "/accounts/signup/",
        {
            "email": "new@example.com",
            "display_name": "Newbie",
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/play/"


def room_seats(html: str) -> list[dict]:
    """The seats of the room frame the table's page starts from (its name plates draw them)."""
    start = html.index('<script id="room-info" type="application/json">') + len(
        '<script id="room-info" type="application/json">'
    )
    return json.loads(html[start : html.index("</script>", start)])["seats"]


def test_the_table_offers_a_report_link_beside_each_opponent(client):
    ada, bo = make_user("Ada"), make_user("Bo")
    room = services.do_create_room(identity=me(ada), ruleset=ruleset("gin-classic"))
    services.do_take_seat(room=room, identity=me(bo), token="")
    client.force_login(ada)
    seats = room_seats(client.get(f"/r/{room.code}/").content.decode())
    assert seats[1]["report"] == f"/report/?room={room.code}&player={bo.pk}"  # the plate hides one's own
    report = client.get(f"/report/?room={room.code}&player={bo.pk}")
    assert report.status_code == 200 and "Report Bo" in report.content.decode()


def test_no_report_link_for_the_computer(client):
    ada = make_user("Ada")
    room = services.do_create_room(identity=me(ada), ruleset=ruleset("gin-classic"), bot="easy")
    client.force_login(ada)
    assert room_seats(client.get(f"/r/{room.code}/").content.decode())[1]["report"] is None


def test_a_player_page_offers_a_report_link_to_others(client):
    bo = make_user("Bo")
    link = f'href="/report/?player={bo.pk}">Report Bo</a>'
    assert link in client.get(f"/players/{bo.pk}/").content.decode()
    client.force_login(bo)
    assert link not in client.get(f"/players/{bo.pk}/").content.decode()


def test_the_admin_welcomes_staff_by_display_name(client):
    admin = User.objects.create_superuser(
        username="root-account", email="root@example.com", password="pw", display_name="Chief"
    )
    client.force_login(admin)
    html = client.get("/admin/").content.decode()
    assert "<strong>Chief</strong>" in html


def test_the_password_reset_email_names_the_site_and_the_player(client, mailoutbox):
    User.objects.create_user(username="ada-l", email="ada@example.com", password="pw", display_name="Ada L.")
    client.post("/accounts/password/reset/", {"email": "ada@example.com"}, HTTP_ACCEPT_LANGUAGE="es")
    (mail,) = mailoutbox
    assert mail.subject.startswith("[Rummy Deco]")
    assert "¡Hola de parte de Rummy Deco!" in mail.body and mail.body.rstrip().endswith("\ntestserver")
    assert "example.com" not in mail.body.replace("ada@example.com", "")
    assert "tu cuenta" in mail.body and "usted" not in mail.body
