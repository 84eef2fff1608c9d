"""The site shell: languages, sign-up with a display name, production settings."""

import os
import subprocess
import sys

import pytest

from accounts.models import User
from tools.servers import ROOT

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("es-ES,es;q=0.9", "Gin Rummy y Rommé, con juego limpio"),
        ("en-US,en;q=0.9", "Gin Rummy and Rommé, played fairly"),
    ],
)
def test_home_page_speaks_the_browsers_language(client, accept, expected):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 200
    assert expected in response.content.decode()


def test_the_language_switch_sticks(client):
    response = client.post("/i18n/setlang/", {"language": "es", "next": "/"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'lang="es"' in page
    assert "Iniciar sesión" in page


def signup(client, email, name):
    return client.post(
        "/accounts/signup/",
        {
            "email": email,
            "display_name": name,
            "password1": "a-long-pass-phrase",
            "password2": "a-long-pass-phrase",
        },
    )


def test_signup_takes_a_unique_display_name_and_signs_in(client):
    assert signup(client, "ana@example.com", "Ana la Gin").status_code == 302
    user = User.objects.get(email="ana@example.com")
    assert user.display_name == "Ana la Gin"
    assert "Ana la Gin" in client.get("/").content.decode()

    client.logout()
    response = signup(client, "otra@example.com", "ana LA gin")
    assert response.status_code == 200
    assert "That display name is taken." in response.content.decode()
    assert not User.objects.filter(email="otra@example.com").exists()


def test_sign_in_by_email(client):
    User.objects.create_user(
        username="bo", email="bo@example.com", password="a-long-pass-phrase", display_name="Bo"
    )
    response = client.post("/accounts/login/", {"login": "bo@example.com", "password": "a-long-pass-phrase"})
    assert response.status_code == 302
    assert client.get("/").context["user"].display_name == "Bo"


def test_check_deploy_is_clean_with_production_settings():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "HTTPS": "1",
        "SECRET_KEY": "k8#Qz!vR2m@Lp5^Wx9&Tb3*Yc7(Nd1)Hf6-Gj4_Ks0+Ue2=Ai8",
        "ALLOWED_HOSTS": "rummy.example.com",
        "CSRF_TRUSTED_ORIGINS": "https://rummy.example.com",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "0", "SECRET_KEY": ""}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr
