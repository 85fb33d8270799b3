"""A command's answer with a picture (adapters/chat/answered.py through adapters/telegram/answers.py)
on the fake Bot API: the text alone whenever the picture cannot go (not drawn in time, the renderer
failing, Telegram refusing the photo, a text longer than a caption, the chat's look), and never
twice."""

from __future__ import annotations

from typing import Any

import pytest
from telegram import Bot

from adapters.pictures import screens as pictures
from adapters.pictures.samples import CHART
from adapters.telegram.answers import Answers
from adapters.telegram.messages import MAX_CAPTION
from bot.people import ChatRef, PersonRef
from bot.ui.ratings import STATS_SLOT
from bot.ui.screen import TEXT, Screen
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_notifier import telegram_notifier
from tests.adapters.telegram.world import Chat, Message

ANN = PersonRef("telegram", "1")


def stats(text: str = "📊 Ann in this chat\n\nSpeed: rating 1012", look: str = "classic") -> Screen:
    return Screen(0, text, audience=ANN, slot=STATS_SLOT, final=True, picture=CHART, look=look)


async def answered(api: FakeBotApi, bot: Bot, group: Chat, screen: Screen) -> Message:
    n = telegram_notifier(bot)
    await Answers(bot, n.writers, n.below, n.pictures).show(ChatRef("telegram", str(group.id)), screen)
    message = api.last_message(group)
    assert message is not None
    return message


async def test_a_stats_answer_is_a_photo_with_its_text_as_the_caption(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    message = await answered(fake_api, ptb_bot, group, stats())
    assert message.photo is not None and message.text == stats().text
    assert len(fake_api.calls(chat=group)) == 1


async def not_in_time(picture: object, deck: str) -> None:
    return None  # (what the workers answer when a drawing took too long: screens.py)


async def broken(picture: object, deck: str) -> bytes:
    raise RuntimeError("no picture today")


@pytest.mark.parametrize("drawing", [not_in_time, broken])
async def test_the_text_goes_alone_when_the_picture_is_not_drawn(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat, monkeypatch: pytest.MonkeyPatch, drawing: Any
) -> None:
    monkeypatch.setattr(pictures, "drawn", drawing)
    pictures.CACHE.clear()  # (not drawn before by another test)
    message = await answered(fake_api, ptb_bot, group, stats())
    assert message.photo is None and message.text == stats().text
    assert [r.method for r in fake_api.calls(chat=group)] == ["sendMessage"]


async def test_the_text_goes_alone_when_telegram_refuses_the_photo(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    fake_api.fail_next("sendPhoto", 400, description="Bad Request: PHOTO_INVALID_DIMENSIONS")
    message = await answered(fake_api, ptb_bot, group, stats())
    assert message.photo is None and message.text == stats().text
    assert [(r.method, r.ok) for r in fake_api.calls(chat=group)] == [("sendPhoto", False), ("sendMessage", True)]


async def test_no_photo_for_a_text_longer_than_a_caption_or_a_chat_whose_look_is_text(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    long = stats("📊 Ann\n" + "x" * MAX_CAPTION)
    assert (await answered(fake_api, ptb_bot, group, long)).photo is None
    assert (await answered(fake_api, ptb_bot, group, stats(look=TEXT))).photo is None
    assert not fake_api.calls("sendPhoto")
