"""Edit or post, against a platform in memory: the first screen of a place is sent and remembered,
later ones edit it; one that changes nothing is not sent; "not modified" is success; a deleted
message, one the platform will not edit, or one of another kind, is sent anew (the old one
deleted); a screen older than one another process drew is not drawn; a person who never started
the bot is skipped and known unreachable; a chat the bot may not write in is refused; a buried
board is sent again below, silently."""

from __future__ import annotations

from dataclasses import replace

from adapters.chat.below import BURIED
from adapters.chat.platform import Trouble
from adapters.chat.posts import Place
from adapters.chat.records import read_note
from bot.people import ChatRef, PersonRef
from bot.ui.screen import Button, Screen
from tests.adapters.chat.fake_platform import Failure, chat_notifier

GROUP = ChatRef("fake", "-100", "7")
ANN = PersonRef("fake", "11")


def board(text: str, table: int = 1, version: int = 0) -> Screen:
    return Screen(table, text, ((Button("Join", f"{table}.1.j"),),), version=version)


def panel(text: str) -> Screen:
    return Screen(1, text, audience=ANN, slot="panel")


async def test_the_first_screen_is_sent_and_remembered_and_later_ones_edit_it() -> None:
    n, platform, store = chat_notifier()
    for text in ("one", "two"):
        await n.show(GROUP, [board(text), panel(f"your cards: {text}")])
        await n.idle()
    assert [(c.what, c.chat, c.message_id, c.text) for c in platform.calls] == [
        ("send", "-100", None, "one"),
        ("send", "dm11", None, "your cards: one"),
        ("edit", "-100", 101, "two"),
        ("edit", "dm11", 102, "your cards: two"),
    ]
    assert read_note(await store.message_id(1, "", "table")) == (101, False)
    assert read_note(await store.message_id(1, "11", "panel")) == (102, False)
    assert n.stats["sent"] == 2 and n.stats["edited"] == 2


async def test_an_edit_that_would_change_nothing_is_not_sent() -> None:
    n, platform, _ = chat_notifier()
    for text in ("one", "one", "two", "two"):
        await n.show(GROUP, [board(text)])
        await n.idle()
    assert platform.did() == [("send", "one"), ("edit", "two")]
    assert n.stats["unchanged"] == 2


async def test_not_modified_is_success_and_a_deleted_message_is_sent_anew() -> None:
    n, platform, store = chat_notifier()
    await n.show(GROUP, [board("one")])
    await n.idle()
    platform.fail = [Failure(Trouble.NOT_MODIFIED)]
    await n.show(GROUP, [board("one, drawn by another process")])
    await n.idle()
    assert platform.did() == [("send", "one")] and n.stats["unchanged"] == 1
    platform.messages[("-100", 101)].deleted = True  # an admin deleted it
    await n.show(GROUP, [board("two")])
    await n.idle()
    assert platform.did() == [("send", "one"), ("edit", "two"), ("delete", ""), ("send", "two")]
    assert not platform.calls[-1].silently  # a lost board is not one sent again below
    assert read_note(await store.message_id(1, "", "table"))[0] == 102


async def test_a_message_the_platform_will_not_edit_is_replaced_once_and_deleted() -> None:
    """Too old to edit, say: the screen goes into a fresh message (remembered, so the next screen
    edits that one), the old one is deleted; a refusal is never met by trying the edit again."""
    n, platform, store = chat_notifier()
    await n.show(GROUP, [board("one")])
    await n.idle()
    for text in ("two", "three"):  # (the fresh message is refused too: replaced once more, no loop)
        platform.fail = [Failure(Trouble.GONE)]
        await n.show(GROUP, [board(text)])
        await n.idle()
        assert platform.fail == []  # one edit tried
    await n.show(GROUP, [board("four")])
    await n.idle()
    assert [(c.what, c.message_id, c.text) for c in platform.calls] == [
        ("send", None, "one"),
        ("delete", 101, ""),
        ("send", None, "two"),
        ("delete", 102, ""),
        ("send", None, "three"),
        ("edit", 103, "four"),
    ]
    assert [m.text for m in platform.messages.values() if not m.deleted] == ["four"]
    assert read_note(await store.message_id(1, "", "table"))[0] == 103
    assert n.stats["replaced"] == 2 and n.stats["sent"] == 3 and n.stats["edited"] == 1


