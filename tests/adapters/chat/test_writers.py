"""The writers against a platform in memory: one writer per place, the newest screen winning;
screens arriving while a write is in flight (or waiting for the chat's pace) are coalesced; a rate
limit is waited out and a network failure tried again until the platform is back (a write that gets
through wakes the others); a refusal or a bug skips one screen, never the writer; a press's answer
may go before the redraws it causes; a one-off message waits for its table's messages."""

from __future__ import annotations

import asyncio
import itertools
import logging

import pytest

from adapters.chat import backoff
from adapters.chat.platform import Trouble
from adapters.chat.posts import Place, Post
from bot.clock import FakeClock
from bot.people import ChatRef
from bot.ui.screen import Button, Screen
from tests.adapters.chat.fake_platform import Failure, chat_notifier

GROUP = ChatRef("fake", "-100")


def board(text: str, table: int = 1) -> Screen:
    return Screen(table, text, ((Button("Join", f"{table}.1.j"),),))


async def test_screens_arriving_while_a_write_is_in_flight_are_coalesced_into_the_newest() -> None:
    n, platform, _ = chat_notifier()
    platform.gate = asyncio.Event()
    await n.show(GROUP, [board("v1")])
    await asyncio.sleep(0)  # the writer is now waiting on the first send
    for i in range(2, 8):
        await n.show(GROUP, [board(f"v{i}")])
    platform.gate.set()
    await n.idle()
    assert platform.did() == [("send", "v1"), ("edit", "v7")]
    assert n.stats["coalesced"] == 5


async def test_screens_waiting_for_the_chats_pace_are_coalesced_and_other_chats_go_on() -> None:
    class Turns:
        """A pace that lets a chat write only when the test says so."""

        def __init__(self) -> None:
            self.turn = asyncio.Event()
            self.taken: list[str] = []

        async def take(self, chat: str) -> None:
            if chat == GROUP.chat_id:
                await self.turn.wait()
                self.turn.clear()
            self.taken.append(chat)

        def interval(self, chat: str) -> float:
            return 0.0

    pace = Turns()
    n, platform, _ = chat_notifier(pace=pace)
    for i in range(3):
        await n.show(GROUP, [board(f"v{i}")])
    await n.show(ChatRef("fake", "-200"), [board("elsewhere", table=2)])
    await asyncio.sleep(0.05)
    assert platform.did() == [("send", "elsewhere")]  # the other chat did not wait
    pace.turn.set()
    await n.idle()
    assert platform.did() == [("send", "elsewhere"), ("send", "v2")] and pace.taken == ["-200", "-100"]


async def test_a_rate_limit_is_waited_out_and_the_newest_screen_drawn() -> None:
    n, platform, _ = chat_notifier()
    platform.fail = [Failure(Trouble.RATE_LIMITED, after=0.2)]
    loop = asyncio.get_running_loop()
    start = loop.time()
    await n.show(GROUP, [board("first")])
    while platform.fail:  # until the first attempt met the rate limit
        await asyncio.sleep(0)
    await n.show(GROUP, [board("newer")])
    await n.idle()
    assert loop.time() - start >= 0.2
    assert platform.did() == [("send", "newer")]


