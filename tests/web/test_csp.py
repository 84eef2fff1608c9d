"""The Content-Security-Policy every page carries (tests/browser/test_csp.py proves the pages
work under it)."""

import pytest

pytestmark = pytest.mark.django_db


def directives(response) -> dict[str, str]:
    policy = response["Content-Security-Policy"]
    return dict(part.strip().split(" ", 1) for part in policy.split(";"))


@pytest.mark.parametrize("url", ["/", "/play/", "/accounts/login/", "/admin/login/", "/nowhere/"])
def test_every_page_has_a_strict_policy(client, url):
    policy = directives(client.get(url, HTTP_HOST="localhost:8000"))
    assert policy["default-src"] == policy["script-src"] == policy["style-src"] == "'self'"
    assert "unsafe" not in " ".join(policy.values())
    assert policy["connect-src"] == "'self' ws://localhost:8000 wss://localhost:8000"
    assert policy["frame-ancestors"] == policy["object-src"] == "'none'"
    assert policy["form-action"] == policy["base-uri"] == "'self'"


def test_a_refused_host_still_gets_a_policy(client):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert directives(response)["connect-src"] == "'self'"
