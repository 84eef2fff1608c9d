"""The site finds its Redis through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_MASTER): the
channel layer through channels-redis' Sentinel hosts, the cache through redis-py's pool."""

import asyncio
import os
import shutil

import pytest
import redis

from games import services
from tests import servers as test_servers
from tests.games.support import make_user, me, ruleset
from tests.games.test_two_processes import cookie_for, play_one_hand
from tools import servers

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_processes_play_a_hand_through_a_redis_found_by_sentinel(redis_layer, tmp_path):
    if not shutil.which("redis-sentinel"):
        pytest.skip("redis-sentinel is not installed (scripts/test.sh installs Debian's package)")
    ana, bo = make_user("Ana"), make_user("Bo")
    room = services.do_create_room(identity=me(ana), ruleset=ruleset())
    services.do_take_seat(room=room, identity=me(bo))
    with servers.redis_behind_sentinel(master="rummy") as (redis_port, sentinel_port):
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.test_settings",
            "DATABASE_URL": test_servers.test_database_url(),
            "REDIS_URL": "redis://sentinel-decides/3",  # only the database number counts
            "REDIS_SENTINELS": f"127.0.0.1:{sentinel_port}",
            "REDIS_SENTINEL_MASTER": "rummy",
        }
        with (
            servers.daphne(env=env, log_path=tmp_path / "a.log") as (url_a, _),
            servers.daphne(env=env, log_path=tmp_path / "b.log") as (url_b, _),
        ):
            final = asyncio.run(play_one_hand([url_a, url_b], [cookie_for(ana), cookie_for(bo)], room.code))
            commands = redis.Redis(port=redis_port).info("commandstats")
    assert final[0]["view"]["phase"] in ("hand_over", "match_over")
    assert final[0]["version"] == final[1]["version"]
    # The layer's receives and group sends ran on the Redis Sentinel named (Sentinel itself sends neither).
    assert "cmdstat_bzmpop" in commands and "cmdstat_evalsha" in commands
