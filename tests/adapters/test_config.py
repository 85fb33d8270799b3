"""Settings come from the environment and from a `.env` file (the environment wins), `.env.example`
lists exactly the variables of every settings class with their defaults, and JSON logs are one
object a line with the token masked."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from pydantic_settings import BaseSettings

from adapters.cli import SETTINGS, variable
from adapters.logs import JsonFormatter, LogSettings, MaskSecrets, Secrets
from adapters.settings import ENV_FILE_VARIABLE, VARIABLE_PREFIXES, CardbotSettings, PlatformSettings
from adapters.sql.settings import DatabaseSettings
from adapters.telegram.settings import TelegramSettings
from tests.adapters.clean_env import TOKEN, no_stray_settings  # noqa: F401 (the fixture)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / ".env.example"
LINE = re.compile(r"^#? ?([A-Z][A-Z0-9_]*)=(.*)$", re.MULTILINE)


def all_settings_classes() -> set[type[BaseSettings]]:
    """Every settings class defined in adapters/, found by reading the sources."""
    found: set[type[BaseSettings]] = set()
    for path in sorted((ROOT / "adapters").rglob("*.py")):
        if not any(base in path.read_text() for base in ("BaseSettings", "CardbotSettings", "PlatformSettings")):
            continue
        module = import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseSettings)
                and value.__module__ == module.__name__
                and value not in (CardbotSettings, PlatformSettings)  # (bases, not read themselves)
            ):
                found.add(value)
    return found


def test_every_settings_class_is_shown_by_cardbot_config():
    assert all_settings_classes() == set(SETTINGS)


def test_every_settings_class_reads_the_env_file():
    assert all(issubclass(cls, CardbotSettings) for cls in all_settings_classes())


def example() -> dict[str, str]:
    lines = LINE.findall(EXAMPLE.read_text())
    names = [name for name, _ in lines]
    assert len(names) == len(set(names)), "a variable is listed twice"
    return dict(lines)


def test_every_variable_begins_with_one_of_the_prefixes_a_run_clears():
    names = {variable(cls, name) for cls in SETTINGS for name in cls.model_fields}
    assert {name for name in names if not name.startswith(VARIABLE_PREFIXES)} == set()


def test_the_example_lists_every_variable_and_no_other():
    expected = {variable(cls, name) for cls in SETTINGS for name in cls.model_fields}
    assert set(example()) == expected


@pytest.mark.parametrize(
    ("cls", "field"),
    [(cls, name) for cls in SETTINGS for name in cls.model_fields],
    ids=lambda x: getattr(x, "__name__", x),
)
def test_the_example_gives_each_default(cls: type[BaseSettings], field: str, tmp_path: Path, monkeypatch):
    """Read through the class, the example's value is the field's default (empty: unset/required)."""
    info = cls.model_fields[field]
    value = example()[variable(cls, field)]
    if value == "":
        assert info.is_required() or info.default is None, f"{variable(cls, field)} defaults to {info.default!r}"
        return
    assert not info.is_required()
    env = tmp_path / "example.env"
    env.write_text(f"{variable(cls, field)}={value}\nTELEGRAM_BOT_TOKEN=t\nDISCORD_BOT_TOKEN=t\n")
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(env))
    assert getattr(cls(), field) == info.default


def test_a_env_file_is_read_and_the_environment_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_FILE_VARIABLE)
    (tmp_path / ".env").write_text(
        "DATABASE_URL=sqlite:///from-file.db\nTELEGRAM_BOT_TOKEN=file-token\nTELEGRAM_PORT=9000\nOTHER=x\n"
    )
    assert DatabaseSettings().database_url == "sqlite:///from-file.db"
    settings: Any = TelegramSettings  # the token comes from the file
    telegram = settings()
    assert telegram.bot_token.get_secret_value() == "file-token"
    assert telegram.port == 9000
    monkeypatch.setenv("TELEGRAM_PORT", "9001")
    assert settings().port == 9001
    assert settings(port=9002).port == 9002  # and an argument wins over both


def test_cardbot_env_file_names_another_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DATABASE_URL=sqlite:///dot-env.db\n")
    (tmp_path / "prod.env").write_text("DATABASE_URL=sqlite:///prod.db\n")
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(tmp_path / "prod.env"))
    assert DatabaseSettings().database_url == "sqlite:///prod.db"


def test_a_missing_env_file_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV_FILE_VARIABLE)
    assert DatabaseSettings().database_url == "sqlite:///cardbot.db"
    assert LogSettings().format == "text"


def test_a_json_line_has_the_fields_and_the_extras_and_no_token():
    import logging

    masking = MaskSecrets(Secrets.of({"TELEGRAM_BOT_TOKEN": TOKEN}))
    formatter = JsonFormatter(masking.mask)
    record = logging.LogRecord("cardbot.x", logging.WARNING, __file__, 1, "sent %s to %s", ("hi", TOKEN), None)
    record.chat = -100  # extra=
    record.url = f"https://api.telegram.org/bot{TOKEN}/sendMessage"
    masking.filter(record)
    line = formatter.format(record)
    assert "\n" not in line
    assert TOKEN not in line
    event = json.loads(line)
    assert event["level"] == "WARNING"
    assert event["logger"] == "cardbot.x"
    assert event["message"] == "sent hi to <token>"
    assert event["chat"] == -100
    assert event["url"] == "https://api.telegram.org/bot<token>/sendMessage"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", event["time"])


@pytest.mark.slow  # a bot process of its own
def test_json_logs_from_the_environment_one_object_a_line_token_masked(tmp_path: Path):
    """`configure` as a bot calls it, in a fresh interpreter: CARDBOT_LOG_FORMAT from a .env file."""
    (tmp_path / ".env").write_text("CARDBOT_LOG_FORMAT=json\n")
    program = (
        "import logging\n"
        "from adapters.logs import configure\n"
        f"configure('INFO', {{'TELEGRAM_BOT_TOKEN': {TOKEN!r}}})\n"
        f"logging.getLogger('cardbot.test').info('started with %s', {TOKEN!r}, extra={{'shard': 2}})\n"
        "try:\n"
        f"    raise RuntimeError('bad token ' + {TOKEN!r})\n"
        "except RuntimeError:\n"
        "    logging.getLogger('cardbot.test').exception('failed')\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDBOT_")}
    run = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    lines = run.stderr.splitlines()
    assert len(lines) == 2, run.stderr
    assert TOKEN not in run.stderr
    started, failed = (json.loads(line) for line in lines)
    assert started["message"] == "started with <token>"
    assert started["shard"] == 2
    assert failed["level"] == "ERROR"
    assert "RuntimeError: bad token <token>" in failed["exception"]


@pytest.mark.slow  # a bot process of its own
def test_text_logs_stay_the_default(tmp_path: Path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDBOT_")}
    program = (
        f"import logging\nfrom adapters.logs import configure\nconfigure('INFO', {{'TELEGRAM_BOT_TOKEN': {TOKEN!r}}})\n"
    )
    program += f"logging.getLogger('cardbot.test').info('token %s', {TOKEN!r})\n"
    run = subprocess.run(
        [sys.executable, "-c", program], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert run.stderr.rstrip().endswith("INFO cardbot.test: token <token>")
