"""The optional compiled build of the core's hot modules (mypyc), and how it is switched on.

The pure-Python package is the default and always works. `make compiled` builds the modules in
`HOT` with mypyc into `build/compiled/`, away from the sources, with a manifest of each source's
SHA-256 (`tests/core/compiled_build.py`: a dev tool, as mypyc is a dev dependency). Only when
`CARDBOT_COMPILED` is set (`1` for that folder, or the path of another build) does `install` put a
finder in front of the import system that loads those modules from the build; every other module
stays Python.

A build made from other sources than the ones here is refused with an ImportError, not used: the
compiled modules call each other directly, so one stale module would silently shadow an edit.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

ENV: Final = "CARDBOT_COMPILED"
ROOT: Final = Path(__file__).resolve().parent.parent  # the folder that holds the core package
DEFAULT_BUILD: Final = ROOT / "build" / "compiled"
MANIFEST: Final = "manifest.json"

# What a Svolota decision runs through (bench.engine's profiles): the cards, its rules, position,
# hand, plays, moves, events and view, and the events' base (core.events.Event, which the other
# games' events, Python dataclasses, subclass: it allows them, `mypyc_attr`).
HOT: Final = (
    "core.cards",
    "core.events",
    "core.games.svolota.events",
    "core.games.svolota.game",
    "core.games.svolota.hand",
    "core.games.svolota.moves",
    "core.games.svolota.plays",
    "core.games.svolota.rules",
    "core.games.svolota.state",
    "core.games.svolota.view",
)


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint(modules: Sequence[str]) -> dict[str, str]:
    """Each module's source SHA-256, as the manifest records it."""
    return {m: hashlib.sha256(source_of(m).read_bytes()).hexdigest() for m in modules}


class CompiledFinder:
    """Finds the modules of one build (a compiled module's name -> its extension file)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(name, str(file))
        return importlib.machinery.ModuleSpec(name, loader, origin=str(file))


def requested() -> Path | None:
    """The build `CARDBOT_COMPILED` asks for, or None (unset, empty or 0: pure Python)."""
    value = os.environ.get(ENV, "").strip()
    if value in ("", "0"):
        return None
    return DEFAULT_BUILD if value == "1" else Path(value)


def load_build(build: Path) -> CompiledFinder:
    """The finder of a build made from the sources here; ImportError if it is missing or stale."""
    try:
        manifest = json.loads((build / MANIFEST).read_text())
    except (OSError, ValueError) as e:
        raise ImportError(f"{ENV} is set but {build} holds no compiled build (make compiled): {e}") from None
    sources: dict[str, str] = manifest["sources"]
    stale = sorted(m for m, digest in fingerprint(list(sources)).items() if sources[m] != digest)
    if stale:
        raise ImportError(
            f"the compiled build in {build} is older than the sources of {', '.join(stale)}:"
            f" run make compiled again, or unset {ENV}"
        )
    files = {name: build / file for name, file in manifest["modules"].items()}
    missing = [str(f) for f in files.values() if not f.exists()]
    if missing:
        raise ImportError(f"the compiled build in {build} lacks {', '.join(missing)}: run make compiled again")
    return CompiledFinder(files)


def install() -> bool:
    """Put the requested build's finder first (once); whether compiled modules will be loaded."""
    if any(isinstance(f, CompiledFinder) for f in sys.meta_path):
        return True
    build = requested()
    if build is None:
        return False
    sys.meta_path.insert(0, load_build(build))
    return True
