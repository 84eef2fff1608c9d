"""`/healthz` for a proxy or an orchestrator: the database and a channel-layer round trip."""

import pytest
from django.db import OperationalError

pytestmark = pytest.mark.django_db

BROKEN_REDIS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},  # nothing listens on port 1
    }
}


@pytest.fixture
def fresh_layers():
    """The layer is made once per process from CHANNEL_LAYERS: rebuild it around the test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def test_healthy_site_answers_200_without_session_cache_or_host_check(client, redis_layer, fresh_layers):
    response = client.get("/healthz", HTTP_HOST="10.0.0.7")  # a probe calls by address
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert not response.cookies, "no session or CSRF cookie"
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405


def test_a_broken_channel_layer_answers_503_naming_it(client, settings, fresh_layers):
    settings.CHANNEL_LAYERS = BROKEN_REDIS
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "failed", "database": "ok", "channel_layer": "failed"}


def test_a_broken_database_answers_503_naming_it(client, monkeypatch, fresh_layers):
    from config import health

    def refuse():
        raise OperationalError("the database went away")

    monkeypatch.setattr(health, "_query_database", refuse)  # the check's own query fails
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "failed", "database": "failed", "channel_layer": "ok"}


def test_the_health_address_is_served_behind_https_redirects(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code in (200, 503)
    assert client.get("/").status_code == 301
    assert settings.MIDDLEWARE[0] == "config.health.HealthCheckMiddleware"
