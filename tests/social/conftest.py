from tests.games.conftest import close_socket_thread_connections, sent  # noqa: F401 (the games' fixtures)
