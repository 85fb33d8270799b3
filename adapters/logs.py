"""Logging that never shows a secret: the bot's token, and the short-lived tokens some platforms
put in URLs (Discord's interaction and webhook URLs) or in logged events (a `token` field).

Every handler of the root logger (when a bot configures logging itself) masks them anywhere in a
line: a message, its arguments, a traceback. Each adapter's logs.py says where its tokens show up.
"""

from __future__ import annotations

import logging
import re
from typing import Final

MASK: Final = "<token>"
URL_TOKEN: Final = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9._\-]{20,}")
FIELD_TOKEN: Final = re.compile(r"""(['"]token['"]\s*:\s*['"])[A-Za-z0-9._\-]{20,}""")  # a logged event


class MaskToken(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def _mask(self, text: str) -> str:
        if self.token:
            text = text.replace(self.token, MASK)
        text = URL_TOKEN.sub(rf"\g<1>{MASK}", text)
        return FIELD_TOKEN.sub(rf"\g<1>{MASK}", text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = self._mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._mask(record.exc_text)
        return True


def configure(level: str, token: str) -> None:
    """Logging for a bot: to stderr at `level`, tokens masked everywhere."""
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(MaskToken(token))
