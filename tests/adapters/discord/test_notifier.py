"""Discord's side of the chat layer against a stand-in client: a table's first public screen is
sent and remembered, later ones edit it (an unchanged one is skipped, a deleted message is sent
again); a channel the bot may not write in is skipped and refused; a 429 that reaches the writer is
waited out for as long as its header says. Panels are edited through their interaction while it
lasts, closed with the table's last public screen when the game is over for their person, and say
so before their interaction runs out. Pictures are uploaded only when they change, kept by edits
that leave them out, removed when the look is text. A ping is a message of its own below its
board, notifying exactly whom it names; a season's podiums are messages of their own with their
pictures; a person removed from a game sees it in their panel after the board. (The shared
behaviour itself: tests/adapters/chat.)"""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from adapters.chat import backoff
from adapters.chat.memory_records import MemoryRecords
from adapters.chat.notifier import ChatNotifier
from adapters.discord.components import CLEAR, KEEP, REFRESH, PictureEdit
from adapters.discord.messages import DiscordMessages
from adapters.discord.notifier import DiscordScreens
from adapters.discord.panel_screens import PanelScreens
from adapters.discord.panels import Panels
from adapters.pictures import screens as picture_screens
from bot.people import ChatRef, PersonRef
from bot.ui.picture import Hand
from bot.ui.screen import ALERT, Alert, Button, Countdown, Mention, Screen

CHAT = ChatRef("discord", "500", "600")
ANN = PersonRef("discord", "11")


def error(cls: type[discord.HTTPException], status: int, code: int = 0, headers: dict[str, str] | None = None) -> Any:
    response = SimpleNamespace(status=status, reason="x", headers=headers or {})
    return cls(response, {"code": code, "message": f"error {status}"})


class StubChannel:
    """Records sends and edits (and in `fields` their other keyword arguments: embed, file,
    attachments; a send's nonce in `nonces`); `fail` holds exceptions to raise, in order, on the
    next calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any, str, Any]] = []
        self.fields: list[dict[str, Any]] = []
        self.mentions: list[Any] = []  # the allowed mentions of each send
        self.nonces: list[str | None] = []  # the nonce of each send tried
        self.fail: list[Exception] = []
        self.gate: asyncio.Event | None = None
        self.next_id = 100

    async def _call(self, kind: str, message_id: Any, content: str, view: Any, **fields: Any) -> None:
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise self.fail.pop(0)
        self.calls.append((kind, message_id, content, view))
        self.fields.append(fields)

    async def send(
        self, content: str, view: Any = None, allowed_mentions: Any = None, nonce: str | None = None, **fields: Any
    ) -> Any:
        self.nonces.append(nonce)
        await self._call("send", None, content, view, **fields)
        self.mentions.append(allowed_mentions)
        self.next_id += 1
        return SimpleNamespace(id=self.next_id)

    def get_partial_message(self, message_id: int) -> Any:
        async def edit(content: str, view: Any, **fields: Any) -> None:
            await self._call("edit", message_id, content, view, **fields)

        async def delete() -> None:
            await self._call("delete", message_id, "", None)

        return SimpleNamespace(edit=edit, delete=delete)


class StubClient:
    def __init__(self) -> None:
        self.channel = StubChannel()
        self.user = SimpleNamespace(id=1)  # logged in

    def get_partial_messageable(self, channel_id: int) -> StubChannel:
        assert channel_id == 600
        return self.channel


def notifier(lifetime: float = 60.0) -> tuple[DiscordScreens, StubChannel, MemoryRecords]:
    """The channels' messages (the chat layer on DiscordMessages) and the panels, as the bot builds them."""
    client, store = StubClient(), MemoryRecords()
    messages = DiscordMessages(client)  # type: ignore[arg-type]
    chat = ChatNotifier(messages, store)
    panels = PanelScreens(chat.writers, chat.pictures, chat.shown, chat.stats, messages, Panels(lifetime), client)  # type: ignore[arg-type]
    return DiscordScreens(chat, panels), client.channel, store


