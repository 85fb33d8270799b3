"""No log line shows a secret of the process, in any form a line can hold it (adapters/masking.py,
adapters/logs.py, adapters/process_secrets.py).

Each kind of secret (the Telegram token, the Discord token, the web links' key, the PostgreSQL
password, an OAuth client secret), each form it takes (itself, its secret part, URL-encoded three
ways, with lower-case escapes, inside a URL quoted whole), each place in a record (the message, an
argument, a traceback, a chained cause, a stack, an `extra` field, arguments that do not fit,
asyncio's report of a lost exception, an exception nothing caught, in the main thread or another)
and each line format (text, JSON): the line has the mask and no form of the secret. The secrets
come from settings objects, as a bot's start-up collects them.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from pydantic import SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from adapters.discord.settings import DiscordSettings
from adapters.logs import MASK, TEXT_FORMAT, MaskSecrets, Secrets, install, log_uncaught, log_uncaught_in_thread
from adapters.masking import MIN_LENGTH
from adapters.process_secrets import secrets_in
from adapters.settings import CardbotSettings
from adapters.sql.settings import DatabaseSettings
from adapters.telegram.settings import TelegramSettings
from adapters.web.settings import WebSettings
from tests.adapters.clean_env import no_stray_settings  # noqa: F401 (the fixture)

TELEGRAM = "7123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
DISCORD = "MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GAbCdE.x4Yz_abcdefghijklmnopqrstuvw-0123"
WEB_KEY = "w3b/signing+key=with:odd&chars"
PASSWORD = "p@ss:w0rd/with spaces%"
CLIENT_SECRET = "oauth~client_secret.4f9a8b7c6d"
DATABASE_URL = f"postgresql+psycopg://cardbot:{quote(PASSWORD, safe='')}@db.example.org/cardbot"


class OAuthSettings(CardbotSettings):
    """A setting the bot may grow (Discord's OAuth for the live table): found by its name alone."""

    model_config = SettingsConfigDict(env_prefix="OAUTH_", extra="ignore")
    client_secret: str = ""


@dataclass(frozen=True)
class Kind:
    name: str
    value: str
    part: str | None  # a part that is a secret on its own
    settings: Callable[[], BaseSettings]


KINDS = (
    Kind("telegram", TELEGRAM, TELEGRAM.partition(":")[2], lambda: TelegramSettings(bot_token=SecretStr(TELEGRAM))),
    Kind("discord", DISCORD, DISCORD.split(".")[2], lambda: DiscordSettings(bot_token=SecretStr(DISCORD))),
    Kind("web key", WEB_KEY, None, lambda: WebSettings(secret=SecretStr(WEB_KEY))),
    Kind("postgresql", PASSWORD, None, lambda: DatabaseSettings(database_url=DATABASE_URL)),
    Kind("oauth", CLIENT_SECRET, None, lambda: OAuthSettings(client_secret=CLIENT_SECRET)),
)


def lower_escapes(text: str) -> str:
    return re.sub(r"%[0-9A-F]{2}", lambda m: m.group().lower(), text)


FORMS: dict[str, Callable[[str], str]] = {
    "plain": lambda s: s,
    "quote": quote,
    "quote_plus": quote_plus,
    "quote safe=''": lambda s: quote(s, safe=""),
    "lower-case escapes": lambda s: lower_escapes(quote(s, safe="")),
    "in a URL quoted whole": lambda s: quote(f"https://api.example.org/bot{s}/getMe?offset=1", safe=""),
}


def shown(kind: Kind) -> set[str]:
    """What must not appear: the secret and its part, each in every form."""
    return {form(s) for s in (kind.value, kind.part) if s for form in FORMS.values()}


def traceback(log: logging.Logger, text: str) -> None:
    try:
        raise RuntimeError(f"GET {text} failed")
    except RuntimeError:
        log.exception("request failed")


def chained(log: logging.Logger, text: str) -> None:
    try:
        try:
            raise ValueError(f"bad URL {text}")
        except ValueError as e:
            raise RuntimeError("could not connect") from e
    except RuntimeError:
        log.exception("start-up failed")


def stack(log: logging.Logger, text: str) -> None:
    sinfo = f'Stack (most recent call last):\n  File "x.py", line 1, in <module>\n    connect("{text}")'
    log.handle(log.makeRecord(log.name, logging.WARNING, "x.py", 1, "connecting", None, None, sinfo=sinfo))


def lost_in_asyncio(log: logging.Logger, text: str) -> None:
    loop = asyncio.new_event_loop()  # its default handler logs to the `asyncio` logger
    try:
        loop.call_exception_handler({"message": "Task exception was never retrieved", "exception": OSError(text)})
    finally:
        loop.close()


def uncaught(log: logging.Logger, text: str) -> None:
    try:
        raise RuntimeError(f"cannot reach {text}")
    except RuntimeError as e:
        log_uncaught(type(e), e, e.__traceback__)  # the sys.excepthook configure() installs


def uncaught_in_a_thread(log: logging.Logger, text: str) -> None:
    def fail() -> None:
        raise RuntimeError(f"cannot reach {text}")

    previous, threading.excepthook = threading.excepthook, log_uncaught_in_thread  # as configure() does
    try:
        thread = threading.Thread(target=fail, name="worker")
        thread.start()
        thread.join()
    finally:
        threading.excepthook = previous


PLACES: dict[str, Callable[[logging.Logger, str], None]] = {
    "message": lambda log, text: log.warning(f"calling {text}"),
    "argument": lambda log, text: log.warning("calling %s", text),
    "argument repr": lambda log, text: log.warning("sent %r", {"url": text}),
    "traceback": traceback,
    "chained from": chained,
    "stack": stack,
    "extra": lambda log, text: log.warning("calling", extra={"url": text}),
    "arguments that do not fit": lambda log, text: log.warning("calling %s with %s", text),
    "asyncio": lost_in_asyncio,
    "uncaught": uncaught,
    "uncaught in a thread": uncaught_in_a_thread,
}


def cases() -> Iterator[object]:
    for kind in KINDS:
        for which, secret in (("secret", kind.value), ("part", kind.part)):
            if secret is None:
                continue
            for form_name, form in FORMS.items():
                for place_name, place in PLACES.items():
                    for log_format in ("text", "json"):
                        if place_name == "extra" and log_format == "text":
                            continue  # a text line shows no extra fields
                        case_id = f"{kind.name}-{which}-{form_name}-{place_name}-{log_format}"
                        yield pytest.param(kind, form(secret), place, log_format, id=case_id)


@pytest.fixture(scope="module")
def masking() -> MaskSecrets:
    return MaskSecrets(Secrets.of(secrets_in(*(kind.settings() for kind in KINDS))))


@contextlib.contextmanager
def only_to(handler: logging.Handler, *names: str) -> Iterator[None]:
    loggers = [logging.getLogger(name) for name in names]
    saved = [(logger.level, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    try:
        yield
    finally:
        for logger, (level, propagate) in zip(loggers, saved, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(level)
            logger.propagate = propagate


@pytest.mark.parametrize(("kind", "text", "place", "log_format"), list(cases()))
def test_no_form_of_a_secret_reaches_a_line(
    kind: Kind,
    text: str,
    place: Callable[[logging.Logger, str], None],
    log_format: str,
    masking: MaskSecrets,
    capsys: pytest.CaptureFixture[str],
):
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    install(handler, masking, log_format)  # as configure() does to each of the root's handlers
    with only_to(handler, "tests.masking", "asyncio", "cardbot"):  # not to pytest's handlers, which raise on an error
        place(logging.getLogger("tests.masking"), text)
    written = out.getvalue() + capsys.readouterr().err  # logging reports its own errors on stderr
    assert MASK in out.getvalue()
    assert not [form for form in shown(kind) if form in written]


def test_the_settings_give_every_secret_by_its_variable():
    found = secrets_in(*(kind.settings() for kind in KINDS))
    assert found == {
        "TELEGRAM_BOT_TOKEN": TELEGRAM,
        "DISCORD_BOT_TOKEN": DISCORD,
        "CARDBOT_WEB_SECRET": WEB_KEY,
        "DATABASE_URL (its password)": PASSWORD,
        "OAUTH_CLIENT_SECRET": CLIENT_SECRET,
    }


def test_a_short_secret_is_named_not_masked_and_a_masked_line_keeps_its_words():
    secrets = Secrets.of({"TELEGRAM_WEBHOOK_SECRET": "x" * (MIN_LENGTH - 1), "TELEGRAM_BOT_TOKEN": TELEGRAM})
    assert secrets.too_short == ("TELEGRAM_WEBHOOK_SECRET",)
    assert secrets.hide("xxxxxxx sent to 7123456789") == "xxxxxxx sent to 7123456789"  # the bot's id is public
    assert secrets.hide(f"GET /bot{quote(TELEGRAM, safe='')}/getMe") == f"GET /bot{MASK}/getMe"


MAIN = """
import logging, sys
from urllib.parse import quote
from adapters import bot_start
from adapters.{platform} import main

def open_store(**kwargs):  # the database's place in start-up (adapters/bot_start.py), after logging is configured
    log = logging.getLogger("cardbot.test")
    for value in sys.argv[1:]:
        log.warning("%s then %s", value, quote(value, safe=""))
    raise RuntimeError("cannot reach " + quote("https://x.example.org/?k=" + sys.argv[1], safe=""))

bot_start.open_store = open_store
sys.exit(main.main("INFO"))
"""


@pytest.mark.slow  # a bot process of its own, each
@pytest.mark.parametrize(  # each platform in one format: both formats are masked alike above
    ("platform", "token", "log_format"),
    [("telegram", TELEGRAM, "text"), ("discord", DISCORD, "json")],
    ids=["telegram-text", "discord-json"],
)
def test_a_bots_start_up_masks_its_secrets_and_what_nothing_caught(
    platform: str, token: str, log_format: str, tmp_path: Path
):
    """`cardbot telegram|discord` as run: the secrets from the environment, the uncaught exception
    logged through the mask, and a short secret named in one warning."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CARDBOT_", "TELEGRAM_", "DISCORD_"))}
    env |= {
        f"{platform.upper()}_BOT_TOKEN": token,
        "TELEGRAM_WEBHOOK_SECRET": "short",
        "CARDBOT_WEB_SECRET": WEB_KEY,
        "DATABASE_URL": DATABASE_URL,
        "CARDBOT_LOG_FORMAT": log_format,
        "CARDBOT_ENV_FILE": str(tmp_path / "none.env"),
    }
    secrets = [token, WEB_KEY, PASSWORD]
    run = subprocess.run(
        [sys.executable, "-c", MAIN.format(platform=platform), *secrets],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    assert "uncaught exception" in run.stderr and "RuntimeError: cannot reach" in run.stderr
    assert run.stderr.count(MASK) >= 2 * len(secrets) + 1
    leaked = [s for s in secrets for form in FORMS.values() if form(s) in run.stderr]
    assert not leaked, run.stderr
    short = "TELEGRAM_WEBHOOK_SECRET" in run.stderr
    assert short == (platform == "telegram")  # only the Telegram bot holds that secret
