"""Files a process keeps for the next one, which reads them instead of making them again.

What is kept is derived (a compiled catalog, a deck's palette), never the only copy of anything:
each file is named by what it was made from, so a change makes another one, and a missing or
unreadable file is made again. They live in the user's cache folder (`$XDG_CACHE_HOME/cardbot`,
else `~/.cache/cardbot`), a folder for each kind. Where that cannot be written (a read-only image)
every process makes its own, as if nothing were kept: keeping only saves time."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def folder(kind: str) -> Path:
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "cardbot" / kind


def read(path: Path) -> bytes | None:
    """The kept file's bytes; None if there is none (or it cannot be read)."""
    with contextlib.suppress(OSError):
        return path.read_bytes()
    return None


def keep(path: Path, data: bytes, older: str) -> None:
    """Write `data` where the next process finds it (whole, or not at all: renamed into place), and
    remove the files of its folder named as `older` (a glob) says, but this one."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        written = path.with_name(f"{path.name}.{os.getpid()}")
        written.write_bytes(data)
        os.replace(written, path)
        for old in path.parent.glob(older):
            if old != path:
                old.unlink(missing_ok=True)