def board(text: str, table: int = 7) -> Screen:
    return Screen(table, text, ((Button("My cards", f"{table}.1.p"),),))


def hand(text: str, table: int = 7) -> Screen:
    return Screen(table, text, ((Button("8♥", f"{table}.1.m8H"),),), audience=ANN, slot="panel")


class Edits:
    """A panel's way to edit: records what it drew (and in `pictures` what it did to the picture);
    its message is `message_id`."""

    def __init__(self, fail: list[Exception] | None = None, message_id: int = 900) -> None:
        self.drawn: list[tuple[str, Any]] = []
        self.pictures: list[PictureEdit] = []
        self.fail = fail or []
        self.message_id = message_id

    async def __call__(self, content: str, view: Any, picture: PictureEdit) -> int:
        if self.fail:
            raise self.fail.pop(0)
        self.drawn.append((content, view))
        self.pictures.append(picture)
        return self.message_id


def labels(view: Any) -> list[str]:
    return [] if view is None else [item.item.label for item in view.children]


async def test_the_first_screen_is_sent_and_remembered_later_ones_edit_it() -> None:
    n, channel, store = notifier()
    await n.show(CHAT, [board("lobby 1")])
    await n.idle()
    await n.show(CHAT, [board("lobby 2")])
    await n.idle()
    await n.show(CHAT, [board("lobby 2")])  # nothing changed: not drawn again
    await n.idle()
    assert [(c[0], c[1], c[2]) for c in channel.calls] == [("send", None, "lobby 1"), ("edit", 101, "lobby 2")]
    assert await store.message_id(7, "", "table") == "101"
    assert not await n.channels.refused(CHAT, 7)
    assert n.channels.stats["unchanged"] == 1


async def test_a_deleted_message_is_sent_again_and_a_forbidden_channel_skipped() -> None:
    n, channel, store = notifier()
    await store.remember_message(7, "", "table", "55")
    channel.fail = [error(discord.NotFound, 404, 10008)]
    await n.show(CHAT, [board("board")])
    await n.idle()
    assert [c[0] for c in channel.calls] == ["delete", "send"]  # (deleted where it still stands)
    assert await store.message_id(7, "", "table") == "101"
    channel.fail = [error(discord.Forbidden, 403, 50013)]
    await n.show(CHAT, [board("other", table=8)])
    await n.idle()
    assert await n.channels.refused(CHAT, 8)
    assert n.channels.stats["skipped"] == 1


async def test_a_429_that_reaches_the_writer_is_waited_out() -> None:
    n, channel, _store = notifier()
    channel.fail = [error(discord.HTTPException, 429, headers={"Retry-After": "0.2"})]
    loop = asyncio.get_running_loop()
    start = loop.time()
    await n.show(CHAT, [board("first")])
    while channel.fail:  # until the first attempt met the 429
        await asyncio.sleep(0)
    await n.show(CHAT, [board("newer")])
    await n.idle()
    assert loop.time() - start >= 0.2
    assert [c[2] for c in channel.calls] == ["newer"]


