"""JSON log lines (adapters/logs.py, python-json-logger) mask a logged event's token wherever it
shows: JSON escapes the double quotes FIELD_TOKEN looks for, so text is masked before encoding."""

from __future__ import annotations

import json
import logging
import sys

from adapters.logs import MASK, JsonFormatter, MaskSecrets, Secrets

TOKEN = "123456:SECRET-token-value"
EVENT_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4"  # an interaction's token in a logged event


def test_an_events_token_in_double_quotes_is_masked_in_a_traceback_and_in_extra_text():
    masking = MaskSecrets(Secrets.of({"TELEGRAM_BOT_TOKEN": TOKEN}))
    formatter = JsonFormatter(masking.mask)
    event = f'{{"type": 2, "token": "{EVENT_TOKEN}"}}'
    try:
        raise RuntimeError(f"could not answer {event}")
    except RuntimeError:
        exc_info = sys.exc_info()
    record = logging.LogRecord("cardbot.x", logging.ERROR, __file__, 1, "failed", None, exc_info)
    record.event = event  # extra=
    record.data = {"token": EVENT_TOKEN, "bot": TOKEN}  # a value that is no text: masked in the line
    masking.filter(record)
    line = formatter.format(record)
    assert EVENT_TOKEN not in line and TOKEN not in line
    logged = json.loads(line)
    assert logged["event"] == f'{{"type": 2, "token": "{MASK}"}}'
    assert f'RuntimeError: could not answer {{"type": 2, "token": "{MASK}"}}' in logged["exception"]
    assert logged["data"] == {"token": MASK, "bot": MASK}
    assert (logged["level"], logged["logger"], logged["message"]) == ("ERROR", "cardbot.x", "failed")


def test_a_json_line_keeps_text_as_written_and_shows_what_json_cannot_hold():
    record = logging.LogRecord("cardbot.x", logging.INFO, __file__, 1, "Игрок ♠ %s", ("Ann",), None)
    record.seen = {1, 2}  # not JSON: shown as text, not an error
    logged = json.loads(line := JsonFormatter().format(record))
    assert "Игрок ♠ Ann" in line  # not \\u-escaped: a log reader reads it as is
    assert logged["message"] == "Игрок ♠ Ann" and logged["seen"] == "{1, 2}"
