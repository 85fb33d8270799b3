"""A stopped drawing process on Telegram end to end (the real python-telegram-bot Application
against the fake Bot API): the board drawn while it is stopped arrives as text within the
pictures' time limit, the process is killed and replaced, and the next board is a picture again."""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Iterator

import pytest

from adapters.chat.records import read_note
from adapters.pictures import screens
from adapters.pictures.render import CACHE
from bot.clock import FakeClock
from tests.adapters.pictures.test_worker import alive, gone
from tests.adapters.telegram.fake_api import PICTURED, FakeBotApi
from tests.adapters.telegram.test_scenarios import Running, open_svolota
from tests.adapters.telegram.world import Chat, User

pytestmark = pytest.mark.slow  # a whole game's start, and seconds of a stuck drawing on purpose

MARGIN = 2.0  # seconds past the time limit for the move, its redraw and the sendMessage, on a busy machine
TURN = 61  # seconds: the chat's turn timer (60 s) plays for the person to act


@pytest.fixture
def stopped() -> Iterator[list[int]]:
    """The processes the test stops; whatever is left of them is continued and killed at the end."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        for signal_ in (signal.SIGCONT, signal.SIGKILL):
            if alive(pid):
                os.kill(pid, signal_)


@pytest.mark.async_timeout(120)
async def test_a_board_drawn_while_the_drawing_process_is_stopped_goes_as_text_and_pictures_come_back(
    fake_api: FakeBotApi,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    carol: User,
    group: Chat,
    stopped: list[int],
    caplog: pytest.LogCaptureFixture,
) -> None:
    # the group's pace barely holds up the board: its drawing starts with the move, not after
    async with Running(fake_api, url, clock, minute=0.3) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        pictured = await bot.message_of(group, table_id)
        assert pictured.photo is not None
        workers = screens.workers()
        await workers.warm_up()
        CACHE.clear()  # the next board's picture is drawn, not remembered from another test
        stopped.extend(workers.pids())
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)

        started = time.monotonic()
        with caplog.at_level(logging.WARNING):
            await bot.advance(TURN)  # the timer plays: the board is drawn again

            async def text_board() -> bool:
                message_id, with_picture = read_note(await bot.store.records.message_id(table_id, "", "table"))
                return message_id != pictured.message_id and not with_picture

            await bot.until(text_board, timeout=workers.timeout + MARGIN)
            arrived = time.monotonic() - started
            await bot.settled()
        board = await bot.message_of(group, table_id)
        assert board.photo is None and "⏱" in board.text and board.buttons  # the whole board, in words
        assert pictured.deleted  # (a photo cannot turn into text: sent anew)
        assert arrived < workers.timeout + MARGIN, arrived
        await gone(stopped)  # killed, not left stopped
        assert workers.pids() and not set(workers.pids()) & set(stopped)
        ours = [r for r in caplog.records if r.name.startswith("adapters")]
        [warning] = [r for r in ours if r.levelno >= logging.WARNING]
        assert warning.name == "adapters.pictures.workers" and warning.exc_info is None

        drawn = len(fake_api.calls(chat=group, ok=True))
        await bot.advance(TURN)  # the next person's timer: pictures are back
        await bot.settled()
        board = await bot.message_of(group, table_id)
        assert board.photo is not None
        back = time.monotonic() - started
        assert [r for r in fake_api.calls(chat=group, ok=True)[drawn:] if r.method in PICTURED]
        print(
            f"\nworker stopped: the board arrived as text after {arrived:.2f} s (limit {workers.timeout:g} s), "
            f"pictures back {back:.2f} s after the stop"
        )