async def test_a_network_failure_is_tried_again_until_the_platform_is_back_and_the_newest_screen_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The platform down for a minute of the service's clock: the board is tried again after a
    backoff on that clock (doubling, capped), never given up, and what is drawn once it is back is
    the newest screen, once."""
    monkeypatch.setattr(backoff, "LOOK", 0.002)  # the writer looks at the clock more often than it moves
    clock = FakeClock()
    n, platform, _ = chat_notifier(clock=clock)
    platform.fail = [Failure(Trouble.NETWORK)] * 1000
    await n.show(GROUP, [board("v1")])
    tries: list[float] = []
    start = clock.now()
    while clock.now() - start < 60:
        before = len(platform.fail)
        await asyncio.sleep(0.005)
        if len(platform.fail) < before:
            tries.append(clock.now() - start)
        await n.show(GROUP, [board(f"v{len(tries) + 1}")])  # the game goes on meanwhile
        clock.advance(0.5)
    assert platform.did() == []
    gaps = [b - a for a, b in itertools.pairwise(tries)]
    assert len(tries) >= 7 and max(gaps) <= backoff.CAP + 0.5, tries  # never given up, never above the cap
    assert gaps[0] < gaps[3], gaps  # backing off
    platform.fail = []
    newest = f"v{len(tries) + 1}"
    clock.advance(backoff.CAP)
    await asyncio.wait_for(n.idle(), 5)
    assert platform.did() == [("send", newest)]  # once, the newest


async def test_a_write_that_gets_through_wakes_the_writers_waiting_for_the_platform(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backoff, "LOOK", 0.002)  # the writer looks at the clock more often than it moves
    clock = FakeClock()
    n, platform, _ = chat_notifier(clock=clock)
    platform.fail = [Failure(Trouble.NETWORK)] * 8  # four failures each: the next try 4 to 8 s away
    await n.show(GROUP, [board("waiting")])
    await n.show(ChatRef("fake", "-200"), [board("also waiting", table=2)])
    while platform.fail:
        clock.advance(0.5)
        await asyncio.sleep(0.005)
    await asyncio.sleep(0.01)  # both wait now, on a clock that stands still
    await n.show(ChatRef("fake", "-300"), [board("through", table=3)])
    await asyncio.wait_for(n.idle(), 1.5)  # at once, not 4 s later
    assert sorted(platform.did()) == [("send", "also waiting"), ("send", "through"), ("send", "waiting")]


async def test_an_outage_is_logged_once_however_many_boards_wait_for_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(backoff, "LOOK", 0.002)
    clock = FakeClock()
    n, platform, _ = chat_notifier(clock=clock)
    platform.fail = [Failure(Trouble.NETWORK)] * 30
    caplog.set_level(logging.INFO, logger="adapters.chat.writers")
    for table in range(1, 11):  # ten boards in ten chats
        await n.show(ChatRef("fake", f"-{table}00"), [board("waiting", table=table)])
    while platform.fail:
        clock.advance(0.5)
        await asyncio.sleep(0.005)
    clock.advance(backoff.CAP)
    await asyncio.wait_for(n.idle(), 5)
    assert len(platform.did()) == 10
    said = [(r.levelno, r.getMessage()) for r in caplog.records if r.levelno >= logging.INFO]
    assert [level for level, _ in said] == [logging.WARNING, logging.INFO], said
    assert said[0][1].startswith("could not reach the platform drawing table ")
    assert said[1][1] == "the platform answers again (30 writes had failed meanwhile)"


async def test_a_refusal_or_a_bug_skips_one_screen_and_the_writer_goes_on() -> None:
    n, platform, _ = chat_notifier()
    platform.gate = asyncio.Event()
    platform.fail = [Failure(Trouble.REFUSED), Failure(None)]  # the platform said no; something broke
    await n.show(GROUP, [board("one")])
    await asyncio.sleep(0)
    await n.show(GROUP, [board("two")])
    await asyncio.sleep(0)
    platform.gate.set()
    while platform.fail:
        await asyncio.sleep(0.01)
    await n.show(GROUP, [board("three")])
    await n.idle()
    assert platform.did() == [("send", "three")] and n.stats["skipped"] == 1


async def test_a_held_chat_waits_for_its_release_and_other_chats_do_not() -> None:
    n, platform, _ = chat_notifier()
    release = n.writers.hold(GROUP.chat_id)
    await n.show(GROUP, [board("held")])
    await n.show(ChatRef("fake", "-200"), [board("free", table=2)])
    await asyncio.sleep(0.05)
    assert platform.did() == [("send", "free")]
    release()
    release()  # (safe to call again)
    await n.idle()
    assert platform.did() == [("send", "free"), ("send", "held")]


async def test_a_one_off_message_waits_for_the_writers_of_its_table_in_its_chat() -> None:
    n, platform, _ = chat_notifier()
    platform.gate = asyncio.Event()
    await n.show(GROUP, [board("lobby", table=5)])
    ping = Screen(5, "a table is open", slot="ping", final=True)
    await n.show(GROUP, [ping])
    await asyncio.sleep(0.05)
    assert platform.did() == []  # both wait: the board at the gate, the ping for the board
    platform.gate.set()
    await n.idle()
    assert platform.did() == [("send", "lobby"), ("send", "a table is open")]


async def test_once_writes_at_the_chats_pace_and_is_waited_for_by_idle() -> None:
    n, _platform, _ = chat_notifier()
    done = asyncio.Event()

    async def answer() -> str:
        await done.wait()
        return "said"

    said = asyncio.ensure_future(n.writers.once(GROUP.chat_id, answer))
    idle = asyncio.ensure_future(n.idle())
    await asyncio.sleep(0.05)
    assert not idle.done()
    done.set()
    assert await said == "said"
    await idle


def test_a_post_is_known_by_its_place_and_one_offs_each_by_their_own() -> None:
    where = Place("-100", "7")
    first, second = (Post.public(where, Screen(0, "podium", slot="season")) for _ in range(2))
    assert first.key != second.key and first.one_off and second.one_off
    assert Post.public(where, board("b")).key == (where, 1, "", "table")
