import pytest

from tests.admin.support import staff
from tests.games.conftest import close_socket_thread_connections, sent  # noqa: F401 (shared fixtures)


@pytest.fixture
def moderator():
    return staff("moderator")


@pytest.fixture
def administrator():
    return staff("administrator")


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client


@pytest.fixture
def administrator_client(client, administrator):
    client.force_login(administrator)
    return client
