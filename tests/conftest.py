import pytest
from django.conf import settings


@pytest.fixture
def redis_layer(settings):
    """Skip unless the channel layer is Redis (the test command always sets REDIS_URL)."""
    if "Redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
        pytest.skip("set REDIS_URL: this test proves delivery through Redis")
    yield settings.CHANNEL_LAYERS
    # Each test runs its own event loop, but channels_redis keeps one lock per process for its
    # sockets' receives, and a receive cancelled while waiting for it (a socket closing as a
    # frame arrives, such as a seat's presence news) leaves it bound to that loop for good.
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    layer.receive_clean_locks = type(layer.receive_clean_locks)()
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
