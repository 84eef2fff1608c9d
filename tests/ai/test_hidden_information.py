"""No bot can reach hidden cards: it gets the view only, imports nothing that holds a state,
and decides the same on any two deals that look the same from its seat."""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import replace
from pathlib import Path
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.ai
from games.ai import LEVELS, choose_action
from games.rules.cards import parse_card
from games.rules.gin import ARCADE, CLASSIC, GinState, view_for
from tests.ai.positions import walk

AI_DIR = Path(games.ai.__file__).parent
HARNESS = {"arena.py", "openspiel_adapter.py"}
"""Modules that run games (they hold states, as the server does); the bots never import them."""
STATE_NAMES = {"GinState", "apply", "new_match", "replay", "view_for", "legal_actions", "HandRecord"}


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", [alias.name for alias in node.names]))
    return found


@pytest.mark.parametrize("path", sorted(AI_DIR.glob("*.py")), ids=lambda p: p.name)
def test_games_ai_imports_only_the_rules_and_the_standard_library(path: Path) -> None:
    for module, _ in _imports(path):
        top = module.split(".")[0]
        if top in sys.stdlib_module_names or module.startswith(("games.rules", "games.ai")):
            continue
        assert path.name == "openspiel_adapter.py" and top == "pyspiel", f"{path.name} imports {module}"


@pytest.mark.parametrize(
    "path", sorted(p for p in AI_DIR.glob("*.py") if p.name not in HARNESS), ids=lambda p: p.name
)
def test_bots_never_touch_a_game_state(path: Path) -> None:
    for module, names in _imports(path):
        assert not module.startswith(
            ("games.rules.gin.engine", "games.rules.gin.state", "games.rules.gin.view")
        )
        assert module not in {m for m in ("games.ai.arena", "games.ai.openspiel_adapter")}
        assert not STATE_NAMES & set(names), f"{path.name} imports {STATE_NAMES & set(names)} from {module}"


def test_the_bot_api_takes_the_view_only() -> None:
    assert list(inspect.signature(choose_action).parameters) == ["level", "view", "seed", "samples"]


def _twin(state: GinState, rng: Random) -> GinState:
    """The same position with the opponent's unseen cards and the stock reshuffled together."""
    seat, other = state.turn, 1 - state.turn
    shown = {parse_card(e["card"]) for e in state.log if "card" in e}
    hidden = [c for c in state.hands[other] if c not in shown]
    pool = hidden + list(state.stock)
    rng.shuffle(pool)
    theirs = [c for c in state.hands[other] if c in shown] + pool[: len(hidden)]
    hands = [None, None]
    hands[seat], hands[other] = state.hands[seat], tuple(theirs)
    return replace(state, hands=tuple(hands), stock=tuple(pool[len(hidden) :]), seed="00" * 16)


@settings(max_examples=5, deadline=None)
@given(arcade=st.booleans(), seed=st.integers(0, 2**32))
def test_deals_that_look_the_same_get_the_same_decisions(arcade: bool, seed: int) -> None:
    rng = Random(seed)
    for state in walk(ARCADE if arcade else CLASSIC, seed=seed, max_hands=1):
        twin = _twin(state, rng)
        view = view_for(state, state.turn)
        assert view_for(twin, twin.turn) == view
        for level in LEVELS:
            first = choose_action(level, view, seed=7, samples=4)
            assert choose_action(level, view_for(twin, twin.turn), seed=7, samples=4) == first
