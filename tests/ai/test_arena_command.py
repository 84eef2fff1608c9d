"""`python -m tools.arena`: the command prints the report and a progress bar."""

from __future__ import annotations

import json

import pytest

from tools.arena.__main__ import main


def test_arena_command_prints_json_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--a", "medium", "--b", "easy", "--matches", "2", "--seed", "3", "--json"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert {"matches", "a_wins", "a_win_rate", "ci95", "points_per_hand_a", "decision_ms"} <= set(report)
    assert report["matches"] == 2 and len(report["ci95"]) == 2
    assert set(report["decision_ms"]["medium"]) >= {"p50", "p99"}
    assert "2/2 matches" in err


def test_arena_command_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--a", "medium", "--b", "nobody"])
    assert "invalid choice" in capsys.readouterr().err
