"""A catalog compiled once per change of its `.po` file, not in every process that starts.

Reading a `.po` with Babel and compiling it costs far more than reading the compiled form, for the
fifteen catalogs a bot's start-up loads (its menus are set in every language), in every process —
each bot restart, each test worker and each bot process the tests start. The compiled catalog (`.mo`) is
kept in the user's cache folder (bot/kept_files.py: `$XDG_CACHE_HOME/cardbot/catalogs`, else
`~/.cache/...`), named by its language and the hash of the `.po` it came from, so an edited catalog
is compiled again and the one before it removed. Where the folder cannot be written (a read-only
image) or a kept file cannot be read, the catalog is compiled in memory as before: the cache only
saves time."""

from __future__ import annotations

import contextlib
import gettext
import hashlib
import io
import struct

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot import kept_files


def translations(lang: str, domain: str, po: bytes) -> gettext.GNUTranslations:
    """The translations of `po` (the `.po` file's bytes) for `lang`."""
    path = kept_files.folder("catalogs") / f"{lang}-{hashlib.sha256(po).hexdigest()[:20]}.mo"
    kept = kept_files.read(path)
    if kept is not None:
        with contextlib.suppress(OSError, ValueError, IndexError, struct.error):  # not a whole catalog
            return gettext.GNUTranslations(io.BytesIO(kept))
    mo = io.BytesIO()
    write_mo(mo, read_po(io.BytesIO(po), locale=lang, domain=domain), use_fuzzy=False)
    kept_files.keep(path, mo.getvalue(), older=f"{lang}-*.mo")
    return gettext.GNUTranslations(io.BytesIO(mo.getvalue()))
