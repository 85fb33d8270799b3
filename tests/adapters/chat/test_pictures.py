"""Pictures against a platform in memory, the renderer replaced by one that "draws" a picture as its
description: a picture goes with a new message and is sent again only when it changes (by its file
id where the platform gave one: uploaded once, by this process or another); between a real-time
game's windows it stays; a message that would lose its picture is sent anew; text whenever the
picture cannot go (the look is text, a caption too long, a renderer failure, an upload slower than
the chat's pace); turn alerts and leaderboards never have one."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest

from adapters.chat import uploads
from adapters.chat.memory_records import MemoryRecords
from adapters.chat.pacing import Pacer
from adapters.chat.records import read_note
from adapters.chat.uploads import Uploads
from adapters.pictures import screens as picture_screens
from bot.people import ChatRef, PersonRef
from bot.ui.picture import Hand
from bot.ui.screen import ALERT, TEXT, Alert, Button, Screen
from tests.adapters.chat.fake_platform import CAPTION, FakePlatform, chat_notifier

GROUP = ChatRef("fake", "-100")
HAND_A, HAND_B = Hand(("3C", "5D")), Hand(("3C",))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Hand]:
    """The pictures the renderer was asked for."""
    asked: list[Hand] = []

    async def render(picture: Hand, deck: str) -> bytes:
        asked.append(picture)
        return b"\x89PNG" + repr((picture, deck)).encode()

    monkeypatch.setattr(picture_screens, "drawn", render)
    return asked


def board(text: str, picture: Hand | None = HAND_A, look: str = "classic", table: int = 1, **kwargs: object) -> Screen:
    screen = Screen(table, text, ((Button("Pass", f"{table}.1.p"),),), picture=picture, look=look)
    return replace(screen, **kwargs)  # type: ignore[arg-type]


def what(platform: FakePlatform) -> list[tuple[str, str, str]]:
    """Each call as (kind, text, what it did to the picture: "new", "by id", "stays" or "none")."""
    out = []
    for c in platform.calls:
        p = c.picture
        kind = "none" if p is None else "stays" if p.stays else "by id" if p.png is None else "new"
        out.append((c.what, c.text, kind))
    return out


async def test_a_picture_goes_when_it_changes_and_by_file_id_once_the_platform_has_it(drawn: list[Hand]) -> None:
    store = MemoryRecords()
    n, platform, _ = chat_notifier(store=store, file_ids=Uploads(store, "fake"))
    for screen in (
        board("lobby"),
        board("a move that changes no picture"),
        board("a move that does", HAND_B),
        board("and back", HAND_A),
    ):
        await n.show(GROUP, [screen])
        await n.idle()
    assert what(platform) == [
        ("send", "lobby", "new"),
        ("edit", "a move that changes no picture", "stays"),
        ("edit", "a move that does", "new"),
        ("edit", "and back", "by id"),  # uploaded before: sent by the id the platform gave it
    ]
    assert read_note(await store.message_id(1, "", "table")) == (101, True)
    assert n.stats["uploaded"] == 2
    later, other, _ = chat_notifier(store=store, file_ids=Uploads(store, "fake"))  # another process
    await later.show(ChatRef("fake", "-200"), [board("elsewhere", table=2)])
    await later.idle()
    assert what(other) == [("send", "elsewhere", "by id")]


async def test_between_windows_the_picture_stays_and_a_new_message_gets_it_drawn(drawn: list[Hand]) -> None:
    n, platform, _ = chat_notifier()
    await n.show(GROUP, [board("window 1")])
    await n.idle()
    await n.show(GROUP, [board("a move between windows", HAND_B, picture_stays=True)])
    await n.idle()
    assert drawn == [HAND_A]  # the picture shown stays: not even drawn
    platform.messages[("-100", 101)].deleted = True
    await n.show(GROUP, [board("another move", HAND_B, picture_stays=True)])
    await n.idle()
    assert what(platform)[1:] == [
        ("edit", "a move between windows", "stays"),
        ("edit", "another move", "stays"),
        ("delete", "", "none"),  # (it was: no harm)
        ("send", "another move", "new"),  # the message was gone: the new one is drawn whole
    ]
    assert drawn == [HAND_A, HAND_B]


async def test_a_held_chats_picture_is_drawn_while_the_answer_goes(
    drawn: list[Hand],
) -> None:
    """The presser's chats wait for the press's answer (`Writers.hold`); their pictures need not."""
    n, platform, _ = chat_notifier()
    await n.show(GROUP, [board("window 1")])
    await n.idle()
    drawn.clear()
    release = n.writers.hold(GROUP.chat_id)
    await n.show(GROUP, [board("the move", HAND_B)])
    await n.show(GROUP, [board("a window's move", HAND_A, picture_stays=True, table=2)])  # stays: never drawn
    await n.show(GROUP, [board("in text", HAND_A, look=TEXT, table=3)])  # text: no picture
    await asyncio.sleep(0.05)
    assert drawn == [HAND_B] and what(platform) == [("send", "window 1", "new")]  # drawn, not yet sent
    release()
    await n.idle()
    assert ("edit", "the move", "new") in what(platform)


async def test_a_picture_known_from_the_store_stays_after_a_restart(drawn: list[Hand]) -> None:
    platform, store = FakePlatform(), MemoryRecords()
    before, _, _ = chat_notifier(platform, store)
    await before.show(GROUP, [board("window 1")])
    await before.idle()
    after, _, _ = chat_notifier(platform, store)
    await after.show(GROUP, [board("between windows", HAND_B, picture_stays=True)])
    await after.idle()
    assert what(platform)[1:] == [("edit", "between windows", "stays")]


async def test_a_message_that_would_lose_its_picture_is_sent_anew_and_a_text_one_given_one(drawn: list[Hand]) -> None:
    n, platform, store = chat_notifier()
    for screen in (board("a table is open", None), board("the game"), board("the game, in words", look=TEXT)):
        await n.show(GROUP, [screen])
        await n.idle()
    assert [(c.what, c.message_id, c.silently) for c in platform.calls] == [
        ("send", None, False),
        ("edit", 101, False),  # a text message is given a picture in place
        ("delete", 101, False),  # a message cannot lose its picture: sent anew
        ("send", None, True),
    ]
    assert read_note(await store.message_id(1, "", "table")) == (102, False)


async def test_text_goes_out_when_the_picture_cannot(monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(picture: Hand, deck: str) -> bytes:
        raise RuntimeError("no fonts")

    n, platform, _ = chat_notifier()
    await n.show(GROUP, [board("x" * (CAPTION + 1))])  # too long to go with a picture
    await n.idle()
    monkeypatch.setattr(picture_screens, "drawn", broken)
    await n.show(GROUP, [board("a hand", table=2)])
    await n.idle()
    assert [(kind, p) for kind, _, p in what(platform)] == [("send", "none"), ("send", "none")]


async def test_turn_alerts_and_leaderboards_have_no_picture_but_a_seasons_podium_has(drawn: list[Hand]) -> None:
    n, platform, _ = chat_notifier()
    ann = PersonRef("fake", "11")
    await n.show(GROUP, [board("🔔 Ann", slot=ALERT, alert=Alert(0, ann, 1000)), board("🏆 top", table=0)])
    await n.show(GROUP, [board("🏁 Season 2026-11 is over", table=0, slot="season", final=True)])
    await n.idle()
    assert sorted(what(platform)) == [
        ("send", "🏁 Season 2026-11 is over", "new"),
        ("send", "🏆 top", "none"),
        ("send", "🔔 Ann", "none"),
    ]
    assert drawn == [HAND_A]


async def test_uploads_slower_than_the_pace_leave_new_pictures_as_text_for_a_while(drawn: list[Hand]) -> None:
    store = MemoryRecords()
    files = Uploads(store, "fake", now=lambda: now[0])
    now = [100.0]
    n, platform, _ = chat_notifier(store=store, pace=Pacer(20, 60, burst=5), file_ids=files)  # 4 s between writes
    await n.show(GROUP, [board("one")])
    await n.idle()
    files.recent.extend([5.0, 5.0, 5.0])  # as measured on a bad connection
    for text, picture in (("the same picture", HAND_A), ("a new picture", HAND_B)):
        await n.show(GROUP, [board(text, picture)])
        await n.idle()
    assert what(platform)[1:] == [
        ("edit", "the same picture", "stays"),  # a picture shown, or one the platform has, costs no upload
        ("delete", "", "none"),  # a new one would: text, sent anew
        ("send", "a new picture", "none"),
    ]
    now[0] += uploads.TRY_AGAIN
    await n.show(GROUP, [board("tried again", HAND_B)])
    await n.idle()
    assert what(platform)[-1] == ("edit", "tried again", "new")


async def test_a_picture_uploaded_while_the_store_is_asked_is_not_uploaded_again() -> None:
    """Two writers want one picture at once; the first's store read answers late, and the other
    uploads the picture meanwhile: the first then sends it by that file id, not uploading it too."""
    store, answer = MemoryRecords(), asyncio.Event()
    reads = 0

    async def read(platform: str, digest: str) -> str | None:
        nonlocal reads
        reads += 1
        if reads == 1:  # answers late, with what the store had when asked
            await answer.wait()
        return None

    store.file_id = read  # type: ignore[method-assign]
    files = Uploads(store, "fake")
    late = asyncio.ensure_future(files.file_id("d1"))
    await asyncio.sleep(0)
    assert await files.file_id("d1") is None  # the other writer uploads it ...
    await files.uploaded("d1", "AgACfile", 0.1)
    answer.set()
    assert await late == "AgACfile"  # ... and the late one sends it by its id
