"""`python -m tools.rummy_duel`: the command prints the report and a progress bar, and refuses bad tables."""

from __future__ import annotations

import json

import pytest

from tools.rummy_duel.__main__ import main


def test_the_command_prints_json_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    main(
        [
            "--levels",
            "hard,medium,easy,medium",
            "--matches",
            "5",
            "--seed",
            "3",
            "--rules",
            '{"calling": true}',
            "--json",
        ]
    )
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["matches"] == 8 and report["seats"] == 4  # rounded up to whole groups of seatings
    assert report["by_level"]["medium"]["seats"] == 2 and report["by_level"]["medium"]["fair_share"] == 0.5
    assert set(report["decision_ms"]) == {"easy", "medium", "hard"}
    assert "2/2 groups of seatings" in err


def test_the_summary_names_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--levels", "medium,easy", "--matches", "2", "--seed", "1"])
    out = capsys.readouterr().out
    assert (
        "medium (1 seat(s)): wins" in out and "(95% one group)" in out and "decision time easy (CPU)" in out
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--levels", "medium,nobody"], "unknown rummy level"),
        (["--levels", "medium,easy", "--rules", '{"calling": true}'], "calling needs 3 or more players"),
        (["--levels", "medium"], "2 to 4 seats"),
    ],
)
def test_bad_tables_are_refused(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    with pytest.raises(SystemExit):
        main(args)
    assert message in capsys.readouterr().err
