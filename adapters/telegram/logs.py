"""Logging that never shows the bot's token.

The token is part of every Bot API URL: httpx logs each request's URL at INFO, and
python-telegram-bot logs its API URL at DEBUG. So those loggers stay above that level, and every
handler of the root logger (when the bot configures logging itself) masks the token anywhere in a
message.
"""

from __future__ import annotations

import logging
from typing import Final

MASK: Final = "<token>"
QUIET: Final = {"httpx": logging.WARNING, "httpcore": logging.WARNING, "telegram": logging.INFO}


class MaskToken(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.token:
            return True
        if self.token in record.getMessage():
            record.msg, record.args = record.getMessage().replace(self.token, MASK), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self.token in record.exc_text:
            record.exc_text = record.exc_text.replace(self.token, MASK)
        return True


def quiet_urls() -> None:
    """The loggers that write request URLs stay above the levels where they do."""
    for name, level in QUIET.items():
        logger = logging.getLogger(name)
        if logger.level < level:
            logger.setLevel(level)


def configure(level: str, token: str) -> None:
    """Logging for `cardbot telegram`: to stderr at `level`, the token masked everywhere."""
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(MaskToken(token))
    quiet_urls()
