"""The chat layer on Telegram: python-telegram-bot's `Bot` against the fake Bot API, each request
checked against the Bot API spec. The first screen of a place is sent (into its forum topic) and
remembered, later ones edit it; "message is not modified", a deleted message, a person who never
started the bot and a `RetryAfter` are met as the chat layer expects; a turn alert mentions its
person (by @username where known) and counts down, and the chat keeps one; a ping's mentions and a
season's podiums are messages of their own. (The shared behaviour itself: tests/adapters/chat.)"""

from __future__ import annotations

import asyncio

import pytest
from telegram import Bot

from adapters.chat.memory_records import MemoryRecords
from adapters.chat.notifier import ChatNotifier
from adapters.chat.pacing import Pacer
from adapters.chat.records import read_note
from adapters.chat.uploads import Uploads
from adapters.telegram.identities import PLATFORM
from adapters.telegram.messages import TelegramMessages
from adapters.telegram.pacing import TelegramPace
from bot.people import ChatRef, PersonRef
from bot.ui.screen import ALERT, Alert, Button, Countdown, Mention, Screen
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.world import Chat, User


def telegram_notifier(
    bot: Bot, store: MemoryRecords | None = None, usernames: dict[str, str] | None = None
) -> ChatNotifier:
    """The chat layer on `bot`, at a pace no test waits for."""
    store = store or MemoryRecords()
    fast = Pacer(1000, 1, burst=1000)
    messages = TelegramMessages(bot, (usernames or {}).get)
    return ChatNotifier(messages, store, TelegramPace(fast, fast), Uploads(store, PLATFORM))


def chat_of(chat: Chat, thread: int | None = None) -> ChatRef:
    return ChatRef(PLATFORM, str(chat.id), None if thread is None else str(thread))


