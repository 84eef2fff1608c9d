"""Which interpreter `scripts/common.sh` makes `.venv` on, and when it makes it again. Debian's
own Python 3.11 costs the servers less CPU an action than a default build from source
(docs/benchmarks.md, session 44); a `.venv` on the wrong interpreter is made again, and one on
the right interpreter must not be, or every command would reinstall every package."""

import subprocess
from pathlib import Path

import pytest

COMMON = Path(__file__).resolve().parents[2] / "scripts" / "common.sh"
DEBIAN = Path("/usr/bin/python3.11")

needs_debian_python = pytest.mark.skipif(not DEBIAN.exists(), reason="no /usr/bin/python3.11 here")


def common(call: str, *, cwd: Path, path: str | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": path} if path else None
    return subprocess.run(
        ["bash", "-c", f'source "{COMMON}" && {call}'], cwd=cwd, env=env, capture_output=True, text=True
    )


def make_venv(folder: Path, python: str | Path) -> None:
    subprocess.run([python, "-m", "venv", "--without-pip", folder / ".venv"], check=True)


def fake_python(folder: Path, prints: str) -> Path:
    """A `python3.11` that answers every `-c` with one path, as another interpreter would."""
    folder.mkdir()
    fake = folder / "python3.11"
    fake.write_text(f"#!/bin/sh\necho {prints}\n")
    fake.chmod(0o755)
    return fake


@needs_debian_python
def test_a_new_venv_is_made_on_debians_python_even_with_another_first_on_the_path(tmp_path):
    other = fake_python(tmp_path / "pyenv-shims", "/opt/other/bin/python3.11")
    chosen = common("venv_python", cwd=tmp_path, path=f"{other.parent}:/usr/bin:/bin")
    assert chosen.stdout.strip() == str(DEBIAN)


@needs_debian_python
@pytest.mark.parametrize("name", ["python3.11", "python3"])
def test_a_venv_made_through_a_symlink_is_on_the_same_interpreter(tmp_path, name):
    if not (Path("/usr/bin") / name).exists():
        pytest.skip(f"no /usr/bin/{name}")
    make_venv(tmp_path, f"/usr/bin/{name}")
    for python in (f"/usr/bin/{name}", str(DEBIAN)):
        assert common(f'venv_made_on "{python}"', cwd=tmp_path).returncode == 0, python


@needs_debian_python
def test_a_venv_on_another_interpreter_or_none_is_made_again(tmp_path):
    other = fake_python(tmp_path / "other", "/opt/other/bin/python3.11")
    assert common(f'venv_made_on "{DEBIAN}"', cwd=tmp_path).returncode != 0  # no .venv yet
    make_venv(tmp_path, DEBIAN)
    assert common(f'venv_made_on "{other}"', cwd=tmp_path).returncode != 0
    assert common(f'venv_made_on "{DEBIAN}"', cwd=tmp_path).returncode == 0
