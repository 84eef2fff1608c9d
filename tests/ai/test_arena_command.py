"""`manage.py arena` (needs Django: skipped under ``-p no:django``)."""

from __future__ import annotations

import json
import os
from io import StringIO

import pytest


@pytest.mark.skipif("DJANGO_SETTINGS_MODULE" not in os.environ, reason="needs Django settings")
def test_arena_command_prints_json_and_progress() -> None:
    from django.core.management import call_command

    out, err = StringIO(), StringIO()
    call_command("arena", a="medium", b="easy", matches=2, seed=3, json=True, stdout=out, stderr=err)
    report = json.loads(out.getvalue())
    assert {"matches", "a_wins", "a_win_rate", "ci95", "points_per_hand_a", "decision_ms"} <= set(report)
    assert report["matches"] == 2 and len(report["ci95"]) == 2
    assert set(report["decision_ms"]["medium"]) >= {"p50", "p99"}
    assert "2/2 matches" in err.getvalue()
