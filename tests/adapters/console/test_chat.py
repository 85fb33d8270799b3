"""The console's chat: screens printed as a chat shows them, buttons as numbered options."""

from __future__ import annotations

import asyncio
import io

from adapters.console.chat import ConsoleChat
from bot.people import ChatRef, PersonRef
from bot.screens.model import Button, Screen
from bot.tokens import Token, decode

ME, SOMEONE = PersonRef("console", "local"), PersonRef("console", "other")
WHERE = ChatRef("console", "local")


def tok(action: str, arg: str = "", version: int = 3) -> str:
    return Token(7, version, action, arg).encode()


def board(*buttons: Button, text: str = "the board") -> Screen:
    return Screen(7, text, (tuple(buttons),) if buttons else ())


def panel(*rows: tuple[Button, ...], text: str = "my panel", audience: PersonRef = ME) -> Screen:
    return Screen(7, text, tuple(rows), audience=audience, slot="panel")


def chat_showing(*screens: Screen) -> tuple[ConsoleChat, io.StringIO]:
    out = io.StringIO()
    chat = ConsoleChat(ME, out)
    asyncio.run(chat.show(WHERE, list(screens)))
    return chat, out


def test_the_board_then_the_panel_each_with_its_buttons_numbered_row_by_row():
    chat, out = chat_showing(
        board(Button("🔁 Again", tok("join"))),
        panel(
            (Button("8♥", tok("move", "play 8H")), Button("pass", tok("move", "pass"))),
            (Button("🚪 Leave", tok("leave")),),
        ),
    )
    assert out.getvalue() == "\nthe board\n  1. 🔁 Again\n\nmy panel\n  2. 8♥   3. pass\n  4. 🚪 Leave\n"
    assert [o.label for o in chat.options()] == ["🔁 Again", "8♥", "pass", "🚪 Leave"]
    assert chat.token(2) == tok("move", "play 8H")
    assert chat.token(0) is None and chat.token(5) is None
    assert chat.offers_move()


def test_buttons_a_terminal_has_no_use_for_are_left_out():
    chat, out = chat_showing(
        board(
            Button("🂠 Choose cards", inline_query="t7"),
            Button("My cards", tok("panel")),
            Button("🔁 Rematch", tok("rematch")),
            Button("broken", "not a token"),
        ),
        panel((Button("🚪 Leave", tok("leave")),)),
    )
    assert out.getvalue() == "\nthe board\n\nmy panel\n  1. 🚪 Leave\n"
    assert not chat.offers_move()


def test_someone_elses_panel_is_not_shown():
    chat, out = chat_showing(board(), panel((Button("8♥", tok("move", "play 8H")),), audience=SOMEONE))
    assert out.getvalue() == "\nthe board\n"
    assert chat.panel is None and chat.options() == []


def test_a_screen_that_did_not_change_is_not_printed_again_but_its_buttons_are_the_new_ones():
    chat, out = chat_showing(board(text="a"), panel((Button("8♥", tok("move", "play 8H", version=3)),)))
    before = out.getvalue()
    asyncio.run(chat.show(WHERE, [board(text="b"), panel((Button("8♥", tok("move", "play 8H", version=4)),))]))
    assert out.getvalue() == before + "\nb\n"
    assert chat.token(1) == tok("move", "play 8H", version=4)


def test_a_redraw_without_my_panel_takes_it_away():
    chat, _ = chat_showing(board(), panel((Button("8♥", tok("move", "play 8H")),)))
    asyncio.run(chat.show(WHERE, [board(text="over")]))
    assert chat.panel is None and chat.options() == []


def test_a_private_answer_brings_only_the_panel():
    chat, _ = chat_showing(board(), panel(text="old"))
    chat.take([panel((Button("8♥", tok("move", "play 8H")),), text="new")])
    assert chat.board is not None and chat.panel is not None and chat.panel.text == "new"


def test_while_muted_nothing_is_printed_until_the_table_is_shown():
    out = io.StringIO()
    chat = ConsoleChat(ME, out)
    chat.muted = True
    chat.take([board(Button("+ Computer", tok("add_computer")), text="lobby")])
    assert out.getvalue() == ""
    chat.unmute()
    assert out.getvalue() == "\nlobby\n  1. + Computer\n"


def test_a_lobby_button_is_drawn_again_with_an_argument():
    chat, _ = chat_showing(board(Button("+ Computer", tok("add_computer", version=5))))
    token = decode(chat.lobby_token("add_computer", "hard") or "")
    assert token == Token(7, 5, "add_computer", "hard")
    assert chat.lobby_token("start") is None
