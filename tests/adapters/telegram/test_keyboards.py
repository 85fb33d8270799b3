"""Screens as Telegram messages: callback buttons carry the token (at most 64 bytes), an inline
query button opens inline mode in the current chat, long text is cut to Telegram's limit; and
every screen of real games fits."""

from __future__ import annotations

import json

import pytest

from adapters.telegram.keyboards import MAX_TEXT, markup_of, text_of
from bot.ui.screen import Button, Screen
from tests.bot.harness import Harness, a_racing_demon_round_of_eight, a_speed_game, a_svolota_game


def test_token_buttons_become_callback_buttons_row_by_row():
    screen = Screen(7, "lobby", ((Button("Join", "7.1.j"), Button("Leave", "7.1.l")), (Button("Start", "7.1.s"),)))
    markup = markup_of(screen)
    assert markup is not None
    rows = [[(b.text, b.callback_data) for b in row] for row in markup.inline_keyboard]
    assert rows == [[("Join", "7.1.j"), ("Leave", "7.1.l")], [("Start", "7.1.s")]]


def test_an_inline_query_button_opens_inline_mode_in_the_current_chat():
    markup = markup_of(Screen(12, "board", ((Button("🂠 Choose cards", inline_query="t12"),),)))
    assert markup is not None
    button = markup.inline_keyboard[0][0]
    assert button.switch_inline_query_current_chat == "t12"
    assert button.callback_data is None


def test_a_screen_without_buttons_has_no_keyboard_so_an_edit_removes_the_old_one():
    assert markup_of(Screen(3, "The table was cancelled.", final=True)) is None


def test_a_button_that_would_not_fit_telegram_is_left_out():
    too_long = "x" * 65
    markup = markup_of(Screen(1, "t", ((Button("ok", "1.1.j"), Button("long", too_long)), (Button("label only"),))))
    assert markup is not None
    assert [[b.text for b in row] for row in markup.inline_keyboard] == [["ok"]]


def test_long_text_is_cut_to_telegrams_limit_and_empty_text_is_never_sent():
    assert len(text_of(Screen(1, "a" * 5000))) == MAX_TEXT
    assert text_of(Screen(1, "")) == "…"


def _every_screen_fits(h: Harness) -> int:
    checked = 0
    for _chat, screens in h.notifier.calls:
        for screen in screens:
            markup = markup_of(screen)
            assert len(text_of(screen)) <= MAX_TEXT
            if markup is None:
                continue
            json.dumps(markup.to_dict())
            for row in markup.inline_keyboard:
                for button in row:
                    data = button.callback_data
                    assert data is None or len(str(data).encode()) <= 64, data
                    checked += 1
            dropped = sum(1 for row in screen.buttons for b in row if b.token and len(b.token.encode()) > 64)
            assert dropped == 0
    return checked


@pytest.mark.parametrize("players", [3, 6])
def test_every_svolota_screen_fits_telegram(players):
    assert _every_screen_fits(a_svolota_game(players)) > 50


def test_every_speed_screen_fits_telegram():
    assert _every_screen_fits(a_speed_game()) > 50


def test_every_racing_demon_screen_of_eight_players_fits_telegram():
    assert _every_screen_fits(a_racing_demon_round_of_eight()) > 50
