"""`cardbot telegram` is an operator command: without a token it says which variable is missing,
and a settings error never echoes the token."""

from __future__ import annotations

from adapters.cli import main

TOKEN = "123456:do-not-print-me"


def test_without_a_token_it_names_the_variable_and_exits_2(monkeypatch, capsys):
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    assert main(["telegram"]) == 2
    assert "TELEGRAM_BOT_TOKEN" in capsys.readouterr().err


def test_a_settings_error_does_not_echo_the_token(monkeypatch, capsys):
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_PORT", "not-a-port")
    assert main(["telegram"]) == 2
    err = capsys.readouterr().err
    assert "TELEGRAM_PORT" in err and TOKEN not in err


def test_it_is_listed_among_the_operator_commands(capsys):
    try:
        main(["telegram", "--help"])
    except SystemExit as done:
        assert done.code == 0
    assert "--log-level" in capsys.readouterr().out
