"""The compiled build (core/compiled.py, `make compiled`) plays every seeded game exactly as the
pure-Python core does, and a build that does not match the sources is refused, never used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import core
from core.compiled import DEFAULT_BUILD, ENV, HOT, MANIFEST, fingerprint, load_build, requested
from tests.core.digests import GAMES_DIGESTED, GAMES_EACH
from tests.core.test_digests import GOLDEN

ROOT = Path(__file__).resolve().parents[2]


def test_only_the_variable_asks_for_the_compiled_build(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for unset in (None, "", "0"):
        if unset is None:
            monkeypatch.delenv(ENV, raising=False)
        else:
            monkeypatch.setenv(ENV, unset)
        assert requested() is None
    monkeypatch.setenv(ENV, "1")
    assert requested() == DEFAULT_BUILD
    monkeypatch.setenv(ENV, str(tmp_path))
    assert requested() == tmp_path


@pytest.mark.skipif(bool(os.environ.get(ENV)), reason=f"{ENV} is set for this run")
def test_the_suite_plays_on_the_pure_core() -> None:
    assert core.COMPILED is False
    assert all(Path(m.__file__ or "").suffix == ".py" for name, m in sys.modules.items() if name in HOT)


def test_no_build_is_an_import_error_that_says_how_to_make_one(tmp_path: Path) -> None:
    with pytest.raises(ImportError, match="make compiled"):
        load_build(tmp_path)


def test_a_build_from_other_sources_is_refused(tmp_path: Path) -> None:
    sources = fingerprint(HOT)
    sources["core.games.svolota.rules"] = "0" * 64  # as if rules.py had been edited since
    (tmp_path / MANIFEST).write_text(json.dumps({"modules": {}, "sources": sources}))
    with pytest.raises(ImportError, match=r"older than the sources of core\.games\.svolota\.rules"):
        load_build(tmp_path)


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build `make compiled` made, if it matches the sources; else one made here, at -O0 (what
    mypyc generates is under test, not the C compiler's optimiser: 4.7 s of CPU instead of 11.9)."""
    try:
        load_build(DEFAULT_BUILD)
    except ImportError:
        folder = tmp_path_factory.mktemp("compiled") / "build"
        command = [sys.executable, "-m", "tests.core.compiled_build", str(folder), "--opt-level", "0"]
        subprocess.run(command, cwd=ROOT, check=True)
        return folder
    return DEFAULT_BUILD


@pytest.mark.slow
def test_compiled_engine_plays_every_seeded_game_as_the_pure_one(build: Path) -> None:
    """300 games of each: the digests the pure core gave at main 047d82c (test_digests.GOLDEN; the
    fast tier checks the pure core against them), here through the compiled build."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.core.digests"],
        cwd=ROOT,
        env={**os.environ, ENV: str(build)},
        capture_output=True,
        text=True,
        check=True,
    )
    reply = json.loads(done.stdout)
    assert reply["compiled"] is True
    assert reply["digests"] == {gid: GOLDEN[gid, GAMES_EACH] for gid in GAMES_DIGESTED}


EVENTS_CHECK = """
import copy, inspect, json, pickle
import core.games.racing_demon.events as demon
import core.games.speed.events as speed
from core.cards import parse_card
import core.games.svolota.events as svolota
from core.events import Event
made_by_python = sorted(
    name for name, c in vars(svolota).items()
    if isinstance(c, type) and issubclass(c, Event) and c is not Event and inspect.isfunction(c.__init__)
)
print(json.dumps({
    "compiled": svolota.__file__.endswith(".so"),
    "made_by_python": made_by_python,
    "speed_has_dict": hasattr(speed.Filled("ann", 1, None), "__dict__"),
    "copied": [
        pickle.loads(pickle.dumps(e)) == e == copy.deepcopy(e) != other
        for e, other in (
            (svolota.Drew("ann", 2), svolota.Drew("ann", 3)),
            (svolota.DirectionChanged(False), svolota.DirectionChanged(True)),
            (speed.Filled("ann", 1, parse_card("8H")), speed.Filled("ann", 1, parse_card("8D"))),
            (demon.Turned("ann", 3, parse_card("KS")), demon.Turned("ann", 3, parse_card("QS"))),
        )
    ],
}))
"""


@pytest.mark.slow
def test_compiled_svolota_events_are_made_without_the_interpreter_and_other_games_still_subclass_event(
    build: Path,
) -> None:
    """A move makes one or two events: a dataclass's generated `__init__`, Python even in a compiled
    class, cost a fifth of a compiled decision (core/games/svolota/events.py). They still pickle and
    copy as the pure ones do."""
    done = subprocess.run(
        [sys.executable, "-c", EVENTS_CHECK],
        cwd=ROOT,
        env={**os.environ, ENV: str(build)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(done.stdout) == {
        "compiled": True,
        "made_by_python": [],
        "speed_has_dict": False,
        "copied": [True, True, True, True],
    }
