"""A language's catalog is compiled once per change of its `.po`, kept in the cache folder, and read
from there by the next process (bot/compiled_catalogs.py); what is kept never changes a word."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import compiled_catalogs
from bot.i18n import DOMAIN, catalog_path

PO = catalog_path("de").read_bytes()
MESSAGE, GERMAN = "Join", "Beitreten"  # (one the German catalog translates)


@pytest.fixture(autouse=True)
def cache_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "cardbot" / "catalogs"


def test_a_catalog_is_compiled_once_and_read_back_the_same(cache_in: Path) -> None:
    first = compiled_catalogs.translations("de", DOMAIN, PO)
    (kept,) = cache_in.glob("de-*.mo")
    assert first.gettext(MESSAGE) == GERMAN
    kept.touch()
    written = kept.stat().st_mtime_ns
    again = compiled_catalogs.translations("de", DOMAIN, PO)
    assert again._catalog == first._catalog  # type: ignore[attr-defined]
    assert kept.stat().st_mtime_ns == written  # read, not written again


def test_an_edited_catalog_is_compiled_again_and_the_older_one_dropped(cache_in: Path) -> None:
    compiled_catalogs.translations("de", DOMAIN, PO)
    (older,) = cache_in.glob("de-*.mo")
    edited = PO.replace(b'msgstr "Beitreten"', b'msgstr "Mitspielen"')
    assert edited != PO
    assert compiled_catalogs.translations("de", DOMAIN, edited).gettext(MESSAGE) == "Mitspielen"
    (newer,) = cache_in.glob("de-*.mo")
    assert newer != older


def test_a_kept_file_that_is_no_catalog_is_compiled_again(cache_in: Path) -> None:
    compiled_catalogs.translations("de", DOMAIN, PO)
    (kept,) = cache_in.glob("de-*.mo")
    kept.write_bytes(b"not a catalog")
    assert compiled_catalogs.translations("de", DOMAIN, PO).gettext(MESSAGE) == GERMAN
    assert kept.read_bytes()[:4] == b"\xde\x12\x04\x95"  # gettext's magic number: whole again


def test_a_folder_that_cannot_be_written_only_costs_time(cache_in: Path) -> None:
    cache_in.parent.write_text("a file where the folder would be")
    assert compiled_catalogs.translations("de", DOMAIN, PO).gettext(MESSAGE) == GERMAN
    assert cache_in.parent.is_file()
