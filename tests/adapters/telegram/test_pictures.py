"""Screens with pictures on the fake Bot API, through the real python-telegram-bot `Bot`: a board
is a photo with its text as the caption, uploaded once and then sent by file id; a caption edit
when only the text changed; a text message given a picture in place; back to text as a new
message; text whenever the picture cannot go (too long a caption, a renderer failure, uploads
slower than the chat's pace); inline mode's plays uploaded once into the picture chat."""

from __future__ import annotations

from dataclasses import replace

from telegram import Bot
from telegram.request import HTTPXRequest

from adapters.chat import uploads
from adapters.chat.memory_records import MemoryRecords
from adapters.chat.notifier import ChatNotifier
from adapters.chat.records import read_note
from adapters.chat.uploads import Uploads
from adapters.pictures import screens as pictures
from adapters.pictures.render import render
from adapters.pictures.samples import HAND, SPEED, SVOLOTA
from adapters.telegram.identities import PLATFORM
from adapters.telegram.messages import MAX_CAPTION
from adapters.telegram.play_pictures import PlayPictures
from bot.people import ChatRef, PersonRef
from bot.ui.picture import Hand
from bot.ui.screen import TEXT, Button, Screen
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_notifier import telegram_notifier
from tests.adapters.telegram.world import Chat, Message, User


def notifier(bot: Bot, store: MemoryRecords | None = None) -> ChatNotifier:
    return telegram_notifier(bot, store)


def files(n: ChatNotifier) -> Uploads:
    assert isinstance(n.pictures.file_ids, Uploads)
    return n.pictures.file_ids


def chat_of(group: Chat) -> ChatRef:
    return ChatRef("telegram", str(group.id))


def board(text: str, version: int, picture: object = SVOLOTA, look: str = "classic", **kwargs: object) -> Screen:
    buttons = ((Button("Pass", f"1.{version}.p"),),)
    return Screen(1, text, buttons, version=version, picture=picture, look=look, **kwargs)  # type: ignore[arg-type]


async def drawn(n: ChatNotifier, api: FakeBotApi, group: Chat, *screens: Screen) -> Message:
    await n.show(chat_of(group), list(screens))
    await n.idle()
    message = api.last_message(group)
    assert message is not None
    return message


