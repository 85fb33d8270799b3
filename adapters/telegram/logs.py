"""Logging that never shows the bot's secrets (adapters/logs.py).

The token is part of every Bot API URL: httpx logs each request's URL at INFO, and
python-telegram-bot logs its API URL at DEBUG. So those loggers stay above that level, and every
handler of the root logger (when the bot configures logging itself) masks the token, its secret
half after ':' and their URL-encoded forms anywhere in a line.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Final

from adapters import logs
from adapters.logs import MASK, MaskSecrets, Secrets

__all__ = ["MASK", "QUIET", "MaskSecrets", "Secrets", "configure", "quiet_urls"]

QUIET: Final = {"httpx": logging.WARNING, "httpcore": logging.WARNING, "telegram": logging.INFO}


def quiet_urls() -> None:
    """The loggers that write request URLs stay above the levels where they do."""
    for name, level in QUIET.items():
        logger = logging.getLogger(name)
        if logger.level < level:
            logger.setLevel(level)


def configure(level: str, secrets: Mapping[str, str]) -> None:
    """Logging for `cardbot telegram`: to stderr at `level`, the secrets masked everywhere."""
    logs.configure(level, secrets)
    quiet_urls()
