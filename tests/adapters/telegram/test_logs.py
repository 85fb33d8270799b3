"""`cardbot telegram` logs never show the token: URL-writing loggers stay quiet, and every line
that still carries it (a message, its arguments, a traceback) is masked."""

from __future__ import annotations

import io
import logging

from adapters.telegram.logs import MASK, MaskSecrets, Secrets, quiet_urls

TOKEN = "123456:SECRET-token-value"


def test_the_token_is_masked_in_messages_arguments_and_tracebacks():
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(MaskSecrets(Secrets.of({"TELEGRAM_BOT_TOKEN": TOKEN})))
    logger = logging.getLogger("tests.telegram.mask")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        logger.warning("calling https://api.telegram.org/bot%s/getMe", TOKEN)
        logger.warning(f"plain {TOKEN}")
        try:
            raise RuntimeError(f"failed at /bot{TOKEN}/sendMessage")
        except RuntimeError:
            logger.exception("oops")
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    assert TOKEN not in text
    assert text.count(MASK) == 3


def test_the_loggers_that_write_urls_stay_above_debug():
    quiet_urls()
    assert logging.getLogger("httpx").getEffectiveLevel() >= logging.WARNING
    assert logging.getLogger("telegram.Bot").getEffectiveLevel() >= logging.INFO
