import pytest

from daily import seeds
from tests.daily.support import OPEN_DAY
from tests.games.conftest import close_socket_thread_connections, sent  # noqa: F401  (shared fixtures)


@pytest.fixture
def known_deal(monkeypatch):
    """Every day deals OPEN_DAY's deal, whose first hand the tests' simple policy ends: a test
    that plays today's deal passed or failed with the date (on 7 December 2026 neither side
    ever knocked, the arcade stock recycling past 300 actions)."""
    day_seed = seeds.day_seed
    monkeypatch.setattr(seeds, "day_seed", lambda day: day_seed(OPEN_DAY))
