"""Hostile text into the Telegram adapter's parsing: table queries and deep links, command
arguments, callback data on keyboards, and the inline query handler and the plays sent via the bot (with stand-in
update objects, no server). Nothing raises; garbage gives None or something the service refuses."""

from __future__ import annotations

import datetime as dtm
import itertools
from types import SimpleNamespace
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Chat as TgChat
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, User

from adapters.telegram.arguments import Setting, setting_of
from adapters.telegram.inline import InlineMode
from adapters.telegram.keyboards import MAX_DATA, MAX_TEXT, markup_of, text_of
from adapters.telegram.links import table_named, table_query
from bot.games import game_named
from bot.screens.model import Button, Screen
from bot.settings import value_of
from bot.tokens import Token
from tests.bot.harness import ANN, BOB, Harness
from tests.fuzz.strategies import hostile_text

FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck), database=None)
COUNTS: dict[str, int] = {}


def counted(name: str) -> None:
    COUNTS[name] = COUNTS.get(name, 0) + 1


queries = st.one_of(
    hostile_text,
    st.builds(lambda n, rest: f"t{n}{rest}", st.integers(0, 10**13), st.one_of(st.just(""), hostile_text)),
    st.builds(lambda pad, n: f"{pad}t{n}", st.text(" \t\n\u00a0\u2003", max_size=3), st.integers(0, 99)),
)


@FUZZ
@given(text=st.one_of(st.none(), queries))
def test_a_table_query_or_deep_link_payload_is_a_table_or_nothing(text: str | None) -> None:
    counted("table_named")
    table = table_named(text)
    if table is not None:
        assert 0 <= table < 10**12
        assert table_named(table_query(table)) == table
        Token(table, 0, "panel").encode()  # what the inline handler then sends


words = st.lists(
    st.one_of(
        hostile_text, st.sampled_from(["lang", "timer", "tables", "rule", "svolota", "free_pass", "on", "ru", "90"])
    ),
    max_size=6,
)


@FUZZ
@given(args=words)
def test_command_arguments_are_a_setting_or_nothing(args: list[str]) -> None:
    counted("setting_of")
    found = setting_of(args)
    assert found is None or isinstance(found, Setting)
    if found is not None:
        assert isinstance(found.name, str) and len(found.name) <= 30
    for word in args:
        game = game_named(word)
        assert game is None or len(game) <= 30
        value = value_of(word)
        assert isinstance(value, bool | int) or (isinstance(value, str) and len(value) <= 30)


buttons = st.builds(
    Button,
    label=hostile_text,
    token=st.one_of(st.none(), st.text(max_size=80)),  # the bot's own tokens: well-formed text, any length
    inline_query=st.one_of(st.none(), hostile_text),
)


@FUZZ
@given(text=hostile_text, rows=st.lists(st.lists(buttons, max_size=4), max_size=4))
def test_any_screen_makes_a_keyboard_telegram_accepts(text: str, rows: list[list[Button]]) -> None:
    counted("keyboards")
    screen = Screen(1, text, tuple(tuple(r) for r in rows))
    assert 0 < len(text_of(screen)) <= MAX_TEXT
    markup = markup_of(screen)
    for row in markup.inline_keyboard if markup else ():
        assert row
        for b in row:
            assert b.callback_data is None or len(str(b.callback_data).encode()) <= MAX_DATA


class FakeQuery:
    def __init__(self, query: str, offset: str) -> None:
        self.query, self.offset = query, offset
        self.from_user = User(id=7, first_name="Ann", is_bot=False, language_code="en")
        self.answers: list[tuple[Any, ...]] = []

    async def answer(self, results: Any, **kwargs: Any) -> None:
        self.answers.append((results, kwargs))


H = Harness()
UPDATE_IDS = itertools.count(1)
_t = H.open(ANN, "svolota").table_id
H.press(BOB, _t or 0, "Join")


class NoPictures:
    """Stands in for the plays' pictures: Telegram has none yet (every play is offered as text)."""

    async def file_ids(self, moves: list[str], deck: str, asker: int) -> dict[str, str]:
        return {}


INLINE = InlineMode(H.service, None, NoPictures())  # type: ignore[arg-type]  # the notifier answers refused choices only


@FUZZ
@given(
    query=queries,
    offset=st.one_of(
        st.just(""), st.integers(0, 100).map(str), hostile_text, st.sampled_from(["²", "١٢", "𝟘", "-1", "+5"])
    ),
)
def test_any_inline_query_is_answered_once(query: str, offset: str) -> None:
    counted("inline_query")
    fake = FakeQuery(query, offset)
    H.run(INLINE.query(SimpleNamespace(inline_query=fake), None))  # type: ignore[arg-type]
    assert len(fake.answers) == 1
    results, kwargs = fake.answers[0]
    assert isinstance(results, list)
    button = kwargs.get("button")
    assert button is None or 0 < len(button.text) <= 64


class Notes:
    """Stands in for the notifier: what the handler says back under a refused choice."""

    def __init__(self) -> None:
        self.said: list[str] = []

    async def say(self, chat: Any, text: str, reply_to: int | None = None) -> None:
        self.said.append(text)


BOT = User(id=1, first_name="Cardbot", is_bot=True)


@FUZZ
@given(
    text=st.one_of(hostile_text, hostile_text.map(lambda t: "🎴 " + t)),
    query=st.one_of(st.none(), queries),
    via_us=st.booleans(),
)
def test_any_message_sent_via_a_bot_is_played_or_dropped(text: str, query: str | None, via_us: bool) -> None:
    counted("played")
    version = H.table(_t or 0).version
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("x", switch_inline_query_current_chat=query)]])
    message = Message(
        1,
        dtm.datetime.now(dtm.UTC),
        TgChat(-100, "supergroup"),
        from_user=User(id=8, first_name="Zed", is_bot=False),
        text=text,
        via_bot=BOT if via_us else User(id=2, first_name="Other", is_bot=True),
        reply_markup=markup,
    )
    notes = Notes()
    inline = InlineMode(H.service, notes, NoPictures())  # type: ignore[arg-type]
    context = SimpleNamespace(bot=BOT)
    H.run(inline.played(SimpleNamespace(message=message, update_id=next(UPDATE_IDS)), context))  # type: ignore[arg-type]
    assert H.table(_t or 0).version == version  # Zed sits nowhere: nothing he sends changes a table
    assert all(0 < len(said) <= MAX_TEXT for said in notes.said)


def test_the_fuzz_ran_enough_inputs() -> None:
    """Runs last in this module: every suite above generated its inputs (run alone, it fails)."""
    print("telegram inputs:", COUNTS)
    suites = ("table_named", "setting_of", "keyboards", "inline_query", "played")
    assert all(COUNTS.get(suite, 0) >= 500 for suite in suites), COUNTS
