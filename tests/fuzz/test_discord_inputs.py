"""Hostile text into the Discord adapter: custom ids against the dynamic items' templates (the
lobby's house rules, +1 min and vote buttons among them), the /settings house rule, /kick and
/votekick, /leaderboard's season and /notify, screens turned into components, and a ping's
mentions cut into messages. Nothing raises; garbage is not matched, and whatever is matched is
still only a token the service checks; a command is carried out or refused in words."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.discord.components import MAX_TEXT, layout, style_of, text_of, usable, view_of
from adapters.discord.handlers import house_rule, season_word
from adapters.discord.items import BUTTON_TEMPLATE, MENU_TEMPLATE, MovePicker, TokenButton, ours
from adapters.discord.texts import marked, marked_parts
from bot.commands import ChangeSettings, Kick, Leaderboard, Notify
from bot.people import PersonRef
from bot.tokens import ACTIONS, decode
from bot.ui.screen import Button, Countdown, Mention, Screen
from tests.bot.harness import CHAT, Harness, person
from tests.examples import examples
from tests.fuzz.strategies import b36, hostile_text

pytestmark = pytest.mark.slow  # thousands of generated inputs

FUZZ = settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck), database=None)
COUNTS: dict[str, int] = {}


def counted(name: str) -> None:
    COUNTS[name] = COUNTS.get(name, 0) + 1


well_formed = st.builds(
    lambda t, v, a, arg: f"{b36(t)}.{b36(v)}.{a}{arg}",
    st.integers(0, 36**12 - 1),
    st.integers(0, 36**12 - 1),
    st.sampled_from([*sorted(ACTIONS), "b", "z"]),
    st.text("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz>_- ", max_size=45),
)
custom_ids = st.one_of(
    hostile_text,
    well_formed,
    well_formed.map(lambda t: t + "\n"),
    well_formed.map(lambda t: "\u202e" + t),
    st.builds(lambda i, t: f"pick{i}:{t}", st.one_of(st.integers(0, 12).map(str), hostile_text), well_formed),
)


class Stub:
    """What discord.py hands from_custom_id: the component as it was on the message."""

    label = "Join"
    style = discord.ButtonStyle.primary


LOOP = Harness().loop


@FUZZ
@given(custom_id=custom_ids)
def test_a_custom_id_is_ours_only_if_it_is_a_well_formed_token(custom_id: str) -> None:
    counted("custom_id")
    button, menu = BUTTON_TEMPLATE.fullmatch(custom_id), MENU_TEMPLATE.fullmatch(custom_id)
    assert ours(custom_id) == bool(button or menu)
    if not (button or menu):
        return
    match = button or menu
    assert match is not None
    token = match["token"]
    assert token.isascii() and token == token.strip()
    if len(token) <= 64:
        assert decode(token) is not None  # matched ids decode; the service still checks table, version and sender
    if button:
        item = LOOP.run_until_complete(TokenButton.from_custom_id(None, Stub(), button))  # type: ignore[arg-type]
        assert item.custom_id == token
    else:
        picker = LOOP.run_until_complete(MovePicker.from_custom_id(None, Stub(), match))  # type: ignore[arg-type]
        assert picker.custom_id == custom_id


H = Harness()
ADMIN = person("Eve", admin=True)
rules = st.one_of(
    hostile_text,
    st.builds(
        lambda g, r, v: f"{g} {r} {v}",
        st.one_of(st.sampled_from(["svolota", "speed", "demon", "сволота", "SPEED"]), hostile_text),
        st.one_of(
            st.sampled_from(["free_pass", "first", "stacks", "colours", "target", "demon_penalty"]), hostile_text
        ),
        st.one_of(st.sampled_from(["on", "off", "4", "5", "0", "99", "-1", "да"]), hostile_text),
    ),
)


@FUZZ
@given(text=rules)
def test_any_house_rule_text_is_saved_or_refused_in_words(text: str) -> None:
    counted("house_rule")
    game, rule, value = house_rule(text)
    assert isinstance(rule, str) and len(rule) <= 30
    assert game is None or len(game) <= 30
    before = H.run(H.store.chat_settings(CHAT)).to_dict()
    reply = H.run(H.service.handle(ChangeSettings(CHAT, ADMIN, "house_rule", (rule, value), game)))
    if reply.ok:
        H.run(H.store.save_chat_settings(CHAT, type(H.run(H.store.chat_settings(CHAT)))()))  # back to the defaults
        H.service.chats.forget()
    else:
        assert reply.text and 0 < len(reply.text) <= 200
        assert H.run(H.store.chat_settings(CHAT)).to_dict() == before


labels = st.one_of(hostile_text.filter(lambda s: not any(0xD800 <= ord(c) <= 0xDFFF for c in s)), st.just(""))
# a screen's tokens are the bot's own (Token.encode): well-formed; the labels carry people's names
buttons = st.builds(
    Button, label=labels, token=st.one_of(st.none(), well_formed.filter(lambda t: decode(t) is not None))
)


async def _view(screen: Screen) -> discord.ui.View | None:
    return view_of(screen)


@settings(FUZZ, max_examples=examples(500))
@given(text=labels, rows=st.lists(st.lists(buttons, max_size=6), max_size=7))
def test_any_screen_makes_components_discord_accepts(text: str, rows: list[list[Button]]) -> None:
    counted("components")
    screen = Screen(1, text, tuple(tuple(r) for r in rows))
    assert 0 < len(text_of(screen)) <= MAX_TEXT
    for row in layout(screen.buttons):
        assert row.buttons and all(usable(b) for b in row.buttons)
        for b in row.buttons:
            style_of(b.token or "")
    view: Any = LOOP.run_until_complete(_view(screen))
    if view is not None:
        assert len(view.children) <= 25
        for child in view.children:
            assert 0 < len(child.custom_id) <= 100


# --- the community commands: /kick, /votekick, /notify, /leaderboard season ------------------------

ANN, BOB = person("Ann"), person("Bob")
names = st.one_of(st.sampled_from(["Ann", "bob", "@Bob", "Eve", ""]), hostile_text)
targets = st.one_of(st.none(), st.sampled_from([ANN.person, BOB.person, ADMIN.person]), st.builds(person, names))


def _a_lobby_of_ann_and_bob() -> int:
    """A fresh lobby in CHAT: Ann's, Bob seated."""
    H.cancel(ADMIN)
    opened = H.open(ANN, "svolota")
    assert opened.ok and opened.table_id is not None
    assert H.press(BOB, opened.table_id, "Join").ok
    return opened.table_id


