"""Hostile text into the Telegram adapter's parsing: table queries and deep links, command
arguments, callback data on keyboards, and the inline query handler and the plays sent via the bot (with stand-in
update objects, no server). Nothing raises; garbage gives None or something the service refuses.

The commands of table control and the community (/notify, /kick, /votekick, /leaderboard with its
seasons) and the lobby's and a vote's buttons (house rules, "+1 min", a vote's yes and no) go
through the adapter's handlers into the real service: each is answered, allowed or refused, and
the service never fails with an error (nothing logged at ERROR)."""

from __future__ import annotations

import datetime as dtm
import itertools
import logging
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from telegram import Chat as TgChat
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, User

from adapters.telegram.arguments import (
    ALWAYS,
    EVERYWHERE,
    NOTIFY_OFF,
    NOTIFY_ON,
    Setting,
    board_of,
    notify_of,
    setting_of,
)
from adapters.telegram.handlers import Commands
from adapters.telegram.identities import Directory
from adapters.telegram.inline import InlineMode
from adapters.telegram.keyboards import MAX_DATA, MAX_TEXT, markup_of, text_of
from adapters.telegram.links import table_named, table_query
from adapters.telegram.presses import Presses
from bot.commands import Cancel, Kick, Open, Press
from bot.games import game_named
from bot.people import Actor, ChatRef, PersonRef
from bot.seasons import ALL_TIME, SEASON, named
from bot.settings import value_of
from bot.tokens import ACTIONS, Token
from bot.ui.screen import Button, Screen
from tests.bot.harness import ANN, BOB, Harness
from tests.examples import examples
from tests.fuzz.strategies import b36, hostile_text

pytestmark = pytest.mark.slow  # thousands of generated inputs

FUZZ = settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck), database=None)
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

    async def say(self, chat: Any, text: str, reply_to: int | None = None, markup: Any = None) -> None:
        self.said.append(text)

    async def show(self, chat: Any, screen: Screen, reply_to: int | None = None) -> None:
        await self.say(chat, screen.text, reply_to)


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


leaderboard_words = st.lists(
    st.one_of(
        hostile_text,
        st.sampled_from(sorted(EVERYWHERE | ALWAYS)),
        st.sampled_from(["svolota", "demon", "2026-11", "2026-13", "1999-01", "26-1", "2026.11", "0000-00", "9999-12"]),
    ),
    max_size=5,
)


@FUZZ
@given(args=leaderboard_words)
def test_leaderboard_words_are_a_game_a_place_and_a_season_or_nothing(args: list[str]) -> None:
    counted("board_of")
    board = board_of(args, months=1)
    assert board.game is None or game_named(board.game) == board.game
    season = board.season
    assert season is None or season == ALL_TIME or len(season) <= 30
    if season is not None and season != ALL_TIME and SEASON.fullmatch(season) and named(season) is not None:
        assert named(season) == season
    assert board.everywhere == any(w.lower()[:30] in EVERYWHERE for w in args)


@FUZZ
@given(args=st.lists(st.one_of(hostile_text, st.sampled_from(sorted(NOTIFY_ON | NOTIFY_OFF))), max_size=3))
def test_notify_words_are_on_off_a_switch_or_refused(args: list[str]) -> None:
    counted("notify_of")
    try:
        on = notify_of(args)
    except ValueError:
        assert args and args[0].lower() not in NOTIFY_ON | NOTIFY_OFF
        return
    assert on is (None if not args else args[0].lower() in NOTIFY_ON)


# --- the commands and buttons, through the handlers into the service ---------------------------

TG_CHAT = ChatRef("telegram", "-100")
ZED_USER = User(id=8, first_name="Zed", is_bot=False, language_code="en")
OWNER_USER = User(id=7, first_name="Ann", last_name="Lee", is_bot=False, username="ann_lee")
SEATED_USER = User(id=9, first_name="Bob", last_name="Smith", is_bot=False)
THIRD_USER = User(id=10, first_name="Cy", is_bot=False, username="cy_cy")
USERS = (ZED_USER, OWNER_USER, SEATED_USER, THIRD_USER)


def _tg(user: User) -> Actor:
    return Actor(PersonRef("telegram", str(user.id)), user.full_name)


_lobby = H.run(H.service.handle(Open(TG_CHAT, _tg(OWNER_USER), "svolota"))).table_id or 0


class Errors(logging.Handler):
    """What the service logs at ERROR: an exception it did not expect."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


ERRORS = Errors()
logging.getLogger("bot").addHandler(ERRORS)


class Said:
    """Stands in for the notifier and the answers: what the handlers say and draw."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.screens: list[Screen] = []
        self.writers = self.reach = self  # (holds nothing; anyone may be written to)

    async def say(self, chat: Any, text: str, reply_to: int | None = None, markup: Any = None) -> None:
        self.said.append(text)

    async def show(self, chat: Any, screen: Screen, reply_to: int | None = None) -> None:
        await self.say(chat, screen.text, reply_to)

    async def deliver(self, chat: Any, screens: Any) -> bool:
        self.screens.extend(screens)
        return True

    def hold(self, *chat_ids: str) -> Any:
        return lambda: None

    def reachable(self, person: Any) -> bool:
        return True

    def heard(self, person: Any, reachable: bool) -> None:
        pass


class StandInBot:
    """The Bot the handlers ask: its username, and whether someone administers the chat."""

    username = "cardbot"

    def __init__(self, admin: bool) -> None:
        self.admin = admin

    async def get_chat_member(self, chat_id: int, user_id: int) -> Any:
        return SimpleNamespace(status="administrator" if self.admin else "member")


