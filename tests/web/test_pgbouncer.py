"""The site plays through PgBouncer in transaction mode (DATABASE_PGBOUNCER=1)."""

import asyncio
import os
import shutil

import pytest
from django.db import connection

from games import services
from games.replays import is_consistent
from tests import servers as test_servers
from tests.games.support import make_user, me, ruleset
from tests.games.test_two_processes import cookie_for, play_one_hand
from tools import servers

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def bouncer():
    if not shutil.which("pgbouncer", path="/usr/sbin:/usr/bin"):
        pytest.skip("pgbouncer is not installed (scripts/test.sh installs Debian's package)")
    db = connection.settings_dict
    with servers.pgbouncer(host=db["HOST"], port=int(db["PORT"] or 5432), user=db["USER"]) as port:
        yield f"postgres://{db['USER']}@127.0.0.1:{port}/{db['NAME']}"


def test_two_players_play_a_hand_through_pgbouncer_in_transaction_mode(redis_layer, bouncer, tmp_path):
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
        "DATABASE_URL": bouncer,
        "DATABASE_PGBOUNCER": "1",
        "SWEEPER_LOCK_DATABASE_URL": test_servers.test_database_url(),
    }
    with (
        servers.daphne(env=env, log_path=tmp_path / "a.log") as (url_a, _),
        servers.daphne(env=env, log_path=tmp_path / "b.log") as (url_b, _),
    ):
        final = asyncio.run(play_one_hand([url_a, url_b], [cookie_for(ana), cookie_for(bo)], room.code))
    assert final[0]["view"]["phase"] in ("hand_over", "match_over")
    assert final[0]["version"] == final[1]["version"]
    assert is_consistent(room.matches.get())
    assert "ERROR" not in (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
