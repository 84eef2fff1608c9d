"""The bots' timing bench: the views it times are decisions bots met, and a tree's process
times every level it has on them (a tree without a level leaves it out)."""

from pathlib import Path

from tools import bot_bench

HERE = Path(__file__).resolve().parents[2]


def test_the_views_are_decisions_of_each_kind_of_game():
    views = bot_bench.collect(count=4, seed=1)
    assert {kind: len(v) for kind, v in views.items()} == {"classic": 4, "arcade": 4, "rummy-3": 4}
    assert all(view["legal_actions"] for kind in views.values() for view in kind)
    assert {view.get("game") for view in views["rummy-3"]} == {"rummy"}
    assert bot_bench.collect(count=4, seed=1) == views  # the same views for every tree


def test_a_tree_times_each_of_its_levels_on_every_view(capsys):
    views = bot_bench.collect(count=3, seed=2)
    times = bot_bench.time_in(HERE, views)
    assert sorted(times) == sorted(
        f"{kind} {level}" for kind, levels in bot_bench.KINDS.items() for level in levels
    )
    assert all(len(seconds) == 3 and all(s >= 0 for s in seconds) for seconds in times.values())
    bot_bench.main(["--tree", str(HERE), "--views", "2", "--passes", "1"])
    assert "classic hard" in capsys.readouterr().out
