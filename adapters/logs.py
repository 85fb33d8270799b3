"""Logging that never shows a secret: the bot's token, and the short-lived tokens some platforms
put in URLs (Discord's interaction and webhook URLs) or in logged events (a `token` field).

Every handler of the root logger (when a bot configures logging itself) masks them anywhere in a
line: a message, its arguments, a traceback. Each adapter's logs.py says where its tokens show up.

Lines are text by default; with `CARDBOT_LOG_FORMAT=json` each is one JSON object (time, level,
logger, message, any `extra` fields, the traceback as `exception`), masked the same way.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic_settings import SettingsConfigDict
from pythonjsonlogger import json as jsonlogger

from adapters.settings import CardbotSettings

MASK: Final = "<token>"
URL_TOKEN: Final = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9._\-]{20,}")
FIELD_TOKEN: Final = re.compile(r"""(['"]token['"]\s*:\s*['"])[A-Za-z0-9._\-]{20,}""")  # a logged event
TEXT_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class LogSettings(CardbotSettings):
    """How a bot logs (prefix CARDBOT_LOG_; read from the environment, then `.env`)."""

    model_config = SettingsConfigDict(env_prefix="CARDBOT_LOG_", extra="ignore")

    format: Literal["text", "json"] = "text"  # json: one JSON object per line, for a log collector


class MaskToken(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def mask(self, text: str) -> str:
        if self.token:
            text = text.replace(self.token, MASK)
        text = URL_TOKEN.sub(rf"\g<1>{MASK}", text)
        return FIELD_TOKEN.sub(rf"\g<1>{MASK}", text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        masked = self.mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        return True


class JsonFormatter(jsonlogger.JsonFormatter):
    """One JSON object per record (python-json-logger): time (UTC, ISO 8601 to the millisecond),
    level, logger, message, the record's `extra` fields, and `exception`/`stack` when there is
    one. Each text field passes `mask` before it is encoded (JSON escapes the quotes FIELD_TOKEN
    looks for), and the whole line after (a token in any other value)."""

    def __init__(self, mask: Callable[[str], str] = lambda text: text) -> None:
        super().__init__(
            ["asctime", "levelname", "name", "message"],
            rename_fields={
                "asctime": "time",
                "levelname": "level",
                "name": "logger",
                "exc_info": "exception",
                "stack_info": "stack",
            },
            json_ensure_ascii=False,
        )
        self._masked = mask

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        return {key: self._masked(value) if isinstance(value, str) else value for key, value in log_data.items()}

    def serialize_log_record(self, log_data: dict[str, Any]) -> str:
        return self._masked(super().serialize_log_record(log_data))


def configure(level: str, token: str, log_format: str | None = None) -> None:
    """Logging for a bot: to stderr at `level`, tokens masked everywhere; text lines, or JSON ones
    with `log_format="json"` (None: CARDBOT_LOG_FORMAT)."""
    log_format = log_format or LogSettings().format
    logging.basicConfig(level=level.upper(), format=TEXT_FORMAT)
    masking = MaskToken(token)
    for handler in logging.getLogger().handlers:
        handler.addFilter(masking)
        if log_format == "json":
            handler.setFormatter(JsonFormatter(masking.mask))
