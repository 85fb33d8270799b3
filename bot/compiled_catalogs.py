"""A catalog compiled once per change of its `.po` file, not in every process that starts.

Reading a `.po` with Babel and compiling it costs far more than reading the compiled form, for the
fifteen catalogs a bot's start-up loads (its menus are set in every language), in every process —
each bot restart, each test worker and each bot process the tests start. The compiled catalog (`.mo`) is
kept in the user's cache folder (`$XDG_CACHE_HOME/cardbot/catalogs`, else `~/.cache/...`), named
by its language and the hash of the `.po` it came from, so an edited catalog is compiled again and
the one before it removed. Where the folder cannot be written (a read-only image) or a kept file
cannot be read, the catalog is compiled in memory as before: the cache only saves time."""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import io
import os
import struct
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po


def folder() -> Path:
    home = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(home) / "cardbot" / "catalogs"


def translations(lang: str, domain: str, po: bytes) -> gettext.GNUTranslations:
    """The translations of `po` (the `.po` file's bytes) for `lang`."""
    path = folder() / f"{lang}-{hashlib.sha256(po).hexdigest()[:20]}.mo"
    with contextlib.suppress(OSError, ValueError, IndexError, struct.error):  # missing, or not a whole catalog
        return gettext.GNUTranslations(io.BytesIO(path.read_bytes()))
    mo = io.BytesIO()
    write_mo(mo, read_po(io.BytesIO(po), locale=lang, domain=domain), use_fuzzy=False)
    _keep(path, mo.getvalue())
    return gettext.GNUTranslations(io.BytesIO(mo.getvalue()))


def _keep(path: Path, mo: bytes) -> None:
    """Write the compiled catalog where the next process finds it (whole, or not at: renamed into
    place), and drop the language's older ones."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        written = path.with_name(f"{path.name}.{os.getpid()}")
        written.write_bytes(mo)
        os.replace(written, path)
        lang = path.name.rsplit("-", 1)[0]
        for older in path.parent.glob(f"{lang}-*.mo"):
            if older != path:
                older.unlink(missing_ok=True)