def person(user: User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


def board(text: str, table: int = 1) -> Screen:
    return Screen(table, text, ((Button("Join", f"{table}.1.j"),),))


async def test_the_first_screen_is_sent_into_its_topic_and_remembered_and_the_next_edits_it(
    fake_api: FakeBotApi, ptb_bot: Bot, forum: Chat, topic: int
) -> None:
    n = telegram_notifier(ptb_bot)
    for text in ("one", "two", "two"):
        await n.show(chat_of(forum, topic), [board(text)])
        await n.idle()
    (sent,) = fake_api.calls("sendMessage", chat=forum, ok=True)
    assert sent.params["message_thread_id"] == topic and sent.params["reply_markup"]
    (edit,) = fake_api.calls("editMessageText")  # the third, unchanged, was not sent
    assert edit.params["message_id"] == sent.result["message_id"] and edit.params["text"] == "two"
    message = fake_api.last_message(forum)
    assert message is not None and message.text == "two" and message.thread_id == topic
    assert read_note(await n.places.records.message_id(1, "", "table")) == (message.message_id, False)


async def test_not_modified_is_success_and_a_deleted_message_is_sent_anew(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = telegram_notifier(ptb_bot)
    await n.show(chat_of(group), [board("one")])
    await n.idle()
    first = fake_api.last_message(group)
    assert first is not None
    n.shown.forget(n.platform.place_of(chat_of(group)), first.message_id)  # as another process would not know
    await n.show(chat_of(group), [board("one")])
    await n.idle()
    assert [r.status for r in fake_api.calls("editMessageText")] == [400]  # "message is not modified": drawn
    assert n.stats["unchanged"] == 1
    first.deleted = True  # an admin deleted it
    await n.show(chat_of(group), [board("two")])
    await n.idle()
    again = fake_api.last_message(group)
    assert again is not None and again is not first and again.text == "two"
    assert [r.ok for r in fake_api.calls("sendMessage", chat=group)] == [True, True]


async def test_a_person_who_never_started_the_bot_is_skipped_and_known_unreachable(
    fake_api: FakeBotApi, ptb_bot: Bot, carol: User
) -> None:
    n = telegram_notifier(ptb_bot)
    panel = Screen(1, "your cards", audience=person(carol), slot="panel")
    assert await n.deliver(None, [panel]) is False
    assert n.reach.reachable(person(carol)) is False
    assert [r.status for r in fake_api.calls("sendMessage")] == [403]


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter's int form
async def test_retry_after_is_waited_out_and_the_screen_drawn_once_more(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = telegram_notifier(ptb_bot)  # (a plain Bot: no rate limiter retries it first)
    fake_api.fail_next("sendMessage", 429, retry_after=1)
    await n.show(chat_of(group), [board("one")])
    await n.idle()
    tries = fake_api.calls("sendMessage")
    assert [r.status for r in tries] == [429, 200] and tries[1].time - tries[0].time >= 1.0


def alert(who: User, name: str, since: float, anew: bool = True) -> Screen:
    """ "🔔 NAME, your move · 60 s" with its marks, as bot/ui/svolota.py draws it."""
    text = f"🔔 {name}, your move · 60 s"
    left = text.index("60 s")
    marks = (Mention(2, 2 + len(name), person(who)), Countdown(left, len(text), since + 60))
    return Screen(1, text, slot=ALERT, marks=marks, alert=Alert(0, person(who), since, since + 60, anew))


async def test_a_turn_alert_mentions_its_person_and_counts_down_and_the_chat_keeps_one(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat, alice: User, bob: User
) -> None:
    n = telegram_notifier(ptb_bot, usernames={str(bob.id): "borya_k"})
    for screen in (
        alert(alice, "Ann 🦊", 1000),  # Alice's @username is not known here: a text mention
        alert(alice, "Ann 🦊", 1000),  # a redraw of the same turn: nothing
        alert(bob, "Bob", 1010),  # Bob's turn: Alice's alert goes, Bob's is sent
        alert(bob, "Bob", 1012, anew=False),  # back to Bob within seconds: his is brought up to date
        Screen(1, "", slot=ALERT, final=True),  # the game is over: the alert goes
    ):
        await n.show(chat_of(group), [screen])
        await n.idle()
    calls = [r for r in fake_api.calls(chat=group) if r.ok]
    assert [r.method for r in calls] == [
        "sendMessage",
        "deleteMessage",
        "sendMessage",
        "editMessageText",
        "deleteMessage",
    ]
    first = calls[0].params
    assert first["text"] == "🔔 Ann 🦊, your move · 60 s"
    mention, countdown = first["entities"]
    # offsets and lengths in UTF-16 code units: 🔔 and 🦊 are two each
    assert (mention["type"], mention["offset"], mention["length"], mention["user"]["id"]) == (
        "text_mention",
        3,
        6,
        alice.id,
    )
    assert (countdown["type"], countdown["offset"], countdown["length"]) == ("date_time", 23, 4)
    assert countdown["unix_time"] == 1060 and countdown["date_time_format"] == "r"
    bobs = calls[2].params
    assert bobs["text"].startswith("🔔 @borya_k, your move")
    assert [(e["type"], e["offset"], e["length"]) for e in bobs["entities"][:1]] == [("mention", 3, 8)]
    assert calls[3].params["entities"][1]["unix_time"] == 1072
    assert calls[1].params["message_id"] == calls[0].result["message_id"]
    assert calls[4].params["message_id"] == calls[2].result["message_id"]
    assert not [m for m in fake_api.messages(group, from_bot=True) if not m.deleted]


async def test_podiums_and_a_ping_are_messages_of_their_own_and_the_ping_mentions_its_people(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat, alice: User, bob: User
) -> None:
    n = telegram_notifier(ptb_bot, usernames={str(bob.id): "borya_k"})
    podiums = [Screen(0, f"🏆 {game} · 2026-11", slot="season", final=True) for game in ("Speed", "Svolota")]
    text = "🔔 Svolota: a table is open — Ann, Bob"
    marks = (
        Mention(text.index("Ann"), text.index("Ann") + 3, person(alice)),
        Mention(len(text) - 3, len(text), person(bob)),
    )
    ping = Screen(5, text, slot="ping", final=True, version=1, marks=marks)
    await n.show(chat_of(group), [*podiums, board("a table is open", table=5), ping])
    await n.idle()
    await n.show(chat_of(group), [ping])  # (a ping is never drawn again as an edit)
    await n.idle()
    sent = [r.params for r in fake_api.calls("sendMessage", chat=group, ok=True)]
    assert [p["text"] for p in sent if p["text"].startswith("🏆")] == [s.text for s in podiums]  # in order
    pings = [p for p in sent if p["text"].startswith("🔔")]
    assert [p["text"] for p in pings] == ["🔔 Svolota: a table is open — Ann, @borya_k"] * 2
    assert [(e["type"], e.get("user", {}).get("id")) for e in pings[0]["entities"]] == [
        ("text_mention", alice.id),
        ("mention", None),
    ]
    assert not fake_api.calls("editMessageText") and await n.places.records.message_id(5, "", "ping") is None


async def test_many_screens_at_once_are_drawn_each_once_at_most(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = telegram_notifier(ptb_bot)
    fake_api.latency = lambda method, params: 0.05
    for i in range(10):
        await n.show(chat_of(group), [board(f"v{i}")])
        await asyncio.sleep(0.01)
    await n.idle()
    texts = [r.params["text"] for r in fake_api.calls(chat=group, ok=True)]
    assert texts[0] == "v0" and texts[-1] == "v9" and len(texts) < 10 and n.stats["coalesced"] > 0
