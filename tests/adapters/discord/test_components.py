"""Screens as Discord components: buttons carry their token as the custom id, rows that fit are
kept, longer lists are reflowed five to a row or put into select menus, nothing exceeds Discord's
limits (5 rows, 5 buttons a row, 25 options a menu, custom ids of 100 characters, 2,000
characters of text) in any screen of real games; and the dynamic items' templates take every
token the service draws, and nothing else."""

from __future__ import annotations

import random
import string

import discord
import pytest

from adapters.discord.components import (
    MAX_TEXT,
    REFRESH,
    Row,
    layout,
    refresh_button,
    text_of,
    view_of,
)
from adapters.discord.items import BUTTON_TEMPLATE, MENU_TEMPLATE, MovePicker, TokenButton, ours
from bot.tokens import Token, decode
from bot.ui.screen import Button, Screen
from tests.bot.harness import Harness, a_racing_demon_round_of_eight, a_speed_game, a_svolota_game


def moves(n: int, table: int = 7) -> list[Button]:
    return [Button(f"move {i}", Token(table, 3, "move", f"play {i}").encode()) for i in range(n)]


def leave(table: int = 7) -> Button:
    return Button("🚪 Leave the game", Token(table, 3, "leave").encode())


def test_rows_that_fit_are_kept_as_drawn():
    lobby = [
        [Button("Join", "7.1.j"), Button("Leave", "7.1.l")],
        [Button("+ Computer", "7.1.c"), Button("− Computer", "7.1.u")],
        [Button("▶ Start", "7.1.s"), Button("Cancel", "7.1.x")],
    ]
    rows = layout(lobby)
    expected = [["Join", "Leave"], ["+ Computer", "− Computer"], ["▶ Start", "Cancel"]]
    assert [[b.label for b in r.buttons] for r in rows] == expected
    assert {r.kind for r in rows} == {"buttons"}


def test_an_inline_query_button_is_left_out_and_extra_buttons_join_the_last_row():
    board = [[Button("🂠 Choose cards", inline_query="t7"), Button("My cards", "7.1.p")]]
    assert layout(board) == [Row("buttons", (Button("My cards", "7.1.p"),))]
    rows = layout([[b] for b in moves(3)] + [[leave()]], [refresh_button(7)])
    assert [b.label for b in rows[-1].buttons] == ["🚪 Leave the game", REFRESH]


def test_too_many_rows_are_reflowed_five_to_a_row_above_the_controls():
    rows = layout([moves(13)[i : i + 3] for i in range(0, 13, 3)] + [[leave()]], [refresh_button(7)])
    assert [len(r.buttons) for r in rows] == [5, 5, 3, 2]
    assert rows[-1].buttons[0].label.startswith("🚪")


def test_a_long_list_becomes_select_menus_of_up_to_25_moves():
    rows = layout([moves(24)[i : i + 3] for i in range(0, 24, 3)] + [[leave()]], [refresh_button(7)])
    assert [r.kind for r in rows] == ["menu", "buttons"]
    assert len(rows[0].buttons) == 24
    rows = layout([moves(60), [leave()]])
    assert [(r.kind, len(r.buttons)) for r in rows] == [("menu", 25), ("menu", 25), ("menu", 10), ("buttons", 1)]


def test_more_moves_than_four_menus_hold_are_cut():
    rows = layout([moves(130), [leave()]])
    assert [len(r.buttons) for r in rows] == [25, 25, 25, 25, 1]


def test_a_custom_id_appears_once_and_a_button_without_a_token_never():
    twice = Button("again", "7.1.j")
    rows = layout([[Button("Join", "7.1.j"), twice, Button("label only")]])
    assert rows == [Row("buttons", (Button("Join", "7.1.j"),))]


def test_the_view_holds_dynamic_items_with_the_tokens_as_custom_ids():
    screen = Screen(7, "panel", (tuple(moves(30)), (leave(),)), slot="panel")
    view = view_of(screen, [refresh_button(7)])
    assert view is not None and view.timeout is None
    items = view.children
    assert isinstance(items[0], MovePicker) and isinstance(items[-1], TokenButton)
    select = items[0].item
    assert select.custom_id.startswith("pick0:") and len(select.options) == 25
    assert all(decode(o.value) is not None for o in select.options)
    assert {i.custom_id for i in items[-2:]} == {leave().token, refresh_button(7).token}
    assert view_of(Screen(7, "over", final=True)) is None