async def test_a_message_of_another_kind_is_deleted_and_sent_anew_silently() -> None:
    n, platform, _ = chat_notifier()
    await n.show(GROUP, [board("one")])
    await n.idle()
    platform.fail = [Failure(Trouble.WRONG_KIND)]
    await n.show(GROUP, [board("two")])
    await n.idle()
    assert [(c.what, c.message_id, c.silently) for c in platform.calls] == [
        ("send", None, False),
        ("delete", 101, False),
        ("send", None, True),
    ]


async def test_a_screen_older_than_the_one_another_process_drew_is_not_drawn() -> None:
    n, platform, store = chat_notifier()
    await n.show(GROUP, [board("version 3", version=3)])
    await n.idle()
    assert (await store.claim(1, "", "table", 5)).won  # another process drew version 5 meanwhile
    await n.show(GROUP, [board("version 4", version=4)])
    await n.idle()
    await n.show(GROUP, [board("version 6", version=6)])
    await n.idle()
    assert [text for _, text in platform.did()] == ["version 3", "version 6"]
    assert n.stats["outdated"] == 1


async def test_a_person_who_never_started_the_bot_is_skipped_and_known_unreachable() -> None:
    n, platform, _ = chat_notifier()
    platform.fail = [Failure(Trouble.FORBIDDEN)]
    assert await n.deliver(None, [panel("your cards")]) is False
    assert n.reach.reachable(ANN) is False and platform.calls == [] and n.stats["skipped"] == 1
    assert await n.deliver(None, [panel("your cards")]) is True  # they started it since
    assert n.reach.reachable(ANN) is True


async def test_a_chat_the_bot_may_not_write_in_refuses_the_tables_message_once() -> None:
    n, platform, _ = chat_notifier()
    platform.fail = [Failure(Trouble.FORBIDDEN)]
    await n.show(GROUP, [board("lobby", table=8)])
    assert await n.refused(GROUP, 8)
    assert not await n.refused(GROUP, 8)  # (told once)
    await n.show(GROUP, [board("lobby", table=9)])
    assert not await n.refused(GROUP, 9)


async def test_a_buried_board_is_sent_again_below_silently_and_turn_alerts_and_pings_do_not_bury_it() -> None:
    n, platform, store = chat_notifier()
    where = Place.of(GROUP)

    def posted(count: int, alerts: bool = False) -> None:
        """Messages come below the board (turn alerts and pings: announced after they were sent)."""
        for _ in range(count):
            platform.next_id += 1
            if alerts:
                n.below.alert(where, platform.next_id)
            n.below.seen(where, platform.next_id)

    await n.show(GROUP, [board("b1")])
    await n.idle()
    posted(BURIED)  # as many as may stay below it
    posted(3, alerts=True)
    n.below.seen(Place("-100", "8"), platform.next_id + 1)  # (another topic)
    await n.show(GROUP, [board("b2")])
    await n.idle()
    assert platform.did() == [("send", "b1"), ("edit", "b2")]
    posted(1)  # one more of people's: now it is buried
    await n.show(GROUP, [board("b3")])
    await n.idle()
    assert [(c.what, c.message_id, c.silently) for c in platform.calls[2:]] == [
        ("delete", 101, False),  # first, so that a stop in between leaves no stale board below
        ("send", None, True),
    ]
    assert read_note(await store.message_id(1, "", "table"))[0] == platform.next_id and n.stats["reposted"] == 1
    await n.show(GROUP, [board("b4")])
    await n.idle()
    assert platform.did()[-1] == ("edit", "b4")  # the new board is below them all


async def test_a_final_board_is_never_buried() -> None:
    n, platform, _ = chat_notifier()
    await n.show(GROUP, [board("b1")])
    await n.idle()
    for message_id in range(200, 210):
        n.below.seen(Place.of(GROUP), message_id)
    await n.show(GROUP, [replace(board("the end"), final=True)])
    await n.idle()
    assert platform.did() == [("send", "b1"), ("edit", "the end")]
