"""Card pictures on Discord (issue 16): the real bot against the fake Discord.

A table's message and each person's panel show their screen's picture as an embed of an uploaded
PNG, the text staying the message's content; a picture is uploaded only when it changed (a press
that changes nothing, a refused move, a real-time panel between windows upload nothing); a chat
whose look turns to text loses the pictures on the next redraw; a renderer that fails leaves the
text. The fake checks every upload: the spec, attachment ids against the files sent, embeds
against the attachments, PNG bytes (a test fails on any of it at teardown).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from adapters.pictures import screens as picture_screens
from bot.clock import FakeClock
from bot.commands import ChangeSettings
from bot.people import Actor, ChatRef, PersonRef
from bot.tables import Status, Table
from core import load_game
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import (
    CONFIG,
    Running,
    finish,
    moves_on,
    open_panel,
    open_svolota,
    play,
    press,
    slash,
    table_of,
)
from tests.adapters.discord.world import Channel, Message, User
from tests.sql.databases import fresh_sqlite

PICTURE = "attachment://table.png"


@pytest.fixture
def url(tmp_path: Path) -> str:
    return fresh_sqlite(tmp_path)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def pictured(message: Message) -> bool:
    """Whether the message shows a picture: an embed of its one attachment, a PNG, below its text."""
    if message.picture is None:
        return False
    assert [e["image"]["url"] for e in message.embeds] == [PICTURE]
    assert [a.filename for a in message.attachments] == ["table.png"]
    assert message.picture.data.startswith(b"\x89PNG") and message.content
    return True


def text_only(message: Message) -> bool:
    return message.embeds == [] and message.attachments == [] and bool(message.content)


def turn_of(table: Table) -> int:
    """The seat whose turn it is at a Svolota table."""
    assert table.state is not None
    game: Any = load_game(table.state)
    return int(game.turn)


async def moved(bot: Running, table_id: int, before: int) -> bool:
    return (await bot.table(table_id)).moves > before


async def move(fake: FakeDiscord, bot: Running, table_id: int, panels: dict[int, Message], seats: list[User]) -> User:
    """The person whose turn it is plays their first move; who it was."""
    table = await bot.table(table_id)
    person = seats[turn_of(table)]
    await play(fake, person, panels[person.id], *moves_on(panels[person.id])[0])
    await bot.until(lambda: moved(bot, table_id, table.moves))
    await bot.settled()
    return person


async def test_a_svolota_board_and_hands_show_pictures_uploaded_only_when_they_change(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
) -> None:
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        assert pictured(board) and "Svolota" in board.content and board.buttons  # text and buttons as before
        panels = {u.id: await open_panel(fake, u, board, "My cards") for u in seats}
        await bot.settled()
        assert all(pictured(panel) and panel.buttons for panel in panels.values())
        # a move changes the board's picture and every hand's (each shows the board): one upload each
        uploads = {u.id: panels[u.id].uploads for u in seats}
        on_board = board.uploads
        await move(fake, bot, table_id, panels, seats)
        assert board.uploads == on_board + 1 and pictured(board)
        assert all(panels[u.id].uploads == uploads[u.id] + 1 and pictured(panels[u.id]) for u in seats)
        # 🔄 on a panel redraws it through the new press, keeping its picture: nothing uploaded
        person = seats[turn_of(await bot.table(table_id))]
        panel = panels[person.id]
        shown, edits = panel.uploads, len(panel.history)
        await press(fake, person, panel, "🔄")
        await bot.settled()
        assert panel.uploads == shown and len(panel.history) > edits and pictured(panel)
        # the same move pressed twice at once: one counts (one upload), the other is refused
        # above the panel, which keeps the picture the move drew
        (custom_id, _token), *_ = moves_on(panel)
        on_board = board.uploads
        for interaction_id in [fake.click(person, panel, custom_id), fake.click(person, panel, custom_id)]:
            await fake.wait_response(interaction_id)
        await bot.settled()
        assert panel.content.startswith("✗ ") and pictured(panel)
        assert panel.uploads == shown + 1 and board.uploads == on_board + 1
        assert bot.notifier.channels.stats["uploaded"] == sum(m.uploads for m in [board, *panels.values()])


async def test_a_chat_whose_look_turns_to_text_loses_the_pictures_on_the_next_redraw(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
) -> None:
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, "My cards") for u in seats}
        await bot.settled()
        assert pictured(board) and all(pictured(p) for p in panels.values())
        assert channel.guild is not None
        chat = ChatRef("discord", str(channel.guild.id), str(channel.id))
        admin = Actor(PersonRef("discord", str(alice.id)), "Alice", admin=True)
        assert (await bot.service.handle(ChangeSettings(chat, admin, "look", "text"))).ok
        await move(fake, bot, table_id, panels, seats)
        assert text_only(board) and all(text_only(p) for p in panels.values())
        uploads = bot.notifier.channels.stats["uploaded"]
        await move(fake, bot, table_id, panels, seats)  # text stays text: nothing sent about pictures
        assert text_only(board) and bot.notifier.channels.stats["uploaded"] == uploads
        last_edit = fake.calls("PATCH /channels/{channel_id}/messages/{message_id}", status=200)[-1]
        assert "attachments" not in last_edit.body and "embeds" not in last_edit.body and not last_edit.files
        # and back to pictures
        assert (await bot.service.handle(ChangeSettings(chat, admin, "look", "classic"))).ok
        await move(fake, bot, table_id, panels, seats)
        assert pictured(board) and all(pictured(p) for p in panels.values())


async def test_a_renderer_that_fails_leaves_the_text(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    carol: User,
    channel: Channel,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(picture: object, deck: str) -> bytes:
        raise RuntimeError("the renderer is broken")

    monkeypatch.setattr(picture_screens, "drawn", broken)
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        assert text_only(board) and "Svolota" in board.content and board.buttons
        panels = {u.id: await open_panel(fake, u, board, "My cards") for u in seats}
        await bot.settled()
        assert all(text_only(p) and p.buttons for p in panels.values())
        await move(fake, bot, table_id, panels, seats)
        assert text_only(board) and (await bot.table(table_id)).moves == 1
        assert not [r for r in fake.requests if r.files]


async def test_a_whole_speed_game_with_pictures_and_panels_that_keep_theirs_between_windows(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
) -> None:
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "speed", opponent=bob)
        await bot.settled()
        challenge = fake.last_message(channel)
        assert challenge is not None
        table_id = table_of(challenge)
        await press(fake, bob, challenge, "✅ Accept")
        await bot.settled()
        board = await bot.board(table_id)
        assert pictured(board)
        panels = {u.id: await open_panel(fake, u, board, "🎮 My panel") for u in (alice, bob)}
        await bot.settled()
        assert all(pictured(p) for p in panels.values())
        # a move between windows: the mover's panel text at once, its picture stays until the window ends
        for person in (alice, bob):
            panel = panels[person.id]
            shown, text, edits = panel.uploads, panel.content, len(panel.history)
            offered = moves_on(panel)
            if not offered:
                continue
            await play(fake, person, panel, *offered[0])
            await bot.settled()
            if panel.content.startswith("✗"):  # refused (the other took the pile): nothing to see
                continue
            assert len(panel.history) > edits and panel.content != text
            assert panel.uploads == shown and pictured(panel)
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
            assert panel.uploads == shown + 1 and pictured(panel)
            break
        else:
            pytest.fail("no move was played")
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED and "is over" in board.content
        assert pictured(board)  # the podium
        assert all(pictured(p) and p.buttons == [] and "is over" in p.content for p in panels.values())
        assert not fake.calls(status=429)
        assert fake.spec is None or not fake.spec_errors
        assert bot.notifier.channels.stats["uploaded"] >= 4