def test_text_is_cut_to_discords_limit_and_never_empty():
    assert len(text_of(Screen(1, "x" * 5000))) == MAX_TEXT
    assert text_of(Screen(1, "")) == "…"
    assert text_of(Screen(1, "board"), note="✗ too late") == "✗ too late\n\nboard"


# ----- every screen of real games ---------------------------------------------------------


def _check(view: discord.ui.View) -> list[str]:
    """The components as Discord gets them, checked against its limits; their custom ids."""
    rows = view.to_components()
    assert 1 <= len(rows) <= 5
    ids = []
    for row in rows:
        assert row["type"] == 1 and 1 <= len(row["components"]) <= 5
        for component in row["components"]:
            ids.append(component["custom_id"])
            assert 1 <= len(component["custom_id"]) <= 100
            if component["type"] == 2:
                assert 1 <= len(component["label"]) <= 80
            else:
                assert len(row["components"]) == 1 and 1 <= len(component["options"]) <= 25
                for option in component["options"]:
                    assert 1 <= len(option["label"]) <= 100 and decode(option["value"]) is not None
                    ids.append(option["value"])
    assert len(set(ids)) == len(ids)
    return ids


def every_screen_fits(h: Harness) -> int:
    checked = 0
    for _chat, screens in h.notifier.calls:
        for screen in screens:
            assert len(text_of(screen)) <= MAX_TEXT
            extra = [refresh_button(screen.table_id)] if screen.slot == "panel" else []
            view = view_of(screen, extra)
            if view is None:
                continue
            for custom_id in _check(view):
                assert ours(custom_id), custom_id
                checked += 1
            drawn = {b.token for row in screen.buttons for b in row if b.token}
            assert drawn <= {i for i in _ids(view)}, "a button was lost"
    return checked


def _ids(view: discord.ui.View) -> set[str]:
    out = set()
    for item in view.children:
        if isinstance(item, MovePicker):
            out |= {o.value for o in item.item.options}
        else:
            out.add(item.custom_id)
    return out


@pytest.mark.parametrize("players", [3, 6])
def test_every_svolota_screen_fits_discord(players):
    assert every_screen_fits(a_svolota_game(players)) > 50


def test_every_speed_screen_fits_discord():
    assert every_screen_fits(a_speed_game()) > 50


def test_every_racing_demon_screen_of_eight_players_fits_discord():
    assert every_screen_fits(a_racing_demon_round_of_eight()) > 50


# ----- the templates ----------------------------------------------------------------------


def test_the_templates_take_every_token_and_agree_with_the_decoder():
    tokens = [
        Token(t, v, a, arg).encode()
        for t in (1, 740, 36**11)
        for v in (0, 51)
        for a, arg in [
            ("join", ""),
            ("move", "play 8H 8C"),
            ("move", "w1>f"),
            ("move", "demon>w2"),
            ("panel", ""),
            ("rematch", ""),
            ("add_computer", "hard"),
            ("remove_computer", "3"),
            ("move", "play 10S 10D 10H"),
        ]
    ]
    for token in tokens:
        assert BUTTON_TEMPLATE.fullmatch(token), token
        assert MENU_TEMPLATE.fullmatch("pick3:" + token)
    rng = random.Random(5)
    alphabet = string.ascii_letters + string.digits + ".>_-: "
    garbage = ["", "hello", "7.1.z", "7.1", "7..j", "x" * 101, "7.1.j play", "pick:7.1.j", "7.1.j\n"]
    garbage += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 20))) for _ in range(2000)]
    garbage += [t[: rng.randint(0, len(t))] for t in tokens]
    for data in garbage:
        if len(data) <= 64:
            assert bool(BUTTON_TEMPLATE.fullmatch(data)) == (decode(data) is not None), data
        assert not MENU_TEMPLATE.fullmatch(data) or data.startswith("pick")