async def test_a_send_whose_answer_was_lost_is_tried_with_the_same_nonce_and_brought_up_to_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Discord makes one message per nonce: the try after a lost answer (a dropped connection) keeps
    the first try's nonce, even for a newer screen, and the message it is answered with (maybe
    the first try's) is edited to the newer screen; the place's next message has a nonce of its own."""
    monkeypatch.setattr(backoff, "FIRST", 0.01)
    n, channel, _store = notifier()
    channel.fail = [aiohttp.ServerDisconnectedError()]
    await n.show(CHAT, [board("first")])
    while channel.fail:
        await asyncio.sleep(0)
    await n.show(CHAT, [board("newer")])
    await n.idle()
    sent = channel.next_id
    assert [c[:3] for c in channel.calls] == [("send", None, "newer"), ("edit", sent, "newer")]
    assert len(channel.nonces) == 2 and channel.nonces[0] == channel.nonces[1]
    channel.fail = [error(discord.HTTPException, 429, headers={"Retry-After": "0"})]  # (no message made)
    await n.show(CHAT, [Screen(8, "another table")])
    await n.idle()
    assert channel.nonces[2] == channel.nonces[3] != channel.nonces[0]
    assert [c[0] for c in channel.calls[2:]] == ["send"]  # a refused try made nothing: no edit


async def test_a_panel_is_drawn_only_while_it_is_open_with_a_refresh_button() -> None:
    n, _channel, _store = notifier()
    await n.show(CHAT, [board("b1"), hand("hand 1")])
    await n.idle()
    edits = Edits()
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "en"))
    await n.show(CHAT, [board("b2"), hand("hand 2")])
    await n.idle()
    assert [(c, labels(v)) for c, v in edits.drawn] == [("hand 2", ["8♥", REFRESH])]
    assert n.panels.note((7, "11"), "✗ too late")
    await n.idle()
    assert edits.drawn[-1][0] == "✗ too late\n\nhand 2"
    await n.close()


async def test_a_panel_whose_game_is_over_shows_the_result_without_buttons_and_is_closed() -> None:
    n, _channel, _store = notifier()
    edits = Edits()
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "en"))
    await n.show(CHAT, [Screen(7, "🏁 Svolota is over.", ((Button("🔁 Rematch", "7.9.r"),),))])
    await n.idle()
    assert edits.drawn == [("🏁 Svolota is over.", None)]
    assert n.panels.panels.get((7, "11")) is None
    await n.close()


async def test_a_panel_that_can_no_longer_be_edited_is_forgotten() -> None:
    n, _channel, _store = notifier()
    edits = Edits([error(discord.HTTPException, 401, 50027)])
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "en"))
    await n.show(CHAT, [board("b"), hand("hand")])
    await n.idle()
    assert n.panels.panels.get((7, "11")) is None and n.channels.stats["skipped"] == 1
    await n.close()


async def test_a_panel_says_so_before_its_interaction_runs_out_and_keeps_its_buttons() -> None:
    n, _channel, _store = notifier(lifetime=0.2)
    edits = Edits()
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "ru"))
    await n.show(CHAT, [board("b"), hand("hand")])
    while not edits.drawn or not edits.drawn[-1][0].startswith("⌛"):  # its lifetime runs out
        await asyncio.sleep(0.01)
    await n.idle()
    text, view = edits.drawn[-1]
    assert text.startswith("⌛") and "🔄" in text and text.endswith("hand")
    assert "панель" in text  # in the person's language
    assert labels(view) == ["8♥", REFRESH]
    assert n.panels.panels.get((7, "11")) is None
    await n.show(CHAT, [board("b2"), hand("hand 2")])
    await n.idle()
    assert len(edits.drawn) == 2


BEA = PersonRef("discord", "12")


def alert(person: PersonRef, name: str, since: float, anew: bool = True) -> Screen:
    """ "🔔 NAME, your move · 60 s" with its marks, as bot/ui/svolota.py draws it."""
    text = f"🔔 {name}, your move · 60 s"
    left = text.index("60 s")
    marks = (Mention(2, 2 + len(name), person), Countdown(left, len(text), since + 60))
    return Screen(7, text, slot=ALERT, marks=marks, alert=Alert(0, person, since, since + 60, anew))


async def test_a_turn_alert_mentions_only_its_person_counts_down_and_the_channel_keeps_one() -> None:
    n, channel, _ = notifier()
    for screen in (
        alert(ANN, "Ann", 1000),
        alert(ANN, "Ann", 1000),  # a redraw of the same turn: nothing
        alert(BEA, "Bea", 1010),  # Bea's turn: Ann's alert goes, Bea's is sent
        alert(BEA, "Bea", 1012, anew=False),  # back to Bea within seconds: hers is brought up to date
        Screen(7, "", slot=ALERT, final=True),  # the game is over: the alert goes
    ):
        await n.show(CHAT, [screen])
        await n.idle()
    assert [(c[0], c[1], c[2]) for c in channel.calls] == [
        ("send", None, "🔔 <@11>, your move · <t:1060:R>"),
        ("delete", 101, ""),
        ("send", None, "🔔 <@12>, your move · <t:1070:R>"),
        ("edit", 102, "🔔 <@12>, your move · <t:1072:R>"),
        ("delete", 102, ""),
    ]
    first, second = (m.to_dict() for m in channel.mentions)
    assert first == {"parse": [], "users": [11]}  # Ann alone is notified: no roles, not everyone
    assert second["users"] == [12]


async def test_the_board_shows_the_turn_deadline_as_a_timestamp_and_mentions_no_one() -> None:
    n, channel, _ = notifier()
    text = "🎴 Svolota\n⏱ Ann, your move: 60 s"
    await n.show(CHAT, [Screen(7, text, marks=(Countdown(text.index("60 s"), len(text), 1060.4),))])
    await n.idle()
    assert channel.calls[0][2] == "🎴 Svolota\n⏱ Ann, your move: <t:1060:R>"
    assert channel.mentions[0].to_dict() == discord.AllowedMentions.none().to_dict()


# --- pictures -------------------------------------------------------------------------------------

HAND_A, HAND_B = Hand(("3C", "5D")), Hand(("3C",))


def pictured(text: str, picture: Hand | None = HAND_A, look: str = "classic", table: int = 7) -> Screen:
    return replace(board(text, table), picture=picture, look=look)


def drawn_as_png(monkeypatch: pytest.MonkeyPatch) -> list[Hand]:
    """The renderer replaced by one that "draws" a picture as its description (it records them)."""
    drawn: list[Hand] = []

    async def render(picture: Hand, deck: str) -> bytes:
        drawn.append(picture)
        return b"\x89PNG" + repr((picture, deck)).encode()

    monkeypatch.setattr(picture_screens, "drawn", render)
    return drawn


def picture_of(fields: dict[str, Any]) -> str:
    """What a send or an edit did to the message's picture: "upload", "clear" or "keep"."""
    if "file" in fields or fields.get("attachments"):
        files = [fields["file"]] if "file" in fields else fields["attachments"]
        assert [f.filename for f in files] == ["table.png"]
        assert fields["embed"].image.url == "attachment://table.png"
        return "upload"
    if fields:
        assert fields == {"embed": None, "attachments": []}
        return "clear"
    return "keep"


