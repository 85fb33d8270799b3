"""Hostile input straight into the service: tokens, typed moves, opens, challenges, cancels and
settings, from the table's chat, another chat and private places.

Every command gets a Reply (never an exception); a refusal is ok=False with a short text and
leaves everything stored as it was; an accepted command was one that person was allowed to give
there (`allowed`: their own seat, the creator or an admin, the table's own chat). One Harness for
the module: after an accepted command the store is put back to the snapshot taken once the tables
were set up."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import Cancel, Challenge, ChangeSettings, Command, Kick, Leaderboard, Notify, Open, Play, Press
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ChatSettings
from bot.table_actions import PRIVATE_ACTIONS
from bot.tables import Table
from bot.tokens import ACTIONS, decode
from bot.ui.screen import Reply
from core import game_class, load_game
from core.options import resolve_options
from tests.bot.harness import ANN, BOB, CHAT, CY, DAN, Harness, person
from tests.examples import examples
from tests.fuzz.strategies import b36, hostile_text

pytestmark = pytest.mark.slow  # thousands of generated inputs

FUZZ = settings(max_examples=examples(2000), deadline=None, suppress_health_check=list(HealthCheck), database=None)
GAMES = ("svolota", "speed", "racing_demon")
ADMIN = person("Eve", admin=True)
ACTORS = (ANN, BOB, CY, DAN, ADMIN)
MAX_REFUSAL = 200
OTHER_CHAT = ChatRef("test", "chat-2")


@dataclass
class World:
    h: Harness
    tables: dict[str, int]  # what each table is: "svolota", "speed", "demon", "lobby", "ready", "challenge"
    moves: list[tuple[int, str]]  # (table, a move that is legal at the snapshot)
    snapshot: dict[str, Any]
    calls: int


def _playable(h: Harness, t: int) -> list[str]:
    game = load_game(h.table(t).state)
    return [m for seat in range(len(h.table(t).seats)) for m in game.moves(str(seat))]


def _play_some(h: Harness, t: int, actors: tuple[Actor, ...], turns: int) -> None:
    for _ in range(turns):
        game = load_game(h.table(t).state)
        for seat, actor in enumerate(actors):
            moves = game.moves(str(seat))
            if moves and h.play(actor, t, moves[0]).ok:
                break


def _stored(h: Harness) -> dict[str, Any]:
    s = h.store
    return {
        "rows": dict(s._rows),  # type: ignore[attr-defined]
        "logs": {k: list(v) for k, v in s._logs.items()},  # type: ignore[attr-defined]
        "next": s._next,  # type: ignore[attr-defined]
        "chats": {k: copy.deepcopy(v.to_dict()) for k, v in s._chats.items()},  # type: ignore[attr-defined]
        "langs": dict(s._langs),  # type: ignore[attr-defined]
        "results": {k: list(v) for k, v in s._results.items()},  # type: ignore[attr-defined]
        "ratings": dict(s._ratings),  # type: ignore[attr-defined]
        "earned": dict(s._earned),  # type: ignore[attr-defined]
        "tallies": dict(s._tallies),  # type: ignore[attr-defined]
        "notify": {k: dict(v) for k, v in s._notify.items()},  # type: ignore[attr-defined]
        "seasons": set(s._seasons_claimed),  # type: ignore[attr-defined]
    }


def _restore(w: World) -> None:
    s: Any = w.h.store
    snap = w.snapshot
    s._rows = dict(snap["rows"])
    s._tables = {k: Table.from_dict(json.loads(v)) for k, v in snap["rows"].items()}
    s._logs = {k: list(v) for k, v in snap["logs"].items()}
    s._next = snap["next"]
    s._chats = {k: ChatSettings.from_dict(copy.deepcopy(v)) for k, v in snap["chats"].items()}
    s._langs = dict(snap["langs"])
    s._results = {k: list(v) for k, v in snap["results"].items()}
    s._ratings = dict(snap["ratings"])
    s._earned = dict(snap["earned"])
    s._tallies = dict(snap["tallies"])
    s._notify = {k: dict(v) for k, v in snap["notify"].items()}
    s._seasons_claimed = set(snap["seasons"])
    w.h.service.chats.forget()
    del w.h.notifier.calls[w.calls :]


def _build() -> World:
    h = Harness()
    assert h.setting(ADMIN, "many_tables", True).ok
    tables: dict[str, int] = {}
    t = h.open(ANN, "svolota").table_id
    assert t is not None
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    _play_some(h, t, (ANN, BOB, CY), 3)
    assert h.run(h.service.handle(Kick(CHAT, BOB, CY.person, vote=True))).ok  # a vote under way: 1 of 2
    tables["svolota"] = t
    t = h.open(ANN, "speed").table_id
    assert t is not None
    h.press(BOB, t, "Join")  # two seats: it starts by itself
    _play_some(h, t, (ANN, BOB), 3)
    tables["speed"] = t
    t = h.open(BOB, "racing_demon").table_id
    assert t is not None
    h.press(CY, t, "Join")
    h.press(BOB, t, "Start")
    _play_some(h, t, (BOB, CY), 3)
    tables["demon"] = t
    t = h.open(DAN, "svolota").table_id
    assert t is not None
    tables["lobby"] = t
    t = h.open(CY, "racing_demon").table_id
    assert t is not None
    h.press(DAN, t, "Join")
    tables["ready"] = t  # a lobby that may start
    t = h.challenge(CY, "speed", DAN).table_id
    assert t is not None
    tables["challenge"] = t
    moves = [(tables[k], m) for k in ("svolota", "speed", "demon") for m in _playable(h, tables[k])]
    return World(h, tables, moves, _stored(h), len(h.notifier.calls))


WORLD = _build()
COUNTS: dict[str, int] = {}


def _tables(stored: dict[str, Any]) -> dict[int, Table]:
    return {k: Table.from_dict(json.loads(v)) for k, v in stored["rows"].items()}


def allowed(command: Command, before: dict[int, Table], after: dict[int, Table]) -> None:
    """The oracle for an accepted command: that person could give it, there."""
    changed = [t for k, t in before.items() if after.get(k) != t]
    if isinstance(command, ChangeSettings):
        assert command.actor.admin, f"a setting changed by {command.actor.name}, not an admin"
    if isinstance(command, Kick):
        for table in changed:
            assert table.chat == command.chat, f"{command!r} changed a table in another chat"
            if command.vote:
                assert table.seat_of(command.actor.person) is not None, f"{command!r}: a vote by someone not seated"
            else:
                assert command.actor.person == table.creator or command.actor.admin, f"{command!r} by neither"
    if isinstance(command, Cancel):
        for table in changed:
            assert table.chat == command.chat, f"{command!r} cancelled a table in another chat"
            assert command.actor.person == table.creator or command.actor.admin, f"{command!r} by neither"
    if not isinstance(command, Press | Play):
        return
    if isinstance(command, Press):
        token = decode(command.token)
        assert token is not None, f"garbage accepted: {command.token!r}"
        table_id, action = token.table_id, token.action
    else:
        table_id, action = command.table_id, "move"
    assert all(t.id == table_id for t in changed), f"{command!r} changed another table"
    table = before.get(table_id)
    assert table is not None, f"{command!r} accepted for a table that does not exist"
    if command.where is None:
        assert action in PRIVATE_ACTIONS, f"{action} accepted from a private place"
    else:
        assert command.where.chat_id == table.chat.chat_id, f"{action} accepted from another chat"
    seated = table.seat_of(command.actor.person) is not None
    if action in {"move", "leave", "panel", "add_computer", "remove_computer"}:
        assert seated, f"{action} accepted from {command.actor.name}, who is not seated at table {table_id}"
    if action in {"start", "cancel", "extend", "rules"}:
        assert command.actor.person == table.creator or command.actor.admin, f"{action} by neither creator nor admin"
    if action == "rules" and token.arg == "save":
        assert command.actor.admin, "a lobby's rules saved for the chat by someone not an admin"
    if action == "vote":
        assert seated and table.vote is not None, f"a vote accepted from {command.actor.name} at table {table_id}"
    if action in {"accept", "decline"}:
        assert any(i.person == command.actor.person for i in table.invites), f"{action} by someone not challenged"


def check(command: Command, suite: str) -> Reply:
    """Send the command; a refusal must be short and change nothing; an accepted one must have
    been allowed (`allowed`), and is undone."""
    COUNTS[suite] = COUNTS.get(suite, 0) + 1
    w = WORLD
    before = _stored(w.h)
    reply = w.h.run(w.h.service.handle(command))
    assert isinstance(reply, Reply)
    if reply.ok:
        allowed(command, _tables(before), _tables(_stored(w.h)))
        _restore(w)
    else:
        assert reply.text and reply.text.strip(), f"a refusal without words for {command!r}"
        assert len(reply.text) <= MAX_REFUSAL, reply.text
        assert _stored(w.h) == before, f"a refused {command!r} changed the store"
    return reply


actors = st.sampled_from(ACTORS)
table_ids = st.one_of(st.sampled_from(sorted(WORLD.tables.values())), st.integers(0, 40), st.integers(0, 36**12 - 1))


@st.composite
def tokens(draw: st.DrawFn) -> str:
    """`<table>.<version>.<letter><arg>`, for tables that exist and do not, at any version."""
    table = draw(table_ids)
    row = WORLD.snapshot["rows"].get(table)
    current = json.loads(row)["version"] if row else 1
    version = draw(st.one_of(st.just(current), st.integers(0, current + 3), st.integers(0, 36**12 - 1)))
    letter = draw(st.one_of(st.sampled_from(sorted(ACTIONS)), st.sampled_from("bcefghikoqtvwyz")))
    arg = draw(
        st.one_of(
            st.just(""),
            st.text("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz>_-", max_size=40),
            st.sampled_from(["easy", "normal", "hard", "0", "1", "9", "-1", "y1", "n1", "y2", "level", "save"]),
            st.sampled_from(["free_pass", "stacks", "colours", "target", "demon_penalty", "auto_aces", "first"]),
            st.sampled_from([m for _, m in WORLD.moves] or [""]).map(lambda m: m.replace(" ", "_")[:40]),
        )
    )
    return f"{b36(table)}.{b36(version)}.{letter}{arg}"


@st.composite
def current_tokens(draw: st.DrawFn) -> str:
    """A button as the bot draws it now: a table that exists, its version, a real action."""
    table = draw(st.sampled_from(sorted(WORLD.tables.values())))
    version = json.loads(WORLD.snapshot["rows"][table])["version"]
    letter = draw(st.sampled_from(sorted(ACTIONS)))
    arg = draw(
        st.sampled_from(
            ["", "easy", "0", "y1", "n1", "level", "save", "stacks"]
            + [m.replace(" ", "_")[:40] for t, m in WORLD.moves if t == table]
        )
    )
    return f"{b36(table)}.{b36(version)}.{letter}{arg}"


places = st.sampled_from([CHAT, OTHER_CHAT, None])  # None: a private panel


@FUZZ
@given(
    actor=actors,
    token=st.one_of(
        hostile_text, tokens(), current_tokens(), tokens().map(lambda t: t + "\u202e"), tokens().map(str.upper)
    ),
    where=places,
)
def test_any_press_gets_an_answer_and_a_refusal_changes_nothing(
    actor: Actor, token: str, where: ChatRef | None
) -> None:
    check(Press(actor, token, where=where), "press")


@st.composite
def typed_moves(draw: st.DrawFn) -> tuple[int, str]:
    choice = draw(st.integers(0, 3))
    if choice == 0 and WORLD.moves:
        return draw(st.sampled_from(WORLD.moves))
    if choice == 1 and WORLD.moves:  # a legal move, mangled
        table, move = draw(st.sampled_from(WORLD.moves))
        noise = draw(hostile_text)
        at = draw(st.integers(0, len(move)))
        return table, move[:at] + noise + move[at:]
    return draw(table_ids), draw(hostile_text)


@FUZZ
@given(actor=actors, move=typed_moves(), where=places)
def test_any_typed_move_gets_an_answer_and_a_refusal_changes_nothing(
    actor: Actor, move: tuple[int, str], where: ChatRef | None
) -> None:
    check(Play(actor, move[0], move[1], where=where), "play")


values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), hostile_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=5,
)
option_names = st.one_of(
    st.sampled_from(["free_pass", "first", "stacks", "colours", "target", "demon_penalty", "auto_aces"]), hostile_text
)
options = st.dictionaries(option_names, values, max_size=3)
game_names = st.one_of(
    st.sampled_from(GAMES), hostile_text, st.sampled_from(["Svolota", "core", "__init__", "../speed"])
)
chats = st.sampled_from([CHAT, OTHER_CHAT])


def accepted_options_are_valid(game: str, opts: dict[str, Any]) -> None:
    """An accepted table must be able to start: its options are the game's own, with good values."""
    resolve_options(game_class(game).declared_options, opts)


