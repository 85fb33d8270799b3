"""What the pictures' fonts need from the machine: Debian's fonts-noto-cjk and
fonts-noto-color-emoji, and the libfribidi0 that Raqm (inside Pillow's wheel) loads. Without one,
the tests that draw with it skip, except where they are required: CI (.ci/run installs them and
sets CARDBOT_REQUIRE_FONTS), where they fail."""

from __future__ import annotations

import os

import pytest

from adapters.pictures import faces

REQUIRED = bool(os.environ.get("CARDBOT_REQUIRE_FONTS") or os.environ.get("CI", "").lower() in ("1", "true", "yes"))


def need(what: str | None) -> None:
    """Skip without Raqm or a system font, except where they are required (CI)."""
    present = {
        "raqm": faces.RAQM,
        "cjk": faces.cjk(True, "SC").path.exists(),
        "emoji": faces.emoji().path.exists() and faces.RAQM,
        None: True,
    }[what]
    if not present:
        reason = f"no {what} on this machine (Debian: libfribidi0, fonts-noto-cjk, fonts-noto-color-emoji)"
        if REQUIRED:
            pytest.fail(reason + "; CI installs them")
        pytest.skip(reason)


def need_all() -> None:
    """The samples (samples.py) hold every script: their pictures need it all."""
    for what in ("raqm", "cjk", "emoji"):
        need(what)