async def test_a_picture_is_uploaded_when_it_changes_kept_otherwise_and_removed_with_the_text_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn_as_png(monkeypatch)
    n, channel, _ = notifier()
    for screen in (
        pictured("lobby"),
        pictured("a move that changes no picture"),
        pictured("a move that does", HAND_B),
        pictured("the look is text now", HAND_B, look="text"),
        pictured("and stays text", HAND_A, look="text"),
        pictured("pictures again", HAND_A),
        pictured("the result has no picture", None),
    ):
        await n.show(CHAT, [screen])
        await n.idle()
    assert [(c[0], c[2], picture_of(f)) for c, f in zip(channel.calls, channel.fields, strict=True)] == [
        ("send", "lobby", "upload"),
        ("edit", "a move that changes no picture", "keep"),
        ("edit", "a move that does", "upload"),
        ("edit", "the look is text now", "clear"),
        ("edit", "and stays text", "keep"),
        ("edit", "pictures again", "upload"),
        ("edit", "the result has no picture", "clear"),
    ]
    assert n.channels.stats["uploaded"] == 3


async def test_a_panels_picture_stays_between_windows_and_through_presses_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn_as_png(monkeypatch)
    n, _channel, _ = notifier()
    edits = Edits(message_id=900)
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "en"))  # "My cards": a new message
    panel = replace(hand("hand 1"), picture=HAND_A, look="classic")
    for screen in (
        panel,
        replace(panel, text="hand 1, between windows", picture=HAND_B, picture_stays=True),
        replace(panel, text="hand 2", picture=HAND_B),
    ):
        n.panels.draw_panel(screen)
        await n.idle()
    pressed = Edits(message_id=900)  # a press on the panel: its own message, through a new interaction
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), pressed, "en", message_id=900))
    n.panels.draw_panel(replace(panel, text="hand 2, a move refused", picture=HAND_B))
    await n.idle()
    again = Edits(message_id=901)  # "My cards" again: a new message, which has no picture yet
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), again, "en"))
    n.panels.draw_panel(replace(panel, text="hand 2, again", picture=HAND_B))
    await n.idle()
    assert [p.png is not None for p in edits.pictures] == [True, False, True]
    assert edits.pictures[1] == KEEP and [d[0] for d in edits.drawn][1] == "hand 1, between windows"
    assert pressed.pictures == [KEEP]
    assert again.pictures[0].png is not None and again.pictures[0] != CLEAR
    await n.close()