@FUZZ
@given(chat=chats, actor=actors, game=game_names, opts=options)
def test_any_open_gets_an_answer_and_a_refusal_changes_nothing(
    chat: ChatRef, actor: Actor, game: str, opts: dict[str, Any]
) -> None:
    if check(Open(chat, actor, game, opts), "open").ok:
        accepted_options_are_valid(game, opts)


targets = st.lists(
    st.one_of(
        st.sampled_from(ACTORS).map(lambda a: (a.person, a.name)),
        st.tuples(st.builds(PersonRef, st.just("test"), hostile_text), hostile_text),
    ),
    max_size=8,
)


@settings(FUZZ, max_examples=examples(1500))
@given(chat=chats, actor=actors, game=game_names, to=targets, fill=st.booleans(), opts=options)
def test_any_challenge_gets_an_answer_and_a_refusal_changes_nothing(
    chat: ChatRef, actor: Actor, game: str, to: list[tuple[PersonRef, str]], fill: bool, opts: dict[str, Any]
) -> None:
    if check(Challenge(chat, actor, game, tuple(to), fill, opts), "challenge").ok:
        accepted_options_are_valid(game, opts)


setting_names = st.one_of(st.sampled_from(["lang", "turn_seconds", "many_tables", "house_rule"]), hostile_text)
setting_values = st.one_of(
    values,
    st.sampled_from(["en", "ru", "uk", True, False, 15, 600, 14, 601]),
    st.tuples(option_names, values),
)


