"""Moderators create one-off arenas and schedules in the admin."""

import pytest

from arenas.models import Arena, ArenaSchedule
from tests.games.support import ruleset

pytestmark = pytest.mark.django_db

SETTINGS = {
    "name": "Friday Gin",
    "format": "target",
    "target": 50,
    "seats": 4,
    "turn_seconds": 30,
    "minutes": 30,
}


def test_a_moderator_creates_a_one_off_arena(mod_client):
    data = {
        **SETTINGS,
        "ruleset": ruleset().pk,
        "rated": "on",
        "min_rated_games": 0,
        "starts_at_0": "2026-12-04",
        "starts_at_1": "20:00:00",
    }
    data |= {"players-TOTAL_FORMS": 0, "players-INITIAL_FORMS": 0}
    response = mod_client.post("/admin/arenas/arena/add/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    arena = Arena.objects.get()
    assert arena.name == "Friday Gin" and arena.minutes == 30 and arena.rated


def test_a_moderator_creates_a_schedule_and_a_mismatched_format_is_refused(mod_client):
    data = {
        **SETTINGS,
        "ruleset": ruleset().pk,
        "min_rated_games": 0,
        "every": "weekly",
        "first_start_0": "2026-12-04",
        "first_start_1": "20:00:00",
        "enabled": "on",
    }
    assert mod_client.post("/admin/arenas/arenaschedule/add/", data).status_code == 302
    assert ArenaSchedule.objects.get().every == "weekly"
    refused = mod_client.post("/admin/arenas/arenaschedule/add/", {**data, "format": "one_round"})
    assert refused.status_code == 200 and "That format is not played" in refused.content.decode()
    too_long = mod_client.post("/admin/arenas/arenaschedule/add/", {**data, "minutes": 200})
    assert too_long.status_code == 200 and ArenaSchedule.objects.count() == 1