async def test_a_board_is_a_photo_with_its_text_as_caption_and_buttons(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    message = await drawn(n, fake_api, group, board("🎴 Svolota\nPile ↑: Q♥ Q♦ 🃏", 1))
    assert message.photo is not None and message.text == "🎴 Svolota\nPile ↑: Q♥ Q♦ 🃏"
    assert message.button("Pass")["callback_data"] == "1.1.p"
    png = fake_api.picture(message)
    assert png == render(SVOLOTA, "classic")  # the renderer's picture, byte for byte
    assert len(fake_api.uploads()) == 1
    assert read_note(await n.places.records.message_id(1, "", "table")) == (message.message_id, True)


async def test_only_the_caption_is_edited_when_the_picture_is_the_same(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    first = await drawn(n, fake_api, group, board("Ann's turn", 1))
    again = await drawn(n, fake_api, group, board("Ann's turn · 20 s left", 2))
    assert again is first and again.text == "Ann's turn · 20 s left"
    assert [r.method for r in fake_api.calls(chat=group)] == ["sendPhoto", "editMessageCaption"]
    assert len(fake_api.uploads()) == 1


async def test_a_new_picture_replaces_the_photo_in_place_and_an_old_one_goes_by_file_id(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    first = await drawn(n, fake_api, group, board("one", 1))
    other = replace(SVOLOTA, up=False)
    await drawn(n, fake_api, group, board("two", 2, other))
    back = await drawn(n, fake_api, group, board("three", 3))
    assert back is first and back.text == "three" and len(back.pictures) == 2
    media = [r.params["media"]["media"] for r in fake_api.calls("editMessageMedia", ok=True)]
    assert media[0].startswith("attach://")  # a picture Telegram has not seen is uploaded
    assert media[1] == first.pictures[0]  # one it has is sent by its file id
    assert len(fake_api.uploads()) == 2


async def test_file_ids_are_kept_in_the_store_for_the_next_process(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat, forum: Chat
) -> None:
    store = MemoryRecords()
    await drawn(notifier(ptb_bot, store), fake_api, group, board("one", 1))
    digest = pictures.digest(render(SVOLOTA, "classic"))
    assert await store.file_id(PLATFORM, digest) is not None
    later = notifier(ptb_bot, store)  # another process, or this one after a restart
    await later.show(chat_of(forum), [replace(board("elsewhere", 1), table_id=2)])
    await later.idle()
    assert len(fake_api.uploads()) == 1 and fake_api.calls("sendPhoto", chat=forum, ok=True)


async def test_a_text_message_is_given_a_picture_in_place_and_back_to_text_is_a_new_message(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    lobby = await drawn(n, fake_api, group, board("a table is open", 1, picture=None))
    assert lobby.photo is None
    game = await drawn(n, fake_api, group, board("the game", 2))
    assert game is lobby and game.photo is not None  # editMessageMedia adds a picture to a text message
    assert read_note(await n.places.records.message_id(1, "", "table"))[1] is True
    plain = await drawn(n, fake_api, group, board("the game, in words", 3, look=TEXT))
    assert plain is not game and plain.photo is None and game.deleted  # a photo cannot lose its picture
    assert all(r.ok for r in fake_api.calls(chat=group))  # (known from the message's row: not even tried)
    assert read_note(await n.places.records.message_id(1, "", "table")) == (plain.message_id, False)


async def test_between_windows_a_panel_keeps_its_picture_and_changes_its_caption(
    fake_api: FakeBotApi, ptb_bot: Bot, alice: User
) -> None:
    n = notifier(ptb_bot)
    ann, private = PersonRef("telegram", str(alice.id)), fake_api.private_chat(alice)
    panel = Screen(1, "Your stacks", audience=ann, slot="panel", version=1, picture=SPEED, look="four_colour")
    await n.show(chat_of(private), [panel])
    await n.idle()
    moved = replace(SPEED, centre=("9H", "KS"))
    await n.show(chat_of(private), [replace(panel, text="You: 9♥ on 8♣", version=2, picture=moved, picture_stays=True)])
    await n.idle()
    message = fake_api.last_message(private)
    assert message is not None and message.text == "You: 9♥ on 8♣" and not message.pictures
    await n.show(chat_of(private), [replace(panel, text="window over", version=3, picture=moved)])
    await n.idle()
    assert fake_api.picture(message) == render(moved, "four_colour")
    assert [r.method for r in fake_api.calls(chat=private)] == ["sendPhoto", "editMessageCaption", "editMessageMedia"]


async def test_text_goes_out_when_the_picture_cannot(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat, monkeypatch: object
) -> None:
    n = notifier(ptb_bot)
    long = "x" * (MAX_CAPTION + 1)
    assert (await drawn(n, fake_api, group, board(long, 1))).photo is None  # longer than a caption may be
    hand = replace(board("a hand", 1, HAND), table_id=2)
    monkeypatch.setattr(pictures, "drawn", broken)  # type: ignore[attr-defined]
    message = await drawn(n, fake_api, group, hand)
    assert message.photo is None and message.text == "a hand"  # the renderer failed: the text is not lost
    assert not fake_api.uploads()


async def test_uploads_slower_than_the_pace_leave_new_pictures_as_text_for_a_while(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    now = [100.0]
    files(n).now = lambda: now[0]
    await drawn(n, fake_api, group, board("one", 1))
    files(n).recent.extend([5.0, 5.0, 5.0])  # as measured on a bad connection
    known = await drawn(n, fake_api, group, board("the same picture", 2))
    assert known.photo is not None  # a picture Telegram has goes by its file id: no upload
    fresh = await drawn(n, fake_api, group, board("a new picture", 3, replace(SVOLOTA, up=False)))
    assert fresh.photo is None and known.deleted and len(fake_api.uploads()) == 1
    now[0] += uploads.TRY_AGAIN
    tried = await drawn(n, fake_api, group, board("a new picture", 4, replace(SVOLOTA, up=False)))
    assert tried.photo is not None and len(fake_api.uploads()) == 2  # tried again after a while


async def broken(picture: object, deck: str) -> bytes:
    raise RuntimeError("no picture today")


async def test_a_play_answered_after_the_bots_usual_read_timeout_is_still_deleted(
    fake_api: FakeBotApi, group: Chat
) -> None:
    """Telegram posts the picture, and answers late: a bot that gave up on the answer could not
    delete a message whose id it never got, and the picture would stay in the chat."""
    usual = HTTPXRequest(read_timeout=0.5)
    bot = Bot(fake_api.token, base_url=fake_api.base_url, request=usual)
    await bot.initialize()
    fake_api.answer_latency = lambda method, params: 1.2 if method == "sendPhoto" else 0.0
    try:
        n = notifier(bot)
        plays = PlayPictures(bot, files(n), n.writers.pace, group.id)
        await plays.file_ids(["joker"], "classic", asker=1)
        await plays.idle()
    finally:
        await bot.shutdown()
    assert len(fake_api.calls("sendPhoto", chat=group, ok=True)) == 1
    assert fake_api.messages(group, from_bot=True) == []  # deleted


async def test_plays_are_uploaded_once_into_the_picture_chat_and_named_by_file_id_after(
    fake_api: FakeBotApi, ptb_bot: Bot, group: Chat
) -> None:
    n = notifier(ptb_bot)
    plays = PlayPictures(ptb_bot, files(n), n.writers.pace, group.id)
    moves = ["play 8H 8C", "joker", "pass"]
    assert await plays.file_ids(moves, "classic", asker=1) == {}  # not yet: offered as text this time
    await plays.idle()
    uploads = fake_api.calls("sendPhoto", chat=group, ok=True)
    assert len(uploads) == 2 and all(r.params["disable_notification"] for r in uploads)  # a pass has no cards
    assert fake_api.messages(group, from_bot=True) == []  # each deleted at once
    found = await plays.file_ids(moves, "classic", asker=1)
    assert set(found) == {"play 8H 8C", "joker"} and all(f in fake_api.photos for f in found.values())
    assert fake_api.photos[found["joker"]][1] == render(Hand(("JK",)), "classic")
    await plays.idle()
    assert len(fake_api.calls("sendPhoto", ok=True)) == 2  # nothing uploaded twice
    assert await plays.file_ids(moves, TEXT, asker=1) == {}  # the look "text": no pictures