@FUZZ
@given(
    actor=st.sampled_from([ADMIN, ANN]),
    name=setting_names,
    value=setting_values,
    game=st.one_of(st.none(), game_names),
)
def test_any_setting_gets_an_answer_and_a_refusal_changes_nothing(
    actor: Actor, name: str, value: Any, game: str | None
) -> None:
    check(ChangeSettings(CHAT, actor, name, value, game), "settings")


def test_every_cancel_gets_an_answer_and_a_refusal_changes_nothing() -> None:
    for chat in (CHAT, OTHER_CHAT):  # all of them: only two chats and five people
        for actor in ACTORS:
            check(Cancel(chat, actor), "cancel")


SUITES = {"press": 1500, "play": 1500, "open": 1500, "challenge": 1000, "settings": 1500, "cancel": 10}


def test_the_fuzz_ran_enough_inputs() -> None:
    """Runs last in this module (pytest keeps file order): every suite above generated its inputs
    (run alone, it fails: then nothing was fuzzed)."""
    print("service inputs:", COUNTS)
    assert all(COUNTS.get(suite, 0) >= examples(least) for suite, least in SUITES.items()), COUNTS


kick_names = st.one_of(st.sampled_from(["Ann", "bob", "@Cy", "DAN", "Eve", ""]), hostile_text)
kick_targets = st.one_of(
    st.none(), st.sampled_from(ACTORS).map(lambda a: a.person), st.builds(PersonRef, st.just("test"), hostile_text)
)


@settings(FUZZ, max_examples=examples(1500))
@given(chat=chats, actor=actors, target=kick_targets, name=kick_names, vote=st.booleans())
def test_any_kick_gets_an_answer_and_a_refusal_changes_nothing(
    chat: ChatRef, actor: Actor, target: PersonRef | None, name: str, vote: bool
) -> None:
    check(Kick(chat, actor, target, name, vote), "kick")


@settings(FUZZ, max_examples=examples(300))
@given(chat=chats, actor=actors, on=st.one_of(st.none(), st.booleans()))
def test_notify_always_gets_an_answer(chat: ChatRef, actor: Actor, on: bool | None) -> None:
    check(Notify(chat, actor, on), "notify")


@settings(FUZZ, max_examples=examples(500))
@given(
    actor=actors,
    game=st.one_of(st.none(), game_names),
    season=st.one_of(
        st.none(), st.sampled_from(["all", "ALL", "2026-11", "2026-13", "1999-01", "0000-00"]), hostile_text
    ),
)
def test_any_leaderboard_gets_an_answer_and_changes_nothing(actor: Actor, game: str | None, season: str | None) -> None:
    check(Leaderboard(CHAT, actor, game, season=season), "leaderboard")