def _reseat() -> None:
    """Bob and Cy sit at the chat's lobby (a kick or a vote may have taken Bob off it: a fresh one)."""
    global _lobby
    table = H.table(_lobby)
    if table.status.open and len(table.seats) >= 3:
        return
    if table.status.open and any(_tg(u).person in table.kicked for u in (SEATED_USER, THIRD_USER)):
        H.run(H.service.handle(Cancel(TG_CHAT, _tg(OWNER_USER))))
        table = H.table(_lobby)
    if not table.status.open:
        _lobby = H.run(H.service.handle(Open(TG_CHAT, _tg(OWNER_USER), "svolota"))).table_id or _lobby
    for user in (SEATED_USER, THIRD_USER):
        table = H.table(_lobby)
        if not any(s.person == _tg(user).person for s in table.seats):
            H.run(H.service.handle(Press(_tg(user), Token(_lobby, table.version, "join").encode(), where=TG_CHAT)))


def _message(user: User, text: str) -> Message:
    return Message(next(UPDATE_IDS), dtm.datetime.now(dtm.UTC), TgChat(-100, "supergroup"), from_user=user, text=text)


@FUZZ
@given(
    command=st.sampled_from(["notify", "kick", "votekick", "leaderboard"]),
    args=st.lists(
        st.one_of(
            hostile_text, st.sampled_from(["Bob", "Smith", "bob", "@ann_lee", "on", "off", "alltime", "2026-11"])
        ),
        max_size=4,
    ),
    who=st.sampled_from(USERS),
    admin=st.booleans(),
)
def test_any_community_command_is_answered_and_never_fails(
    command: str, args: list[str], who: User, admin: bool
) -> None:
    counted("commands")
    _reseat()
    said = Said()
    commands = Commands(H.service, said, said, Directory())  # type: ignore[arg-type]
    message = _message(who, " ".join([f"/{command}", *args]))
    update = SimpleNamespace(effective_message=message, effective_user=who, my_chat_member=None)
    context = SimpleNamespace(args=args, bot=StandInBot(admin))
    handler = (
        commands.leaderboard
        if command == "leaderboard"
        else getattr(commands, "kick" if "kick" in command else command)
    )
    errors = len(ERRORS.records)
    H.run(handler(update, context))  # type: ignore[arg-type]
    assert len(ERRORS.records) == errors, ERRORS.records[-1].getMessage()
    assert all(len(text) > 0 for text in said.said)


class FakeCallback:
    """A button press as the handler reads it."""

    def __init__(self, user: User, data: str, admin: bool) -> None:
        self.from_user, self.data = user, data
        self.message = SimpleNamespace(chat=TgChat(-100, "supergroup"))
        self.bot = StandInBot(admin)
        self.answers: list[tuple[str | None, str | None]] = []

    def get_bot(self) -> Any:
        return self.bot

    async def answer(self, text: str | None = None, show_alert: bool = False, url: str | None = None) -> None:
        self.answers.append((text, url))


TOKEN_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz>_-"
ARGS = ["", "save", "level", "free_pass", "stacks", "y1", "n1", "y2", "n0", "y", "n", "y99999999"]
args_of_buttons = st.one_of(st.sampled_from(ARGS), st.sampled_from(ARGS), st.text(TOKEN_CHARS, max_size=40))


@FUZZ
@given(
    action=st.sampled_from(["vote", "rules", "extend", "cancel", "join"]),
    arg=args_of_buttons,
    stale=st.sampled_from([False, False, True]),
    who=st.sampled_from(USERS),
    admin=st.booleans(),
    garbage=st.one_of(st.none(), st.none(), st.none(), hostile_text),  # mostly our own tokens
)
def test_any_lobby_or_vote_button_is_answered_once_and_never_fails(
    action: str, arg: str, stale: bool, who: User, admin: bool, garbage: str | None
) -> None:
    counted("buttons")
    _reseat()
    table = H.table(_lobby)
    if action == "vote" and arg in ("y", "n"):  # a vote running, and its own buttons
        if table.vote is None:
            H.run(H.service.handle(Kick(TG_CHAT, _tg(OWNER_USER), _tg(SEATED_USER).person, vote=True)))
            table = H.table(_lobby)
        arg += str(table.vote.number if table.vote is not None else 0)
    code = next(c for c, name in ACTIONS.items() if name == action)
    version = table.version - 1 if stale else table.version
    data = garbage if garbage is not None else f"{b36(_lobby)}.{b36(max(0, version))}.{code}{arg}"
    query = FakeCallback(who, data, admin)
    presses = Presses(H.service, Said())  # type: ignore[arg-type]
    errors = len(ERRORS.records)
    update = SimpleNamespace(callback_query=query, update_id=next(UPDATE_IDS))
    H.run(presses.press(update, SimpleNamespace(bot=query.bot)))  # type: ignore[arg-type]
    assert len(ERRORS.records) == errors, ERRORS.records[-1].getMessage()
    assert len(query.answers) == 1
    if query.answers[0][0] is None:
        counted("buttons_allowed")


def test_the_fuzz_ran_enough_inputs() -> None:
    """Runs last in this module: every suite above generated its inputs (run alone, it fails)."""
    print("telegram inputs:", COUNTS)
    suites = (
        "table_named",
        "setting_of",
        "keyboards",
        "inline_query",
        "played",
        "board_of",
        "notify_of",
        "commands",
        "buttons",
    )
    assert all(COUNTS.get(suite, 0) >= examples(500) for suite in suites), COUNTS
    assert COUNTS.get("buttons_allowed", 0) >= 10, COUNTS  # the buttons reached the tables, not only refusals
