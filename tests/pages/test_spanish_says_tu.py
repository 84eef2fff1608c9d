"""Spanish says "tú" on the pages Django's admin and allauth draw, whose own catalogues say
"usted": our locale/es overrides those texts (accounts/vendor_texts.py lists them)."""

import json
import re

import pytest
from allauth.account.models import EmailAddress

from moderation.models import Report
from tests.admin.support import staff
from tests.games.support import make_user

pytestmark = pytest.mark.django_db

USTED = (
    "usted",
    "Introduzca",
    "Introduza",
    "introduzca",
    "Observe",
    "su contraseña",
    "Su contraseña",
    "Olvidó",
    "Ha olvidado",
    "¿Está seguro",
    "Está usted",
    "Por favor, introduzca",
    "Seleccione",
    "Pulse",
    "Haga clic",
    "Ingrese",
    "Escriba",
    "Confirme",
    "Verifique",
    "su cuenta",
    "Su cuenta",
    "Desea",
    "desea",
    "¿Ya tiene",
    "Ha cerrado",
    "No puede",
    "Le hemos",
)


def spanish(client, path: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200, path
    return response.content.decode()


def assert_tu(html: str, *tu_forms: str) -> None:
    html = re.sub(r"\s+", " ", html)
    assert [marker for marker in USTED if re.search(rf"(?<!\w){re.escape(marker)}(?!\w)", html)] == []
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    for form in tu_forms:
        assert form in text


def admin_script_texts(client) -> str:
    script = client.get("/admin/jsi18n/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    catalog = json.loads(re.search(r"const newcatalog = (\{.*?\});", script, re.S).group(1))
    return " ".join(
        text for value in catalog.values() for text in ([value] if isinstance(value, str) else value)
    )


def test_the_admin_a_moderator_meets_says_tu(client):
    assert_tu(spanish(client, "/admin/login/"), "Contraseña:")
    refused = client.post(
        "/admin/login/", {"username": "nobody", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="es"
    )
    assert_tu(refused.content.decode(), "Escribe el nombre de usuario y la contraseña correctos")
    administrator = staff("administrator")
    player = make_user("Bo")
    Report.objects.create(reporter=make_user("Cy"), player=player, reason="abuse", message="x")
    client.force_login(administrator)
    assert_tu(spanish(client, "/admin/"), "Denuncias")
    assert_tu(spanish(client, "/admin/moderation/report/"), "Selecciona denuncia para cambiar")
    assert_tu(spanish(client, f"/admin/accounts/user/{player.pk}/change/"), "Mantén pulsado")
    assert_tu(spanish(client, f"/admin/accounts/user/{player.pk}/delete/"), "¿Seguro que quieres borrar")
    assert_tu(spanish(client, "/admin/password_change/"), "escribe tu contraseña actual")
    assert_tu(admin_script_texts(client), "Elige una hora", "Has elegido una acción")
    logged_out = client.post("/admin/logout/", HTTP_ACCEPT_LANGUAGE="es")
    assert_tu(logged_out.content.decode(), "Iniciar sesión de nuevo")


def test_every_account_page_says_tu(client):
    assert_tu(spanish(client, "/accounts/login/"), "¿Has olvidado tu contraseña?")
    assert_tu(spanish(client, "/accounts/signup/"), "¿Ya tienes una cuenta?")
    assert_tu(spanish(client, "/accounts/password/reset/"), "Escribe tu dirección")
    assert_tu(spanish(client, "/accounts/password/reset/done/"), "Si no lo has recibido")
    assert_tu(spanish(client, "/accounts/password/reset/key/1-bad/"), "Pide un nuevo")
    assert_tu(spanish(client, "/accounts/confirm-email/bad-key/"), "Pide una nueva")
    player = make_user("Ada")
    EmailAddress.objects.create(user=player, email=player.email, primary=True, verified=False)
    client.force_login(player)
    assert_tu(spanish(client, "/accounts/email/"), "asociadas a tu cuenta")
    assert_tu(spanish(client, "/accounts/password/change/"), "¿Has olvidado tu contraseña?")
    assert_tu(spanish(client, "/accounts/logout/"), "¿Seguro que quieres cerrar sesión?")
    player.set_unusable_password()
    player.save()
    client.force_login(player)
    assert_tu(spanish(client, "/accounts/password/set/"), "Tu contraseña no puede parecerse")
