"""The arena's numbers are a function of its seed; its statistics are the textbook ones."""

from __future__ import annotations

import pytest

from tools import arena


def _without_times(report: dict) -> dict:
    return {key: value for key, value in report.items() if key != "decision_ms"}


@pytest.mark.parametrize(("a", "b", "rules"), [("medium", "easy", "classic"), ("hard", "arcade", "arcade")])
def test_same_seed_same_report(a: str, b: str, rules: str) -> None:
    first = arena.run(a=a, b=b, matches=2, rules=rules, seed=11, samples=4)
    second = arena.run(a=a, b=b, matches=2, rules=rules, seed=11, samples=4)
    assert _without_times(first) == _without_times(second)
    assert first["matches"] == 2 and 0 <= first["a_wins"] <= 2
    assert set(first["decision_ms"]) == {a, b}
    assert all(set(ms) == {"p50", "p99", "decisions"} for ms in first["decision_ms"].values())


def test_mirrored_pairs_share_their_deals() -> None:
    assert arena.deal_seed(3, 0, 1) != arena.deal_seed(3, 1, 1) != arena.deal_seed(4, 1, 1)
    report = arena.run(a="arcade", b="arcade", matches=1, seed=2)
    assert report["matches"] == 2  # rounded up to a whole pair
    assert report["a_wins"] == 1  # the same deterministic bot on both sides of the same deals


def test_openspiel_simple_bot_plays_whole_matches() -> None:
    pytest.importorskip("pyspiel")
    first = arena.run(a="medium", b=arena.OPENSPIEL_SIMPLE, matches=2, seed=5)
    assert _without_times(first) == _without_times(
        arena.run(a="medium", b=arena.OPENSPIEL_SIMPLE, matches=2, seed=5)
    )
    assert first["hands"] > 0 and 0 <= first["a_wins"] <= 2


def test_wilson_interval() -> None:
    low, high = arena.wilson_interval(60, 100)
    assert low == pytest.approx(0.5020, abs=1e-4) and high == pytest.approx(0.6906, abs=1e-4)
    assert arena.wilson_interval(0, 10)[0] == 0.0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        arena.run(a="hard", b="nobody", matches=2)
    with pytest.raises(ValueError, match="as --b"):
        arena.run(a="eaai-simple", b="hard", matches=2)
    with pytest.raises(ValueError, match="classic rules"):
        arena.run(a="hard", b="eaai-simple", matches=2, rules="arcade")
    with pytest.raises(ValueError, match="unknown rule set"):
        arena.run(a="hard", b="easy", matches=2, rules="oklahoma")
