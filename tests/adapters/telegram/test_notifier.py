"""The notifier against a stand-in Bot: the first screen of a place is sent and remembered, later
ones edit it; "not modified", a deleted message, a person who never started the bot and a
RetryAfter are normal events; screens arriving during an edit are coalesced into the newest."""

from __future__ import annotations

import asyncio
import datetime as dtm
from dataclasses import replace
from typing import Any

import pytest
from telegram.error import BadRequest, Forbidden, RetryAfter

from adapters.telegram.notifier import TelegramNotifier
from adapters.telegram.pacing import Pacer
from bot.memory_store import MemoryStore
from bot.people import ChatRef, PersonRef
from bot.screens.model import ALERT, Alert, Button, Countdown, Mention, Screen

GROUP = ChatRef("telegram", "-100")
TOPIC = ChatRef("telegram", "-100", "42")
ANN = PersonRef("telegram", "11")


class Sent:
    def __init__(self, message_id: int) -> None:
        self.message_id = message_id


class StubBot:
    """Records sends and edits; `fail` holds exceptions to raise, in order, on the next calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.fail: list[Exception] = []
        self.gate: asyncio.Event | None = None
        self.next_id = 100

    async def _call(self, name: str, kwargs: dict[str, Any]) -> None:
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise self.fail.pop(0)
        self.calls.append((name, kwargs))

    async def send_message(self, chat_id: int, text: str, **kwargs: Any) -> Sent:
        await self._call("send", {"chat_id": chat_id, "text": text, **kwargs})
        self.next_id += 1
        return Sent(self.next_id)

    async def edit_message_text(self, text: str, **kwargs: Any) -> bool:
        await self._call("edit", {"text": text, **kwargs})
        return True

    async def delete_message(self, chat_id: int, message_id: int) -> bool:
        await self._call("delete", {"chat_id": chat_id, "message_id": message_id})
        return True


def notifier() -> tuple[TelegramNotifier, StubBot, MemoryStore]:
    bot, store = StubBot(), MemoryStore()
    fast = Pacer(1000, 1, burst=1000)
    return TelegramNotifier(bot, store, fast, fast), bot, store  # type: ignore[arg-type]


def board(text: str, table: int = 1) -> Screen:
    return Screen(table, text, ((Button("Join", f"{table}.1.j"),),))


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_the_first_screen_is_sent_and_remembered_and_the_next_edits_it():
    n, bot, store = notifier()

    async def go() -> None:
        await n.show(GROUP, [board("one")])
        await n.idle()
        await n.show(GROUP, [board("two")])
        await n.idle()
        assert await store.message_id(1, "", "table") == "101"

    run(go())
    assert [name for name, _ in bot.calls] == ["send", "edit"]
    assert bot.calls[1][1]["message_id"] == 101
    assert bot.calls[1][1]["text"] == "two"


def test_a_board_in_a_forum_topic_is_sent_to_its_topic():
    n, bot, _ = notifier()

    async def go() -> None:
        await n.show(TOPIC, [board("one")])
        await n.idle()

    run(go())
    assert bot.calls[0][1]["message_thread_id"] == 42


def test_not_modified_is_success_and_a_deleted_message_is_sent_anew():
    n, bot, store = notifier()

    async def go() -> None:
        await n.show(GROUP, [board("one")])
        await n.idle()
        bot.fail = [BadRequest("Message is not modified: specified new message content is the same")]
        await n.show(GROUP, [board("one")])
        await n.idle()
        assert [name for name, _ in bot.calls] == ["send"]
        bot.fail = [BadRequest("Message to edit not found")]
        await n.show(GROUP, [board("two")])
        await n.idle()
        assert await store.message_id(1, "", "table") == "102"

    run(go())
    assert [name for name, _ in bot.calls] == ["send", "send"]


def test_a_person_who_never_started_the_bot_is_skipped_and_known_unreachable():
    n, bot, _ = notifier()
    panel = Screen(1, "your cards", audience=ANN, slot="panel")

    async def go() -> bool:
        bot.fail = [Forbidden("Forbidden: bot can't initiate conversation with a user")]
        return await n.deliver(None, [panel])

    assert run(go()) is False
    assert n.reachable(ANN) is False
    assert bot.calls == []


def test_screens_arriving_while_an_edit_is_in_flight_are_coalesced_into_the_newest():
    n, bot, _ = notifier()

    async def go() -> None:
        bot.gate = asyncio.Event()
        await n.show(GROUP, [board("v1")])
        await asyncio.sleep(0)  # the writer is now waiting on the first send
        for i in range(2, 8):
            await n.show(GROUP, [board(f"v{i}")])
        bot.gate.set()
        await n.idle()

    run(go())
    assert [(name, kw["text"]) for name, kw in bot.calls] == [("send", "v1"), ("edit", "v7")]
    assert n.stats["coalesced"] == 5


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter's int form
def test_retry_after_is_waited_out_and_the_screen_drawn_once_more():
    n, bot, _ = notifier()

    async def go() -> float:
        bot.fail = [RetryAfter(dtm.timedelta(seconds=0.2))]
        start = asyncio.get_running_loop().time()
        await n.show(GROUP, [board("one")])
        await n.idle()
        return asyncio.get_running_loop().time() - start

    assert run(go()) >= 0.2
    assert [name for name, _ in bot.calls] == ["send"]


def test_a_screen_older_than_the_one_another_process_drew_is_not_drawn():
    n, bot, store = notifier()

    async def go() -> None:
        await n.show(GROUP, [replace(board("version 3"), version=3)])
        await n.idle()
        assert await store.claim_screen(1, "", "table", 5)  # another process drew version 5 meanwhile
        await n.show(GROUP, [replace(board("version 4"), version=4)])
        await n.idle()
        await n.show(GROUP, [replace(board("version 6"), version=6)])
        await n.idle()

    run(go())
    assert [call["text"] for _, call in bot.calls] == ["version 3", "version 6"]
    assert n.stats["outdated"] == 1


def test_an_edit_that_would_change_nothing_is_not_sent():
    n, bot, _ = notifier()

    async def go() -> None:
        for text in ("one", "one", "two", "two"):
            await n.show(GROUP, [board(text)])
            await n.idle()

    run(go())
    assert [(name, kw["text"]) for name, kw in bot.calls] == [("send", "one"), ("edit", "two")]
    assert n.stats["unchanged"] == 2


BEA = PersonRef("telegram", "12")


def alert(person: PersonRef, name: str, since: float, anew: bool = True) -> Screen:
    """ "🔔 NAME, your move · 60 s" with its marks, as bot/screens/svolota.py draws it."""
    text = f"🔔 {name}, your move · 60 s"
    left = text.index("60 s")
    marks = (Mention(2, 2 + len(name), person), Countdown(left, len(text), since + 60))
    return Screen(1, text, slot=ALERT, marks=marks, alert=Alert(0, person, since, since + 60, anew))


def test_a_turn_alert_mentions_its_person_and_counts_down_and_the_chat_keeps_one():
    bot, store = StubBot(), MemoryStore()
    fast = Pacer(1000, 1, burst=1000)
    n = TelegramNotifier(bot, store, fast, fast, {"12": "bea_b"}.get)  # type: ignore[arg-type]

    async def go() -> None:
        for screen in (
            alert(ANN, "Ann 🦊", 1000),  # Ann has no @username (known here): a text mention
            alert(ANN, "Ann 🦊", 1000),  # a redraw of the same turn: nothing
            alert(BEA, "Bea", 1010),  # Bea's turn: Ann's alert goes, Bea's is sent
            alert(BEA, "Bea", 1012, anew=False),  # back to Bea within seconds: hers is brought up to date
            Screen(1, "", slot=ALERT, final=True),  # the game is over: the alert goes
        ):
            await n.show(GROUP, [screen])
            await n.idle()

    run(go())
    assert [name for name, _ in bot.calls] == ["send", "delete", "send", "edit", "delete"]
    first = bot.calls[0][1]
    assert first["text"] == "🔔 Ann 🦊, your move · 60 s"
    mention, countdown = first["entities"]
    # offsets and lengths in UTF-16 code units: 🔔 and 🦊 are two each
    assert (mention.type, mention.offset, mention.length, mention.user.id) == ("text_mention", 3, 6, 11)
    assert (countdown.type, countdown.offset, countdown.length) == ("date_time", 23, 4)
    assert countdown.unix_time.timestamp() == 1060 and countdown.date_time_format == "r"
    assert bot.calls[1][1]["message_id"] == 101  # Ann's alert
    bea = bot.calls[2][1]
    assert bea["text"].startswith("🔔 @bea_b, your move")
    assert (bea["entities"][0].type, bea["entities"][0].offset, bea["entities"][0].length) == ("mention", 3, 6)
    assert bot.calls[3][1]["message_id"] == 102 and bot.calls[3][1]["entities"][1].unix_time.timestamp() == 1072
    assert bot.calls[4][1]["message_id"] == 102


def test_after_a_restart_the_alert_shown_is_carried_on_not_sent_again():
    bot, store = StubBot(), MemoryStore()
    fast = Pacer(1000, 1, burst=1000)

    async def go() -> None:
        before = TelegramNotifier(bot, store, fast, fast)  # type: ignore[arg-type]
        await before.show(GROUP, [alert(ANN, "Ann", 1000)])
        await before.idle()
        after = TelegramNotifier(bot, store, fast, fast)  # type: ignore[arg-type]  # the same database
        await after.show(GROUP, [alert(ANN, "Ann", 1000)])  # the restart's redraw: Ann's turn still
        await after.idle()
        await after.show(GROUP, [alert(BEA, "Bea", 1010)])
        await after.idle()

    run(go())
    assert [(name, kw.get("message_id")) for name, kw in bot.calls] == [
        ("send", None),
        ("edit", 101),
        ("delete", 101),
        ("send", None),
    ]
