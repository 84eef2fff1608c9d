import pytest
from django.conf import settings


@pytest.fixture(autouse=True)
def nothing_remembered():
    """Each test's process starts remembering no match (`games.services.memory`)."""
    from games.services import memory

    memory.clear()


@pytest.fixture
def redis_layer(settings):
    """Skip unless the channel layer is Redis (the test command always sets REDIS_URL)."""
    if "Redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
        pytest.skip("set REDIS_URL: this test proves delivery through Redis")
    yield settings.CHANNEL_LAYERS
    # The sockets' database threads keep their connections: the test database must not outlive
    # the session with them open.
    from common.db import close_connections

    close_connections()


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
    return (
        f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or db['NAME']}; channel layer: {layer}"
    )
