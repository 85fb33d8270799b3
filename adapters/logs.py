"""Logging that never shows a secret: the process's own (the bot's token, the web links' key, the
database's password …: adapters/process_secrets.py), in every form a line can hold them
(adapters/masking.py), and the short-lived tokens some platforms put in URLs (Discord's interaction
and webhook URLs) or in logged events (a `token` field).

Every handler of the root logger (when a bot configures logging itself) masks them anywhere in a
line: a message, its arguments, a traceback, a stack. An exception nothing caught is logged too
(sys.excepthook, threading.excepthook; asyncio logs its own), so it passes the same mask instead
of going to stderr as it is. Each adapter's logs.py says where its tokens show up.

Lines are text by default; with `CARDBOT_LOG_FORMAT=json` each is one JSON object (time, level,
logger, message, any `extra` fields, the traceback as `exception`), masked the same way.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Final, Literal

from pydantic_settings import SettingsConfigDict
from pythonjsonlogger import json as jsonlogger

from adapters.masking import MASK, MIN_LENGTH, Secrets
from adapters.settings import CardbotSettings

__all__ = ["MASK", "JsonFormatter", "LogSettings", "MaskSecrets", "Secrets", "configure", "install"]

URL_TOKEN: Final = re.compile(r"(/(?:webhooks|interactions)/\d+/)[A-Za-z0-9._\-]{20,}")
FIELD_TOKEN: Final = re.compile(r"""(['"]token['"]\s*:\s*['"])[A-Za-z0-9._\-]{20,}""")  # a logged event
TEXT_FORMAT: Final = "%(asctime)s %(levelname)s %(name)s: %(message)s"

log = logging.getLogger(__name__)


class LogSettings(CardbotSettings):
    """How a bot logs (prefix CARDBOT_LOG_; read from the environment, then `.env`)."""

    model_config = SettingsConfigDict(env_prefix="CARDBOT_LOG_", extra="ignore")

    format: Literal["text", "json"] = "text"  # json: one JSON object per line, for a log collector


class MaskSecrets(logging.Filter):
    """A handler's filter that masks the record in place, before any formatter reads it: the
    message with its arguments, the traceback (formatted here when no formatter did yet) and the
    stack. A message whose arguments do not fit is kept as text rather than failing (logging's
    error report would print the arguments as they are)."""

    def __init__(self, secrets: Secrets) -> None:
        super().__init__()
        self.secrets = secrets

    def mask(self, text: str) -> str:
        text = URL_TOKEN.sub(rf"\g<1>{MASK}", text)
        text = FIELD_TOKEN.sub(rf"\g<1>{MASK}", text)
        return self.secrets.hide(text)

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit the message: shown as they are, masked
            message = f"{record.msg} {record.args!r}"
            record.msg, record.args = message, None
        masked = self.mask(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.mask(record.exc_text)
        if record.stack_info:
            record.stack_info = self.mask(record.stack_info)
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


def configure(level: str, secrets: Mapping[str, str], log_format: str | None = None) -> None:
    """Logging for a bot: to stderr at `level`, `secrets` (by the variable that sets each) and
    the platforms' short-lived tokens masked everywhere; text lines, or JSON ones with
    `log_format="json"` (None: CARDBOT_LOG_FORMAT). Uncaught exceptions are logged, masked."""
    log_format = log_format or LogSettings().format
    logging.basicConfig(level=level.upper(), format=TEXT_FORMAT)
    hidden = Secrets.of(secrets)
    masking = MaskSecrets(hidden)
    for handler in logging.getLogger().handlers:
        install(handler, masking, log_format)
    sys.excepthook = log_uncaught
    threading.excepthook = log_uncaught_in_thread
    if hidden.too_short:
        log.warning(
            "not masked in the logs, shorter than %d characters: %s (use longer secrets)",
            MIN_LENGTH,
            ", ".join(hidden.too_short),
        )


def install(handler: logging.Handler, masking: MaskSecrets, log_format: str) -> None:
    """One handler's masking: the filter, and for JSON lines the formatter that masks them too."""
    handler.addFilter(masking)
    if log_format == "json":
        handler.setFormatter(JsonFormatter(masking.mask))


def log_uncaught(kind: type[BaseException], error: BaseException, traceback: TracebackType | None) -> None:
    """sys.excepthook: the exception that stops the process, logged (so masked) instead of
    printed as it is; Ctrl-C stays the usual short line."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, traceback)
        return
    logging.getLogger("cardbot").critical("uncaught exception: the process stops", exc_info=(kind, error, traceback))


def log_uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit or args.exc_value is None:  # as threading's own hook: a thread's exit
        return
    name = args.thread.name if args.thread is not None else "?"
    logging.getLogger("cardbot").error(
        "uncaught exception in thread %s", name, exc_info=(args.exc_type, args.exc_value, args.exc_traceback)
    )