@settings(FUZZ, max_examples=examples(500))
@given(
    actor=st.sampled_from([ANN, BOB, ADMIN, person("Zed")]),
    target=targets,
    name=names,
    vote=st.booleans(),
)
def test_any_kick_removes_someone_or_is_refused_in_words(actor: Any, target: Any, name: str, vote: bool) -> None:
    counted("kick")
    table_id = _a_lobby_of_ann_and_bob()
    who = target.person if hasattr(target, "person") else target
    reply = H.run(H.service.handle(Kick(CHAT, actor, who, name[:64], vote=vote)))
    table = H.run(H.store.load(table_id))
    if not reply.ok:
        assert reply.text and 0 < len(reply.text) <= 200
    elif not vote:
        assert len(table.seats) == 1 and table.kicked  # removed at once
    else:
        assert table.vote is not None or table.kicked


@FUZZ
@given(
    word=st.one_of(
        st.none(), st.sampled_from(["all", "ALL ", "всё", "2026-11", "2026-13", "1999-01", "11-2026"]), hostile_text
    ),
    game=st.one_of(st.none(), st.sampled_from(["svolota", "speed", "racing_demon"]), hostile_text),
    on=st.one_of(st.none(), st.booleans()),
)
def test_any_leaderboard_season_and_notify_is_answered_or_refused_in_words(
    word: str | None, game: str | None, on: bool | None
) -> None:
    counted("season")
    season = season_word(word)
    assert season is None or (0 < len(season) <= 20)
    for command in (Leaderboard(CHAT, BOB, game, season=season), Notify(CHAT, BOB, on)):
        reply = H.run(H.service.handle(command))
        if reply.ok:
            assert reply.text or reply.screens
        else:
            assert reply.text and 0 < len(reply.text) <= 200


def _ping_of(parts: list[tuple[str, Any]]) -> Screen:
    """A screen of text pieces, some marked (a person's id: a mention; a number: a countdown)."""
    text, marks = "", []
    for piece, mark in parts:
        if isinstance(mark, str):
            marks.append(Mention(len(text), len(text) + len(piece), PersonRef("discord", mark)))
        elif isinstance(mark, int):
            marks.append(Countdown(len(text), len(text) + len(piece), float(mark)))
        text += piece
    return Screen(1, text, slot="ping", final=True, marks=tuple(marks))


pieces = st.lists(
    st.tuples(
        st.one_of(labels, st.sampled_from([", ", "\n", " "])),
        st.one_of(st.none(), st.integers(10**16, 10**19).map(str), st.integers(0, 2**40)),
    ),
    max_size=60,
)


@settings(FUZZ, max_examples=examples(500))
@given(parts=pieces, limit=st.one_of(st.integers(12, 200), st.just(MAX_TEXT)))
def test_a_ping_goes_in_messages_within_the_limit_each_mention_whole_and_notifying(
    parts: list[tuple[str, Any]], limit: int
) -> None:
    counted("ping")
    screen = _ping_of(parts)
    whole = marked(screen)
    out = marked_parts(screen, limit)
    assert out and all(0 < len(text) <= limit for text, _people in out)

    def solid(text: str) -> str:
        return "".join(c for c in text if not c.isspace())

    assert solid("".join(text for text, _people in out)) == solid(whole) or whole.strip() == ""
    for text, people in out:
        assert all(f"<@{p.user_id}>" in text for p in people)
    for mark in screen.marks:
        if isinstance(mark, Mention) and len(tag := f"<@{mark.person.user_id}>") <= limit:
            assert any(tag in text and mark.person in people for text, people in out)


def test_the_fuzz_ran_enough_inputs() -> None:
    """Runs last in this module: every suite above generated its inputs (run alone, it fails)."""
    print("discord inputs:", COUNTS)
    suites = ("custom_id", "house_rule", "components", "kick", "season", "ping")
    assert all(COUNTS.get(suite, 0) >= examples(500) for suite in suites), COUNTS
