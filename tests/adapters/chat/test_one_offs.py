"""One-off messages against a platform in memory: a season's podiums are messages of their own,
in order, never coalesced nor remembered; a ping goes below its lobby's message, and not at all
when that could not be posted; a long one goes in several messages, the picture with the first."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adapters.chat.platform import Trouble
from adapters.chat.posts import Place
from adapters.pictures import screens as picture_screens
from bot.people import ChatRef
from bot.ui.picture import Hand
from bot.ui.screen import Button, Screen
from tests.adapters.chat.fake_platform import Failure, FakePlatform, chat_notifier

GROUP = ChatRef("fake", "-100")


def lobby(table: int = 5) -> Screen:
    return Screen(table, "a table is open", ((Button("Join", f"{table}.1.j"),),))


def ping(table: int = 5, text: str = "🔔 Svolota: a table is open — Ann, Bob") -> Screen:
    return Screen(table, text, slot="ping", final=True, version=1)


async def test_podiums_are_messages_of_their_own_in_order_never_coalesced_nor_remembered() -> None:
    n, platform, store = chat_notifier()
    podiums = [Screen(0, f"🏆 {game} · 2026-11", slot="season", final=True) for game in ("Speed", "Svolota")]
    await n.show(GROUP, podiums)
    await n.show(GROUP, [podiums[0]])  # (the same one again: a message again, never an edit)
    await n.idle()
    assert platform.did() == [("send", s.text) for s in (*podiums, podiums[0])]
    assert await store.message_id(0, "", "season") is None and n.stats["coalesced"] == 0


async def test_a_ping_goes_below_its_lobby_buries_nothing_and_is_never_edited() -> None:
    n, platform, store = chat_notifier()
    await n.show(GROUP, [lobby(), ping()])
    await n.show(GROUP, [ping(text="🔔 Svolota: a table is open — Cy")])  # (another, at once: not coalesced)
    await n.idle()
    assert platform.did() == [
        ("send", "a table is open"),
        ("send", "🔔 Svolota: a table is open — Ann, Bob"),
        ("send", "🔔 Svolota: a table is open — Cy"),
    ]
    assert await store.message_id(5, "", "ping") is None
    assert n.below.after(Place.of(GROUP), 101) == 0  # the pings are meant to be below the board


async def test_no_ping_for_a_table_whose_message_could_not_be_posted() -> None:
    n, platform, _ = chat_notifier()
    platform.fail = [Failure(Trouble.FORBIDDEN)]
    await n.show(GROUP, [lobby(), ping()])
    await n.idle()
    assert platform.calls == [] and n.stats["skipped"] == 2


async def test_a_long_one_goes_in_several_messages_with_the_picture_on_the_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def render(picture: Hand, deck: str) -> bytes:
        return b"\x89PNG" + repr(picture).encode()

    monkeypatch.setattr(picture_screens, "drawn", render)
    n, platform, _ = chat_notifier(FakePlatform(part=10))
    podium = replace(Screen(0, "🏆 Speed · 2026-11", slot="season", final=True), picture=Hand(("3C",)), look="classic")
    await n.show(GROUP, [podium])
    await n.idle()
    assert [(c.text, c.picture is not None) for c in platform.calls] == [("🏆 Speed · ", True), ("2026-11", False)]
    assert n.stats["uploaded"] == 1 and n.stats["sent"] == 2
