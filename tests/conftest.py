import pytest
from django.conf import settings


@pytest.fixture
def redis_layer(settings):
    """Skip unless the channel layer is Redis (the test command always sets REDIS_URL)."""
    if "Redis" not in settings.CHANNEL_LAYERS["default"]["BACKEND"]:
        pytest.skip("set REDIS_URL: this test proves delivery through Redis")
    return settings.CHANNEL_LAYERS


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1]
    return (
        f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or db['NAME']}; channel layer: {layer}"
    )
