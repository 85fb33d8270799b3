"""A press is answered at once, whatever happens to the redraws it causes (the real
python-telegram-bot Application against the fake Bot API, as in test_scenarios.py): with every
edit of a lobby refused, and with half of a Speed table's edits refused and a RetryAfter on its
board, every answerCallbackQuery reaches the fake within `ANSWERED` of its press. Each refused
message is replaced once by a fresh one (and deleted): never edited again, no copy left standing.

Telegram's pace runs `PACE_SCALE` times faster here, no more: a group's bucket of 20 requests a
"minute" then lets one through every 1.5 s, twice `ANSWERED`, so an answer held there shows; an
answer not held there takes 10–20 ms, and up to 0.6 s on a 2-core machine busy with a whole run.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.tables import Status
from tests.adapters.telegram.fake_api import EDITS, SENDS, FakeBotApi
from tests.adapters.telegram.test_scenarios import CONFIG, Running, answer, moves_on, table_of
from tests.adapters.telegram.world import Chat, Message, User

ANSWERED = 0.75  # seconds from a press to its answer reaching Telegram
PACE_SCALE = 2  # Telegram's "minute" is 30 s here
CANNOT_EDIT = "Bad Request: message can't be edited"
TELEGRAMS_PACE = {"minute": 60 / PACE_SCALE, "private_per_second": 1.0, "overall_per_second": 30.0}
LOBBY_BUTTONS = ("+1 min", "House rules", "Done", "Computers")


@pytest.fixture
def erin(fake_api: FakeBotApi) -> User:
    return fake_api.add_user("Erin", username="erin_e", language_code="en", started=True)


@pytest.fixture
def night(fake_api: FakeBotApi, alice: User, bob: User, erin: User) -> Chat:
    """A group of three people who have all started the bot."""
    return fake_api.add_group("Game night", [alice, bob, erin])


class Waits:
    """Each press's wait for its answer, on the fake's clock of receipt."""

    def __init__(self, api: FakeBotApi) -> None:
        self.api = api
        self.seconds: list[float] = []

    async def press(self, person: User, message: Message, data: str | None = None, **button: Any) -> dict[str, Any]:
        pressed = time.monotonic()  # (the clock of Request.time)
        query_id = self.api.press(person, message, data, **button)
        answered = await answer(self.api, query_id)
        received = next(r for r in self.api.calls("answerCallbackQuery") if r.params["callback_query_id"] == query_id)
        self.seconds.append(received.time - pressed)
        return answered

    def check(self, what: str) -> None:
        p50, most = statistics.median(self.seconds), max(self.seconds)
        late = sum(1 for s in self.seconds if s >= ANSWERED)
        print(f"{what}: {len(self.seconds)} presses answered in p50 {p50 * 1000:.0f} ms, max {most * 1000:.0f} ms")
        assert late == 0, f"{late} of {len(self.seconds)} presses waited {ANSWERED} s or more (max {most:.2f} s)"


def refuse_edits(api: FakeBotApi, which: Callable[[dict[str, Any]], bool] = lambda params: True) -> None:
    for method in EDITS:
        api.fail_next(method, 400, count=1_000_000, description=CANNOT_EDIT, when=which)


def replaced_once(api: FakeBotApi, chat: Chat, since: int) -> int:
    """Check that each of the chat's edits refused since request `since` was followed by exactly one
    new message before the next edit there, and that the refused message was deleted and never
    edited again; the number of refused edits."""
    writes = [r for r in api.requests[since:] if r.params.get("chat_id") == chat.id and r.method in EDITS + SENDS]
    refused = [i for i, r in enumerate(writes) if r.method in EDITS and r.status == 400]
    for i in refused:
        message_id = writes[i].params["message_id"]
        assert not [r for r in writes[i + 1 :] if r.method in EDITS and r.params["message_id"] == message_id]
        then = writes[i + 1 :]
        until_edit = then[: next((k for k, r in enumerate(then) if r.method in EDITS), len(then))]
        assert [r.method for r in until_edit if r.ok] in (["sendMessage"], ["sendPhoto"]), until_edit
        assert message_id not in {m.message_id for m in api.messages(chat)}  # deleted
    return len(refused)


async def drawn_in(bot: Running, chat: Chat, table_id: int, audience: str = "", slot: str = "table") -> Message:
    """The table's message people see there (a refused one is deleted a moment before its
    replacement comes: the moment after)."""
    for _ in range(100):
        try:
            return await bot.message_of(chat, table_id, audience, slot)
        except AssertionError:
            await asyncio.sleep(0.02)
    return await bot.message_of(chat, table_id, audience, slot)


@pytest.mark.slow
@pytest.mark.async_timeout(90)
async def test_with_every_edit_refused_three_people_pressing_in_a_lobby_are_answered_at_once(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, erin: User, night: Chat
):
    """Alice's presses change the board, whose edits Telegram refuses; Bob's and Erin's "+1 min"
    and "House rules" ask Telegram whether they administer the group (they do not)."""
    waits = Waits(fake_api)
    async with Running(fake_api, url, clock, **TELEGRAMS_PACE) as bot:
        fake_api.send_text(alice, night, "/speed")
        table_id = table_of(await fake_api.next_message(night))
        await bot.settled()
        since = len(fake_api.requests)
        refuse_edits(fake_api)

        async def presses(person: User, seed: int) -> None:
            chosen = random.Random(seed)
            for _ in range(8):
                board = await drawn_in(bot, night, table_id)
                labels = [b["text"] for row in board.buttons for b in row if any(w in b["text"] for w in LOBBY_BUTTONS)]
                await waits.press(person, board, text=chosen.choice(labels))
                await asyncio.sleep(chosen.uniform(0.1, 0.3))

        await asyncio.gather(*(presses(person, seed) for seed, person in enumerate((alice, bob, erin))))
        await bot.settled(timeout=40)
        board = await drawn_in(bot, night, table_id)
        if any("Done" in b["text"] for row in board.buttons for b in row):  # the house rules are open
            await waits.press(alice, board, text="Done")
            await bot.settled(timeout=40)
        await waits.press(alice, await drawn_in(bot, night, table_id), text="Cancel")
        await bot.settled(timeout=40)
        waits.check("a lobby, its edits refused")
        assert (await bot.table(table_id)).status is Status.CANCELLED
        refused = replaced_once(fake_api, night, since)
        assert refused >= 3 and bot.notifier.stats["replaced"] == refused
        boards = fake_api.messages(night, from_bot=True)
        assert len(boards) == 1 and "cancel" in boards[0].text.lower(), [m.text for m in boards]


@pytest.mark.slow
@pytest.mark.async_timeout(90)
@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter's int form
async def test_with_half_the_edits_refused_and_a_retry_after_a_speed_table_answers_every_press_at_once(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, erin: User, night: Chat
):
    """Alice and Bob play from their panels and ask for them again on the board; Erin, watching,
    presses "My panel" too. Every second edit is refused, in the group and the private chats, and
    once the group's board meets Telegram's flood control (PTB waits it out, holding its requests)."""
    waits = Waits(fake_api)
    async with Running(fake_api, url, clock, **TELEGRAMS_PACE) as bot:
        fake_api.send_text(alice, night, "/speed")
        table_id = table_of(await fake_api.next_message(night))
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(night, table_id), text="Join"))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        since = len(fake_api.requests)
        edits = 0

        def every_second(params: dict[str, Any]) -> bool:
            nonlocal edits
            edits += 1
            return edits % 2 == 0

        refuse_edits(fake_api, every_second)
        playing = True

        async def plays(person: User, seed: int) -> None:
            chosen = random.Random(seed)
            while playing:
                panel = await drawn_in(bot, fake_api.private_chat(person), table_id, str(person.id), "panel")
                moves = moves_on(panel)
                if moves and chosen.random() < 0.8:
                    await waits.press(person, panel, chosen.choice(moves))
                else:
                    await waits.press(person, await drawn_in(bot, night, table_id), text="My panel")
                await asyncio.sleep(chosen.uniform(0.1, 0.3))

        async def watches() -> None:
            while playing:
                await waits.press(erin, await drawn_in(bot, night, table_id), text="My panel")
                await asyncio.sleep(0.4)

        people = [asyncio.create_task(c) for c in (plays(alice, 1), plays(bob, 2), watches())]
        for window in range(4):
            if window == 1:
                fake_api.fail_next("*", 429, retry_after=2, when=lambda params: params.get("chat_id") == night.id)
            await asyncio.sleep(CONFIG.window_seconds)
            await bot.advance(CONFIG.window_seconds)
        playing = False
        await asyncio.gather(*people)
        await bot.settled(timeout=40)
        waits.check("a Speed table, half its edits refused")
        assert [r for r in fake_api.requests[since:] if r.status == 429], "the board never met flood control"
        chats = [night, fake_api.private_chat(alice), fake_api.private_chat(bob)]
        refused = sum(replaced_once(fake_api, chat, since) for chat in chats)
        assert refused >= 3 and bot.notifier.stats["replaced"] == refused
        assert len([m for m in fake_api.messages(night, from_bot=True) if m.buttons]) == 1
