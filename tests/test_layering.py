"""The layering contract (pyproject.toml, `lint-imports`) holds, and it catches an import that
runs upward: each planted line below breaks the tree's layering in a copy of the project."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tools.servers import ROOT

PACKAGES = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["root_packages"]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_tree_keeps_its_layering() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "line", "edge"),
    [
        ("games/rules/cards.py", "import django", "games.rules.cards -> django"),
        ("games/rules/shuffle.py", "import time", "games.rules.shuffle -> time"),
        ("games/rules/melds.py", "from games import models", "games.rules.melds -> games.models"),
        ("games/ai/easy.py", "from games import services", "games.ai.easy -> games.services"),
        (
            "games/ai/rummy/policy.py",
            "from games.rules.rummy.state import RummyState",
            "games.ai.rummy.policy -> games.rules.rummy.state",
        ),
        ("games/ai/medium.py", "from games.rules.gin import view_for", "games.ai.medium -> games.rules.gin"),
        ("games/models.py", "import daily.models", "games.models -> daily.models"),
        ("leaderboard/models.py", "import tools.arena", "leaderboard.models -> tools.arena"),
        ("moderation/audit.py", "import daily.models", "moderation.audit -> daily.models"),
        ("leaderboard/models.py", "import moderation.audit", "leaderboard.models -> moderation.audit"),
    ],
)
def test_an_upward_import_breaks_the_contract(tmp_path: Path, module: str, line: str, edge: str) -> None:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    planted = tmp_path / module
    planted.write_text(f"{line}  # planted\n{planted.read_text()}")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(rf"-\s+{re.escape(edge)} \(l\.1\)", result.stdout), result.stdout
