"""The turn alert against a platform in memory: a new alert deletes the previous one, so the chat
holds one; the same turn redrawn changes nothing; the same person keeping the turn gets theirs
edited; the final alert screen deletes it; after a restart the alert shown is carried on."""

from __future__ import annotations

from adapters.chat.memory_records import MemoryRecords
from adapters.chat.posts import Place
from bot.people import ChatRef, PersonRef
from bot.ui.screen import ALERT, NO_ALERT, Alert, Screen
from tests.adapters.chat.fake_platform import FakePlatform, chat_notifier

GROUP = ChatRef("fake", "-100")
ANN, BEA = PersonRef("fake", "11"), PersonRef("fake", "12")


def alert(person: PersonRef, since: float, anew: bool = True) -> Screen:
    text = f"🔔 {person.user_id}, your move (until {since + 60:.0f})"
    return Screen(1, text, slot=ALERT, alert=Alert(0, person, since, since + 60, anew))


async def test_the_chat_keeps_one_alert_edited_for_the_same_person_and_deleted_at_the_end() -> None:
    n, platform, store = chat_notifier()
    for screen in (
        alert(ANN, 1000),
        alert(ANN, 1000),  # a redraw of the same turn: nothing
        alert(BEA, 1010),  # Bea's turn: Ann's alert goes, Bea's is sent
        alert(BEA, 1012, anew=False),  # back to Bea within seconds: hers is brought up to date
        Screen(1, "", slot=ALERT, final=True),  # the game is over: the alert goes
    ):
        await n.show(GROUP, [screen])
        await n.idle()
    assert [(c.what, c.message_id) for c in platform.calls] == [
        ("send", None),
        ("delete", 101),
        ("send", None),
        ("edit", 102),
        ("delete", 102),
    ]
    assert await store.message_id(1, "", ALERT) == NO_ALERT
    where = Place.of(GROUP)
    n.below.seen(where, 101)
    n.below.seen(where, 102)  # (announced late by the platform: still not counted)
    assert n.below.after(where, 0) == 0


async def test_after_a_restart_the_alert_shown_is_carried_on_not_sent_again() -> None:
    platform, store = FakePlatform(), MemoryRecords()
    before, _, _ = chat_notifier(platform, store)
    await before.show(GROUP, [alert(ANN, 1000)])
    await before.idle()
    after, _, _ = chat_notifier(platform, store)  # the same database
    await after.show(GROUP, [alert(ANN, 1000)])  # the restart's redraw: Ann's turn still
    await after.idle()
    await after.show(GROUP, [alert(BEA, 1010)])
    await after.idle()
    assert [(c.what, c.message_id) for c in platform.calls] == [
        ("send", None),
        ("edit", 101),
        ("delete", 101),
        ("send", None),
    ]


async def test_an_alert_deleted_by_people_is_forgotten_and_the_next_sent() -> None:
    n, platform, store = chat_notifier()
    await n.show(GROUP, [alert(ANN, 1000)])
    await n.idle()
    platform.messages[("-100", 101)].deleted = True
    await n.show(GROUP, [alert(BEA, 1010)])
    await n.idle()
    assert [c.what for c in platform.calls] == ["send", "delete", "send"]  # (the delete found it gone)
    assert (await store.message_id(1, "", ALERT) or "").startswith("102 ")
