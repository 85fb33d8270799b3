"""Flood control and failures on the way to Telegram, end to end (the real python-telegram-bot
Application against the fake Bot API, as in test_scenarios.py): a 429 waited out, a deleted board
sent anew, a fast game kept within a group's pace, and a slow answer in one chat that holds back
no other chat. Time for flood control runs `SCALE` times faster than Telegram's."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.settings import ServiceConfig
from bot.tables import Status
from tests.adapters.telegram.fake_api import EDITS, SENDS, FakeBotApi
from tests.adapters.telegram.test_scenarios import CONFIG, SCALE, Running, answer, table_of
from tests.adapters.telegram.world import Chat, User


@pytest.mark.slow  # a real Retry-After waited out
@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter's int form
async def test_a_429_is_waited_out_and_the_board_still_drawn(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        # twice "Too Many Requests: retry after 1": the rate limiter waits and retries once, the
        # notifier waits and draws again
        # (the game starts as Bob joins: its board is the lobby's message given the game's picture)
        fake_api.fail_next("editMessageMedia", 429, retry_after=1, count=2)
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await fake_api.wait_for(lambda: fake_api.calls("editMessageMedia", ok=True), timeout=10)
        edits = fake_api.calls("editMessageMedia")
        assert [e.status for e in edits] == [429, 429, 200]
        assert edits[1].time - edits[0].time >= 1.0 and edits[2].time - edits[1].time >= 1.0
        assert bob.first_name in (await bot.message_of(group, table_id)).text


async def test_a_deleted_board_is_sent_anew(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        lobby = await fake_api.next_message(group)
        table_id = table_of(lobby)
        await bot.settled()
        lobby.deleted = True  # an admin deleted it
        fake_api.send_text(bob, group, "/speed")  # refused: a table is open here, and the answer says so
        await fake_api.next_message(group)
        await bot.advance(CONFIG.lobby_seconds + 1)  # the lobby expires: its board is redrawn
        await bot.settled()
        board = await bot.message_of(group, table_id)
        assert board is not lobby and "expired" in board.text


@pytest.mark.slow  # whole games at the group's real pace
@pytest.mark.parametrize("game, people", [("svolota", 6), ("racing_demon", 8)])
async def test_a_fast_game_stays_within_the_group_limit(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat, game: str, people: int
):
    """Computers play as fast as the service lets them (the person leaves at once, a computer
    takes their seat), and the service redraws the board many times a "minute"; the notifier
    coalesces the boards to the group's pace: no "minute" holds more than 20 messages and edits.

    Each step of the clock is one beat of the game (a computer's move, a window), so the board is
    redrawn at every step, every 80 ms at most: the game lasts long enough for the group to have
    more writes than one "minute" allows. Redraws that come while the board's edit is on its way
    are coalesced into the newest: checked with an edit held until three redraws have come."""
    fast = ServiceConfig(window_seconds=1.5, computer_think=0.2)
    async with Running(fake_api, url, clock, fast) as bot:
        fake_api.send_text(alice, group, f"/{'demon' if game == 'racing_demon' else game}")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        for _ in range(people - 1):
            await answer(fake_api, fake_api.press(alice, await bot.message_of(group, table_id), text="+ Computer"))
            await bot.settled()
        if (await bot.table(table_id)).status is Status.LOBBY:
            await answer(fake_api, fake_api.press(alice, await bot.message_of(group, table_id), text="Start"))
        await bot.settled()
        panel = await bot.message_of(fake_api.private_chat(alice), table_id, str(alice.id), "panel")
        await answer(fake_api, fake_api.press(alice, panel, text="Leave"))
        beat = fast.computer_think if game == "svolota" else fast.window_seconds

        redraws = 0
        show = bot.notifier.show

        async def counted(chat: Any, screens: Any) -> None:
            nonlocal redraws
            redraws += sum(1 for s in screens if s.table_id == table_id and s.audience is None)
            await show(chat, screens)

        bot.notifier.show = counted  # type: ignore[method-assign]
        coalesced, held = bot.notifier.stats["coalesced"], asyncio.Event()
        board_edit = lambda method, params: method in EDITS and params.get("chat_id") == group.id  # noqa: E731
        fake_api.latency = lambda method, params: held.wait() if board_edit(method, params) else 0.0
        while redraws < 3 and (await bot.table(table_id)).status is Status.PLAYING:
            await bot.advance(beat)
        held.set()
        fake_api.latency = None
        await bot.settled()
        assert redraws >= 3 and bot.notifier.stats["coalesced"] > coalesced, bot.notifier.stats

        def writes() -> list[float]:
            return [r.time for r in fake_api.calls(chat=group) if r.method in SENDS + EDITS]

        safety = time.monotonic() + 120  # a net for a hang only: the loop ends on the writes it sees
        while (await bot.table(table_id)).status is Status.PLAYING and len(writes()) <= 25:
            assert time.monotonic() < safety, "the game stopped drawing"
            await bot.advance(beat)
            await asyncio.sleep(0.08)
        await bot.settled()
        minute = 60 / SCALE
        times = writes()
        busiest = max(sum(1 for w in times if start <= w < start + minute) for start in times)
        assert busiest <= 20
        assert len(times) > 20, "the game was over within one minute of the group's pace"
        table = await bot.table(table_id)
        if table.status is Status.FINISHED:
            assert "is over" in (await bot.message_of(group, table_id)).text


async def test_a_slow_button_answer_holds_back_only_its_own_chat(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, dave: User, group: Chat
):
    """A press's answer goes out before the redraws it causes in its chat, but a slow answer in one
    group never keeps another group's board from being drawn."""
    other = fake_api.add_group("Other night", [dave])
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/svolota")
        here = table_of(await fake_api.next_message(group))
        fake_api.send_text(dave, other, "/svolota")
        there = table_of(await fake_api.next_message(other))
        await bot.settled()
        slow: list[str] = []

        def latency(method: str, params: dict[str, Any]) -> float:
            return 3.0 if method == "answerCallbackQuery" and params.get("callback_query_id") in slow else 0.0

        fake_api.latency = latency
        slow.append(fake_api.press(alice, await bot.message_of(group, here), text="+ Computer"))
        await answer(fake_api, fake_api.press(dave, await bot.message_of(other, there), text="+ Computer"))

        def edits(chat: Chat) -> list[int]:
            requests = enumerate(fake_api.requests)
            return [i for i, r in requests if r.method in EDITS and r.params.get("chat_id") == chat.id]

        await fake_api.wait_for(lambda: edits(other), what="the other group's board to be redrawn")
        assert fake_api.answers_to(slow[0]) is None  # the slow answer is still on its way
        await answer(fake_api, slow[0])
        await bot.settled()
        answered = next(i for i, r in enumerate(fake_api.requests) if r.params.get("callback_query_id") == slow[0])
        assert edits(group) and edits(group)[0] > answered  # its own board waited for the answer
        assert "🤖" in (await bot.message_of(group, here)).text


async def test_a_move_is_answered_once_committed_while_its_table_is_still_being_drawn(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat
):
    """A press's answer (the end of the button's spinner) waits for its change to be committed, not
    for the table's screens to be made: the board follows it."""
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/svolota")
        here = table_of(await fake_api.next_message(group))
        await bot.settled()
        before = await bot.service.store.load(here)
        assert before is not None
        drawing = bot.service.drawing
        redraw, drawn = drawing.redraw, asyncio.Event()

        async def held(table: Any) -> None:
            await drawn.wait()
            await redraw(table)

        drawing.redraw = held  # type: ignore[method-assign]
        pressed = len(fake_api.requests)
        try:
            await answer(fake_api, fake_api.press(alice, await bot.message_of(group, here), text="+ Computer"))
            committed = await bot.service.store.load(here)
            assert committed is not None and committed.version == before.version + 1
            assert not [r for r in fake_api.requests[pressed:] if r.method in EDITS]  # not drawn yet
        finally:
            drawn.set()
        await bot.settled()
        assert "🤖" in (await bot.message_of(group, here)).text
