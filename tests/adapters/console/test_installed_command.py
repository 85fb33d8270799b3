"""The installed `cardbot` command, run as a user would, with its input piped."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CARDBOT = Path(sys.executable).parent / "cardbot"

pytestmark = [
    pytest.mark.slow,  # the installed command, run as a process of its own
    pytest.mark.skipif(not CARDBOT.exists(), reason="cardbot is not installed in this environment"),
]


def _run(*args: str, stdin: str, lang: str = "C.UTF-8") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang}
    return subprocess.run(
        [str(CARDBOT), *args], input=stdin, capture_output=True, text=True, encoding="utf-8", env=env, timeout=60
    )


def test_a_piped_game_runs_to_the_end():
    done = _run("play", "svolota", "--seed", "1", stdin="1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert "🏁 Svolota is over." in done.stdout
    assert done.stderr == ""


def test_end_of_input_exits_0():
    done = _run("play", "svolota", "--seed", "1", stdin="")
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip().endswith("End of input. Bye.")


def test_a_piped_speed_game_runs_to_the_end():
    done = _run("play", "speed", "--seed", "1", stdin="1\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert "🏁 Speed is over." in done.stdout


def test_the_language_follows_LANG():
    done = _run("play", "svolota", "--seed", "1", stdin="xyz\n", lang="ru_RU.UTF-8")
    assert done.returncode == 0, done.stderr
    assert "Сволота" in done.stdout
    assert "✗ 'xyz' — не карта" in done.stdout


def test_a_reader_that_goes_away_ends_it_quietly(tmp_path):
    err = tmp_path / "err"
    script = f'yes 1 | head -3000 | "{CARDBOT}" play --seed 1 2>"{err}" | head -1 >/dev/null; echo ${{PIPESTATUS[2]}}'
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "0"
    assert err.read_text() == ""