# --- one-off messages: pings, a season's podium; a removed person's panel -------------------------

BOB, CAROL = PersonRef("discord", "12"), PersonRef("discord", "13")


def ping(people: list[tuple[PersonRef, str]], table: int = 7, head: str = "🔔 Svolota: a table is open — ") -> Screen:
    text, marks = head, []
    for i, (person, name) in enumerate(people):
        text += ", " if i else ""
        marks.append(Mention(len(text), len(text) + len(name), person))
        text += name
    return Screen(table, text, slot="ping", final=True, marks=tuple(marks))


def mentioned(allowed: Any) -> list[int]:
    data = allowed.to_dict()
    assert data["parse"] == [] and not data.get("roles") and not data.get("replied_user")
    return [int(u) for u in data.get("users", [])]


async def test_a_ping_is_a_new_message_below_its_board_notifying_exactly_whom_it_names() -> None:
    n, channel, store = notifier()
    await n.show(CHAT, [board("lobby")])
    await n.show(CHAT, [ping([(ANN, "Ann"), (BOB, "Bob")])])
    await n.show(CHAT, [ping([(CAROL, "Carol")])])  # (another, at once: not coalesced)
    await n.idle()
    kinds = [(kind, content) for kind, _id, content, _view in channel.calls]
    assert kinds[0] == ("send", "lobby")  # the board first: the ping goes below it
    assert sorted(kinds[1:]) == [
        ("send", "🔔 Svolota: a table is open — <@11>, <@12>"),
        ("send", "🔔 Svolota: a table is open — <@13>"),
    ]
    by_text = {call[2]: mentioned(m) for call, m in zip(channel.calls, channel.mentions, strict=True)}
    assert by_text["🔔 Svolota: a table is open — <@11>, <@12>"] == [11, 12]
    assert by_text["🔔 Svolota: a table is open — <@13>"] == [13]
    assert by_text["lobby"] == [] and channel.fields[1:] == [{}, {}]  # the board notifies nobody; no picture
    assert await store.message_id(7, "", "ping") is None  # never edited: not remembered
    await n.close()


async def test_a_long_ping_goes_in_several_messages_each_notifying_whom_it_names() -> None:
    n, channel, _store = notifier()
    people = [(PersonRef("discord", str(10**17 + i)), f"Player number {i}") for i in range(150)]
    await n.show(CHAT, [board("lobby"), ping(people)])
    await n.idle()
    sent = list(zip(channel.calls[1:], channel.mentions[1:], strict=True))
    assert len(sent) >= 2
    named: list[int] = []
    for (_kind, _id, content, _view), allowed in sent:
        assert 0 < len(content) <= 2000
        ids = [int(i) for i in re.findall(r"<@(\d+)>", content)]
        assert mentioned(allowed) == ids and len(ids) <= 100
        named += ids
    assert named == [int(p.user_id) for p, _ in people]  # each once, in order, none cut in two
    await n.close()


