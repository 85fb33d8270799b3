"""Settings tests start from nothing: no variable of the machine's environment, no `.env` where the
tests run (import `no_stray_settings` into a test module: pytest uses it there)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from adapters.settings import ENV_FILE_VARIABLE, VARIABLE_PREFIXES

TOKEN = "123456:AAH-the-secret-token_xyz"


@pytest.fixture(autouse=True)
def no_stray_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in os.environ:
        if name.startswith(VARIABLE_PREFIXES):
            monkeypatch.delenv(name)
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(tmp_path / "none.env"))
