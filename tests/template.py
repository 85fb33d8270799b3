"""The template as `make i18n` would extract it now (bot/i18n_catalogs.py `extract`), once per state
of the sources rather than once per test process: pybabel reads every module of core/, bot/ and
adapters/ (~1 s of CPU), and three or five test workers each asked for it. The first to ask writes
it to the temp folder under a digest of everything the extraction reads; the others, and later
runs on the same sources, read that file."""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

import babel
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot import i18n_catalogs

ROOT = Path(__file__).resolve().parents[1]
INPUTS = ("pyproject.toml", "bot/**/*.py", "core/**/*.py", "adapters/**/*.py")  # pyproject's [tool.babel]


@cache
def template() -> Catalog:
    digest = hashlib.sha256(babel.__version__.encode())
    for path in sorted(p for pattern in INPUTS for p in ROOT.glob(pattern)):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    kept = Path(tempfile.gettempdir()) / f"cardbot-pot-{digest.hexdigest()[:24]}.pot"
    if kept.exists():
        return i18n_catalogs.read(kept)
    catalog = i18n_catalogs.extract()
    fd, name = tempfile.mkstemp(dir=kept.parent, suffix=".pot")
    with os.fdopen(fd, "wb") as out:
        write_po(out, catalog, width=100)
    os.replace(name, kept)  # whole or not at all: a worker reading it meanwhile sees no half file
    return i18n_catalogs.read(kept)
