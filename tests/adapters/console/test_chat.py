"""The console's chat: screens printed as a chat shows them, buttons as numbered options."""

from __future__ import annotations

import asyncio
import io

from adapters.console.chat import ConsoleChat
from bot.people import ChatRef, PersonRef
from bot.tokens import Token, decode
from bot.ui.screen import Button, Screen

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


def test_a_number_means_the_option_seen_with_it_when_the_prompt_was_shown():
    chat, _ = chat_showing(board(), panel((Button("🚪 Leave", tok("leave")),)))
    chat.look()  # the prompt: 1 is "Leave"
    chat.take([board(text="your turn"), panel((Button("8♥", tok("move", "play 8H", version=4)),))])
    assert chat.changed(1)  # 1 is now a card: not what was seen
    chat.look()
    chat.take([board(text="again"), panel((Button("8♥", tok("move", "play 8H", version=5)),))])
    assert not chat.changed(1)  # the same option, drawn again for a newer version
    assert chat.token(1) == tok("move", "play 8H", version=5)
    assert not chat.changed(2)  # there was none and there is none: simply no such option


def test_a_number_whose_option_is_gone_or_new_is_not_the_one_seen():
    chat, _ = chat_showing(board(), panel((Button("8♥", tok("move", "play 8H")), Button("pass", tok("move", "pass")))))
    chat.look()
    chat.take([board(), panel((Button("8♥", tok("move", "play 8H", version=4)),))])
    assert not chat.changed(1) and chat.changed(2)
    chat.look()
    chat.take([board(), panel((Button("8♥", tok("move", "play 8H")), Button("9♥", tok("move", "play 9H"))))])
    assert chat.changed(2)


def test_after_a_computer_move_only_the_new_lines_of_the_board_are_printed():
    seats = "▶ Ann — 7 cards\n   Bob — 7 cards"
    waiting = panel((Button("🚪 Leave", tok("leave")),), text="Waiting for Ann.")
    chat, out = chat_showing(board(text=f"🎴 Svolota\nPile: 8♠\n{seats}"), waiting)
    before = out.getvalue()
    moved = "🎴 Svolota\nPile: 9♥ (by Ann)\n   Ann — 6 cards\n▶ Bob — 7 cards\n· Ann plays 9♥"
    chat.take([board(text=moved), panel((Button("🚪 Leave", tok("leave")),), text="Waiting for Bob.")])
    # the pile, Ann's count, the new turn line and the log line; not the title, not my waiting panel
    assert out.getvalue() == before + "\nPile: 9♥ (by Ann)\n   Ann — 6 cards\n▶ Bob — 7 cards\n· Ann plays 9♥\n"


def test_the_whole_board_when_my_turn_comes():
    chat, out = chat_showing(board(text="title\n▶ Ann"), panel((Button("🚪 Leave", tok("leave")),), text="wait"))
    before = out.getvalue()
    chat.take([board(text="title\n▶ me"), panel((Button("8♥", tok("move", "play 8H")),), text="your move")])
    assert out.getvalue() == before + "\ntitle\n▶ me\n\nyour move\n  1. 8♥\n"


def test_a_turn_alert_is_not_the_board():
    chat, out = chat_showing(board(text="the board"), panel((Button("8♥", tok("move", "play 8H")),)))
    before = out.getvalue()
    chat.take([Screen(7, "🔔 pat, your move", slot="alert")])
    assert out.getvalue() == before
    assert chat.board is not None and chat.board.text == "the board" and chat.panel is not None


def test_the_result_at_the_end_is_printed_whole():
    chat, out = chat_showing(board(text="🎴 Svolota\n▶ Ann — 1 card\n· Bob passes"))
    before = out.getvalue()
    chat.take([Screen(7, "🏁 Svolota is over.\n· Bob passes\n1. Ann", final=True)])
    assert out.getvalue() == before + "\n🏁 Svolota is over.\n· Bob passes\n1. Ann\n"