async def test_a_seasons_podiums_are_messages_of_their_own_with_their_pictures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn = drawn_as_png(monkeypatch)
    n, channel, store = notifier()
    podiums = [
        replace(Screen(0, f"🏁 Season 2026-11 is over: {game}", slot="season", final=True), picture=p, look="classic")
        for game, p in (("Svolota", HAND_A), ("Speed", HAND_B))
    ]
    await n.show(CHAT, podiums)
    await n.show(CHAT, [replace(podiums[0], text="🏁 in text", look="text")])
    await n.idle()
    assert [(kind, content) for kind, _id, content, _view in channel.calls] == [
        ("send", "🏁 Season 2026-11 is over: Svolota"),
        ("send", "🏁 Season 2026-11 is over: Speed"),
        ("send", "🏁 in text"),
    ]
    assert [picture_of(f) for f in channel.fields] == ["upload", "upload", "keep"] and drawn == [HAND_A, HAND_B]
    assert [mentioned(m) for m in channel.mentions] == [[], [], []]
    assert await store.message_id(0, "", "season") is None
    await n.close()


async def test_a_season_for_a_whole_server_goes_where_it_last_played_else_where_the_bot_may_write() -> None:
    n, _channel, _store = notifier()
    writable = SimpleNamespace(id=41, position=1, permissions_for=lambda me: SimpleNamespace(send_messages=True))
    shut = SimpleNamespace(id=40, position=0, permissions_for=lambda me: SimpleNamespace(send_messages=False))
    guild = SimpleNamespace(system_channel=None, text_channels=[writable, shut], me=object())
    n.channels.platform.client.get_guild = lambda guild_id: guild if guild_id == 500 else None  # type: ignore[attr-defined]
    server = ChatRef("discord", "500")
    assert n.channels.platform._channel_of(server) == 41  # its first channel the bot may write in
    guild.system_channel = shut
    assert n.channels.platform._channel_of(server) == 41
    await n.show(CHAT, [board("a table in 600")])
    assert n.channels.platform._channel_of(server) == 600  # where its last table was
    assert n.channels.platform._channel_of(ChatRef("discord", "77")) == 77  # a direct message's channel
    await n.close()


async def test_a_person_removed_from_a_game_sees_it_in_their_panel_after_the_board_without_them() -> None:
    n, _channel, _store = notifier()
    edits = Edits()
    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), edits, "en"))
    await n.show(CHAT, [board("b1"), hand("hand 1")])
    await n.idle()
    removed = Screen(7, "🚫 You were removed from the Svolota table.", audience=ANN, slot="panel", final=True)
    await n.show(CHAT, [board("b2 without Ann")])  # no panel for her: it shows the board, closed
    await n.idle()
    assert edits.drawn[-1] == ("b2 without Ann", None) and n.panels.panels.get((7, "11")) is None
    await n.show(CHAT, [removed])  # then what the service tells her
    await n.idle()
    assert edits.drawn[-1] == ("🚫 You were removed from the Svolota table.", None)
    assert n.panels.panels.get((7, "11")) is None
    await n.show(CHAT, [board("b3")])  # closed for good
    await n.idle()
    assert len(edits.drawn) == 3
    await n.close()


async def test_a_removal_told_while_the_board_without_them_is_being_drawn_is_drawn_after_it() -> None:
    n, _channel, _store = notifier()
    gate = asyncio.Event()
    edits = Edits()

    async def slow(content: str, view: Any, picture: PictureEdit) -> int:
        await gate.wait()
        return await edits(content, view, picture)

    n.panels.opened((7, "11"), n.panels.panels.open((7, "11"), slow, "en"))
    await n.show(CHAT, [board("b2 without Ann")])
    await asyncio.sleep(0.05)  # its panel's edit is in flight
    await n.show(CHAT, [Screen(7, "🚫 removed", audience=ANN, slot="panel", final=True)])
    gate.set()
    await n.idle()
    assert [text for text, _view in edits.drawn] == ["b2 without Ann", "🚫 removed"]
    await n.close()
