"""The Telegram bot in the pseudo-locale (tests/pseudo.py): the scenarios' drivers (test_scenarios.py)
run with every person and the group on the source language, which then reads the pseudo catalog;
afterwards every text the bot sent the fake Bot API (messages, edits, captions, button labels,
toasts, inline results, the menu and profile) is checked for words that never went through a
catalog and for brackets a length limit cut off. The drivers press buttons by their pseudo labels
or their tokens, since the words are not English here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from bot.i18n import Translator
from bot.lobby import COMPUTER_NAMES
from bot.tables import Status
from core import load_game
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import (
    CONFIG,
    Running,
    answer,
    finish,
    inline_answer,
    inline_move,
    moves_on,
    press_a_move,
    table_of,
)
from tests.adapters.telegram.world import Chat, User
from tests.pseudo import problems, pseudo_english, read_in


@pytest.fixture
def t() -> Iterator[Translator]:
    with pseudo_english() as t:
        yield t


@pytest.fixture
def people(fake_api: FakeBotApi) -> list[User]:
    """Three English people who have started the bot (the first made the group), and the group."""
    return [
        fake_api.add_user("Alice", username="alice_w", last_name="Walker", language_code="en", started=True),
        fake_api.add_user("Erin", username="erin_e", language_code="en-GB", started=True),
        fake_api.add_user("Finn", language_code="en", started=True),
    ]


@pytest.fixture
def group(fake_api: FakeBotApi, people: list[User]) -> Chat:
    return fake_api.add_group("Card night", people)


def names_of(people: list[User], *more: str) -> list[str]:
    return [*(n for p in people for n in (p.first_name, p.last_name or "", p.username or "")), *COMPUTER_NAMES, *more]


def sent(api: FakeBotApi) -> Iterator[tuple[str, str]]:
    """Every text the bot sent, with where (the method and field); other languages' menus left out."""
    for request in api.calls():
        if request.params.get("language_code"):
            continue  # the menu and profile of another language: not the pseudo one
        for where, text in read_in(request.params):
            yield request.method + where, text


def check(api: FakeBotApi, people: list[User], *names: str) -> None:
    texts = list(sent(api))
    assert len(texts) > 20, "the bot sent almost nothing: the run did not happen"
    found = problems(texts, names_of(people, *names))
    assert not found, "\n".join(found)
    too_long = [f"{r.method}: {r.description}" for r in api.calls() if "too long" in (r.description or "")]
    assert not too_long, too_long


async def test_commands_refusals_and_a_svolota_game_read_in_the_pseudo_locale(
    fake_api: FakeBotApi, url: str, clock: FakeClock, t: Translator, people: list[User], group: Chat
):
    alice, erin, finn = people
    async with Running(fake_api, url, clock, menu=True) as bot:  # the menu and profile read too
        for who, command in (
            (alice, "/help"),
            (erin, "/rules"),
            (erin, "/rules demon"),
            (finn, "/settings timer 30"),  # not an admin: refused
            (alice, "/settings timer 45"),
            (alice, "/settings"),
            (alice, "/settings nonsense 1"),
            (erin, "/look"),
            (erin, "/notify"),
            (alice, "/speed @somebody_else"),
            (alice, "/leaderboard"),
            (finn, "/stats"),
        ):
            fake_api.send_text(who, group, command)
            await fake_api.next_message(group)
            await bot.settled()  # every piece of a long answer (the help) before the next command
        fake_api.start_private(finn)
        await fake_api.next_message(fake_api.private_chat(finn))
        seen = len(fake_api.messages(group))
        fake_api.send_text(alice, group, "/svolota")
        lobby = await fake_api.wait_for(
            lambda: next(m for m in fake_api.messages(group)[seen:] if any(row for row in m.buttons)), what="the lobby"
        )
        table_id = table_of(lobby)
        await bot.settled()
        for person in (erin, finn):
            board = await bot.message_of(group, table_id)
            await answer(fake_api, fake_api.press(person, board, text=t.gettext("Join")))
            await bot.settled()
        refused = fake_api.press(erin, await bot.message_of(group, table_id), text=t.gettext("▶ Start"))
        assert (await answer(fake_api, refused)).get("text")  # only the opener starts: a toast
        await answer(fake_api, fake_api.press(alice, await bot.message_of(group, table_id), text=t.gettext("▶ Start")))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        board = await bot.message_of(group, table_id)
        seats = [alice, erin, finn]
        mover = seats[load_game((await bot.table(table_id)).state).turn]
        waiting = next(p for p in seats if p is not mover)
        assert await inline_answer(fake_api, fake_api.press(waiting, board, text=t.gettext("🂠 Choose cards")))
        await answer(fake_api, fake_api.press(mover, board, text=t.gettext("My cards")))
        await bot.settled()
        panel = await bot.message_of(fake_api.private_chat(mover), table_id, str(mover.id), "panel")
        move = moves_on(panel)[0]
        foreign = await answer(fake_api, fake_api.press(waiting, board, move, strict=False))
        assert foreign.get("text")  # not their turn
        await answer(fake_api, fake_api.press(mover, panel, move))
        assert (await answer(fake_api, fake_api.press(mover, panel, move))).get("text")  # too late
        assert await inline_move(fake_api, bot, group, seats, table_id)
        await bot.advance(61)  # the turn timer plays for someone
        await bot.settled()
    check(fake_api, people, "Card night", "somebody_else", "nonsense")  # what they typed, echoed


@pytest.mark.slow  # a Speed game played out and a lobby's every button: ~4 s
async def test_a_speed_challenge_and_a_racing_demon_lobby_read_in_the_pseudo_locale(
    fake_api: FakeBotApi, url: str, clock: FakeClock, t: Translator, people: list[User], group: Chat
):
    alice, erin, finn = people
    async with Running(fake_api, url, clock) as bot:
        hello = fake_api.send_text(erin, group, "anyone for a game?")
        fake_api.send_text(alice, group, "/speed", reply_to=hello)
        challenge = await fake_api.next_message(group)
        table_id = table_of(challenge)
        await bot.settled()
        await answer(fake_api, fake_api.press(erin, challenge, text=t.gettext("✅ Accept")))
        await bot.settled()
        board = await bot.message_of(group, table_id)
        await answer(fake_api, fake_api.press(erin, board, text=t.gettext("🎮 My panel")))
        for _ in range(3):
            for person in (alice, erin):
                await press_a_move(fake_api, bot, person, table_id)
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
        assert (await finish(bot, table_id)).status is Status.FINISHED
        for command in ("/leaderboard speed", "/stats"):
            fake_api.send_text(erin, group, command)
            await fake_api.next_message(group)

        fake_api.send_text(finn, group, "/demon")
        demon = table_of(await fake_api.next_message(group))
        await bot.settled()
        lobby = await bot.message_of(group, demon)
        labels = (
            "+ Computer",
            "+ Computer",
            "− Computer",
            "⏳ +1 min",
            "⚙ House rules",
            "💾 Save for this chat",
            "✓ Done",
        )
        for label in labels:
            await answer(fake_api, fake_api.press(finn, lobby, text=t.gettext(label)))
            await bot.settled()
        await answer(fake_api, fake_api.press(finn, lobby, text=t.gettext("Cancel")))
        await bot.settled()
        fake_api.send_text(finn, group, "/speed")
        table_of(await fake_api.next_message(group))
        await bot.advance(CONFIG.lobby_seconds + 1)  # nobody joins: it expires
        await bot.settled()
    check(fake_api, people, "Card night")
