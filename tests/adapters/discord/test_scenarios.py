"""The Discord bot end to end: the real discord.py stack (gateway, REST, interactions, dynamic
items), the service and a SQLite database, against the fake Discord on 127.0.0.1. People act in
the fake's world (slash commands, button presses, menu choices); the service's clock is a
FakeClock the tests move, the fake's own clock runs interaction deadlines and token expiry."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
from typing import Any

import discord
import pytest

from adapters.chat.records import read_note
from adapters.discord.app import DiscordBot
from adapters.discord.logs import MaskSecrets, Secrets
from adapters.discord.settings import DiscordSettings
from adapters.sql.store import SqlStore
from bot.answers import rules_text
from bot.bidi import isolated
from bot.clock import FakeClock
from bot.i18n import translator
from bot.settings import ServiceConfig
from bot.tables import Status, Table
from bot.tokens import Token, decode
from core import load_game
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.world import Channel, Interaction, Message, User
from tests.adapters.idle import scheduled, until_idle

CONFIG = ServiceConfig(window_seconds=1.5, idle_seconds=20, computer_think=0.5)


class Running:
    """One bot process: DiscordBot on the database at `url`, connected to the fake; `advance` moves
    the service's clock and fires what falls due, as the scheduler would."""

    def __init__(self, fake: FakeDiscord, url: str, clock: FakeClock, config: ServiceConfig = CONFIG, **settings: Any):
        self.fake, self.clock = fake, clock
        values = {
            "bot_token": fake.token,
            "api_url": fake.api_url,
            "gateway_url": fake.gateway_url,
            "guild_ready_timeout": 0.05,
            **settings,
        }
        self.store = SqlStore(url)
        self.app = DiscordBot(DiscordSettings(**values), self.store, self.store.records, clock, config, seed=7)
        self.service, self.notifier = self.app.service, self.app.notifier
        self.firing = scheduled(self.service)
        self.before = set(fake.interactions)  # sent to an earlier process, if any
        self.received: set[int] = set()
        self.handling: set[asyncio.Task[Any]] = set()
        # discord.py parses each INTERACTION_CREATE in one go, creating the tasks that handle it (the
        # command tree's, the dynamic items', the on_interaction listeners'): wrapped here, the
        # tasks are known by the time the bot could answer
        parsers = self.app.client._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_and_note(data: Any) -> None:
            before = asyncio.all_tasks()
            parse(data)
            self.received.add(int(data["id"]))
            self.handling |= asyncio.all_tasks() - before

        parsers["INTERACTION_CREATE"] = parse_and_note

    async def __aenter__(self) -> Running:
        await self.app.start()
        await self.fake.wait_ready()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.app.stop()
        await self.store.close()

    async def settled(self, timeout: float = 15.0) -> None:
        """Every interaction people made received and handled, nothing being fired, every queued
        screen drawn (tests/adapters/idle.py)."""

        def received() -> bool:
            sent = {i for i, interaction in self.fake.interactions.items() if interaction.delivered}
            return sent - self.before <= self.received

        async def handled() -> None:
            if self.handling:
                await asyncio.wait(self.handling)
            self.handling = {t for t in self.handling if not t.done()}

        def idle() -> bool:
            return received() and all(t.done() for t in self.handling) and not self.firing.count

        waits = (
            lambda: self.fake.wait_for(received, timeout, "the bot to receive every interaction"),
            handled,
            self.firing.none,
            self.notifier.idle,
        )
        await until_idle(waits, idle, timeout, "the Discord bot")

    async def advance(self, seconds: float) -> None:
        end = self.clock.now() + seconds
        while True:
            due = await self.service.firing.next_due()
            if due is None or due > end:
                break
            self.clock.advance(max(0.0, due - self.clock.now()))
            await self.service.firing.tick()
        self.clock.advance(max(0.0, end - self.clock.now()))

    async def table(self, table_id: int) -> Table:
        table = await self.store.load(table_id)
        assert table is not None
        return table

    async def board(self, table_id: int) -> Message:
        """The channel message the bot draws a table in."""
        message_id, _ = read_note(await self.store.records.message_id(table_id, "", "table"))
        assert message_id is not None, f"table {table_id} has no message"
        return self.fake.all_messages[message_id]

    async def until(self, check: Any, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while not (value := await check()):
            assert time.monotonic() < deadline, f"timed out waiting for {check}"
            await asyncio.sleep(0.02)
        return value


def tokens_of(message: Message) -> list[Token]:
    ids = [b.custom_id or "" for row in message.buttons for b in row]
    ids += [value for select in message.selects for value in select.values]
    return [t for t in map(decode, ids) if t is not None]


def table_of(message: Message) -> int:
    return tokens_of(message)[0].table_id


def moves_on(panel: Message) -> list[tuple[str, str]]:
    """(custom id of the button or menu, token) of every move on a panel."""
    found = [(b.custom_id or "", b.custom_id or "") for row in panel.buttons for b in row]
    found += [(s.custom_id, value) for s in panel.selects for value in s.values]
    return [(cid, token) for cid, token in found if (t := decode(token)) is not None and t.action == "move"]


async def press(fake: FakeDiscord, user: User, message: Message, label: str | None = None, **kw: Any) -> Interaction:
    return await fake.wait_response(fake.click(user, message, label=label, **kw))


async def play(fake: FakeDiscord, user: User, panel: Message, custom_id: str, token: str) -> Interaction:
    """Press a move on a panel: a button, or the option of a menu."""
    if custom_id == token:
        return await fake.wait_response(fake.click(user, panel, custom_id))
    return await fake.wait_response(fake.choose(user, panel, custom_id, [token]))


async def followup(fake: FakeDiscord, interaction: Interaction) -> Message:
    """The ephemeral answer that follows an acknowledged press (a refusal)."""
    found = await fake.wait_for(lambda: fake.followups(interaction.id), what="the answer to a press")
    (message,) = found
    assert message.ephemeral
    return message


async def open_panel(fake: FakeDiscord, user: User, board: Message, label: str) -> Message:
    """Press "My cards" / "My panel": the ephemeral answer is the person's panel."""
    interaction = await press(fake, user, board, label)
    assert interaction.ephemeral and interaction.original is not None
    return interaction.original


async def slash(fake: FakeDiscord, user: User, channel: Channel, name: str, **options: Any) -> Interaction:
    return await fake.wait_response(fake.slash(user, channel, name, options))


# --- Svolota ------------------------------------------------------------------------------------


async def open_svolota(fake: FakeDiscord, bot: Running, channel: Channel, creator: User, *others: User) -> int:
    opened = await slash(fake, creator, channel, "svolota")
    assert opened.ephemeral and opened.original is not None and "✅" in opened.original.content
    await bot.settled()
    table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]
    for person in others:
        await press(fake, person, await bot.board(table_id), "Join")
        await bot.settled()
    await press(fake, creator, await bot.board(table_id), "▶ Start")
    await bot.settled()
    assert (await bot.table(table_id)).status is Status.PLAYING
    return table_id


async def test_a_whole_svolota_game_of_three_people_through_ephemeral_hands(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        seats = [alice, bob, carol]
        board = await bot.board(table_id)
        panels = {user.id: await open_panel(fake, user, board, "My cards") for user in seats}
        assert all(p.ephemeral for p in panels.values())
        await bot.settled()
        moves = 0
        while (table := await bot.table(table_id)).status is Status.PLAYING:
            game = load_game(table.state)
            seat = game.turn
            person = seats[seat]
            panel = panels[person.id]
            for other in seats:  # each sees their own hand only
                view = game.view(seats.index(other))
                assert " ".join(c.pretty for c in view.hand) in panels[other.id].content
            offered = moves_on(panel)
            assert {decode(t).arg for _c, t in offered} == set(game.moves(str(seat)))  # type: ignore[union-attr]
            assert not any(moves_on(panels[u.id]) for u in seats if u is not person)
            await play(fake, person, panel, *offered[0])
            await bot.until(lambda: _moved(bot, table_id, table.moves))
            await bot.settled()
            moves += 1
            assert moves < 400
        assert table.status is Status.FINISHED
        assert all(m.by == "person" for m in await bot.store.moves(table_id))
        result = (await bot.board(table_id)).content
        winner = seats[table.result.index(0)]  # type: ignore[union-attr]
        assert winner.global_name in result and "is over" in result
        assert "Winning move: " in result and re.search(r"[▲▼±] \d+", result)  # a rated game: each change
        assert [b.label for row in (await bot.board(table_id)).buttons for b in row] == ["🔁 Rematch"]
        for person in seats:  # the panels show the result, without buttons
            assert panels[person.id].content == result and panels[person.id].buttons == []
        # leaderboard and stats afterwards
        top = await slash(fake, bob, channel, "leaderboard", game="svolota")
        assert not top.ephemeral and all(p.global_name in top.original.content for p in seats)  # type: ignore[union-attr]
        stats = await slash(fake, carol, channel, "stats")
        assert stats.ephemeral and carol.global_name in stats.original.content  # type: ignore[union-attr]
        theirs = await slash(fake, carol, channel, "stats", member=winner)
        assert winner.global_name in theirs.original.content  # type: ignore[union-attr]


async def _moved(bot: Running, table_id: int, before: int) -> bool:
    return (await bot.table(table_id)).moves > before


SENT = "POST /channels/{channel_id}/messages"


def alerts(fake: FakeDiscord, channel: Channel) -> list[Message]:
    """The turn alerts the channel shows now (deleted ones are gone)."""
    return [m for m in fake.messages(channel, from_bot=True) if m.content.startswith("🔔")]


@pytest.mark.slow  # every turn of a whole game (tests/bot/test_turn_alerts.py is the fast tier's)
@pytest.mark.async_timeout(90)
async def test_each_turn_alerts_its_person_only_with_a_countdown_and_the_alert_goes_at_the_end(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        seats, turns = [alice, bob, carol], 0
        board = await bot.board(table_id)
        panels = {user.id: await open_panel(fake, user, board, "My cards") for user in seats}
        await bot.settled()
        while (table := await bot.table(table_id)).status is Status.PLAYING:
            person = seats[load_game(table.state).turn]
            timer = next(d.due for d in table.deadlines if d.kind == "turn")
            shown = alerts(fake, channel)
            assert len(shown) == 1, [m.content for m in shown]  # one alert per table, the old ones deleted
            assert f"<@{person.id}>" in shown[0].content and f"<t:{round(timer)}:R>" in shown[0].content
            sent = next(r for r in reversed(fake.calls(SENT, status=200)) if r.response["id"] == str(shown[0].id))
            mentions = sent.body["allowed_mentions"]
            assert [int(u) for u in mentions["users"]] == [person.id]  # it notifies them, and no one else
            assert mentions["parse"] == [] and not mentions.get("roles")
            assert f"<t:{round(timer)}:R>" in (await bot.board(table_id)).content
            await bot.advance(10)  # a while later (people think): each turn is a new alert
            await play(fake, person, panels[person.id], *moves_on(panels[person.id])[0])
            await bot.until(lambda: _moved(bot, table_id, table.moves))
            await bot.settled()
            turns += 1
            assert turns < 400
        assert alerts(fake, channel) == []  # the last alert is deleted with the game's end
        new_alerts = [r for r in fake.calls(SENT, status=200) if r.body["content"].startswith("🔔")]
        assert len(new_alerts) == turns  # a new alert for each turn


async def test_the_turn_timer_says_in_the_log_that_it_played(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    async with Running(fake_discord, url, clock) as bot:
        table_id = await open_svolota(fake_discord, bot, channel, alice, bob, carol)
        first = load_game((await bot.table(table_id)).state).turn
        await bot.advance(61)
        await bot.settled()
        name = (await bot.table(table_id)).seats[first].name
        assert f"⏰ {isolated(name)} ran out of time — " in (await bot.board(table_id)).content


# --- Speed and Racing Demon: ephemeral panels, boards once per window -----------------------------

BOARD_EDITS = "PATCH /channels/{channel_id}/messages/{message_id}"


def edits_of(fake: FakeDiscord, message: Message) -> int:
    return sum(1 for r in fake.calls(BOARD_EDITS, status=200) if r.params.get("message_id") == str(message.id))


async def finish(bot: Running, table_id: int, limit: float = 7200) -> Table:
    """Let time run (idle people get computer stand-ins) until the game is over."""
    while (await bot.table(table_id)).status is Status.PLAYING:
        assert limit > 0, "the game did not end"
        await bot.advance(300)
        limit -= 300
    await bot.settled()
    return await bot.table(table_id)


async def test_a_speed_challenge_accepted_and_played_to_the_end(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        answer = await slash(fake, alice, channel, "speed", opponent=bob)
        assert not answer.ephemeral and f"<@{bob.id}>" in answer.original.content  # type: ignore[union-attr]
        assert bob in answer.original.mentions  # type: ignore[union-attr]
        await bot.settled()
        challenge = fake.last_message(channel)
        assert challenge is not None and "challenges you" in challenge.content
        table_id = table_of(challenge)
        await press(fake, bob, challenge, "✅ Accept")
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, "🎮 My panel") for u in (alice, bob)}
        your_stacks = translator("ru").gettext("You: {stacks}").split(":")[0]
        assert your_stacks in panels[bob.id].content  # bob's client speaks Russian
        await bot.settled()
        played, before = 0, edits_of(fake, board)
        for windows in range(4):  # a few windows of both pressing their panels' moves
            for person in (alice, bob):
                offered = moves_on(panels[person.id])
                if offered:
                    pressed = await play(fake, person, panels[person.id], *offered[0])
                    played += not panels[person.id].content.startswith("✗")
                    assert pressed.response_type == 6  # acknowledged; the panel follows
            await bot.settled()
            assert edits_of(fake, board) == before + windows  # the board waits for the window
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
            assert edits_of(fake, board) <= before + windows + 1
        assert played >= 4 and "Centre" in board.content
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED and "is over" in board.content
        assert all(panels[u.id].buttons == [] and "is over" in panels[u.id].content for u in (alice, bob))
        log = await bot.store.moves(table_id)
        assert sum(1 for m in log if m.by == "person") >= 4


@pytest.mark.slow  # a whole real-time round: the edit-run loop keeps Svolota's and Speed's
@pytest.mark.async_timeout(90)  # a whole round through the fake servers: 10–30 s on a busy 2-core machine
async def test_a_racing_demon_round_of_three(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "demon")
        await bot.settled()
        table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]
        for person in (bob, carol):
            await press(fake, person, await bot.board(table_id), "Join")
            await bot.settled()
        early = await press(fake, carol, await bot.board(table_id), "▶ Start")
        refusal = await followup(fake, early)  # only the opener starts it (in Ukrainian)
        assert refusal.content == "✗ " + translator("uk").gettext("only the player who opened the table can start it")
        await press(fake, alice, await bot.board(table_id), "▶ Start")
        await bot.settled()
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, "🎮 My panel") for u in (alice, bob, carol)}
        await bot.settled()
        for person in (alice, bob, carol):  # each plays from their panel
            offered = moves_on(panels[person.id])
            assert offered
            await play(fake, person, panels[person.id], *offered[0])
        await bot.advance(CONFIG.window_seconds)
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED
        assert all(p.global_name in board.content for p in (alice, bob, carol))
        assert sum(1 for m in await bot.store.moves(table_id) if m.by == "person") >= 1


# --- refusals: stale, foreign and double presses; garbage ---------------------------------------


async def test_stale_foreign_and_double_presses_are_refused_politely(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]
        await press(fake, bob, await bot.board(table_id), "Join")
        await bot.settled()
        foreign = await press(fake, bob, await bot.board(table_id), "▶ Start")  # not bob's table
        refusal = await followup(fake, foreign)
        assert refusal.content == "✗ " + translator("ru").gettext("only the player who opened the table can start it")
        await press(fake, alice, await bot.board(table_id), "+ Computer")
        await bot.settled()
        await press(fake, alice, await bot.board(table_id), "▶ Start")
        await bot.settled()
        board = await bot.board(table_id)
        outsider = await press(fake, carol, board, "My cards")  # carol is not playing
        assert outsider.ephemeral
        assert outsider.original.content == "✗ " + translator("uk").gettext(  # type: ignore[union-attr]
            "you are not at this table"
        )
        seats = {0: alice, 1: bob}  # seat 2 is a computer
        first = {u.id: await open_panel(fake, u, board, "My cards") for u in seats.values()}
        await bot.settled()
        while (turn := load_game((await bot.table(table_id)).state).turn) not in seats:
            await bot.advance(5)  # the computer moves
            await bot.settled()
        person = seats[turn]
        lang = translator({"ru": "ru", "uk": "uk"}.get(person.locale, "en"))
        stale = first[person.id]
        live = await open_panel(fake, person, board, "My cards")  # opened again: this one is drawn now
        # a double press: the same move twice at once; one counts, the other is too late
        before = (await bot.table(table_id)).moves
        (custom_id, _token), *_ = moves_on(live)
        twice = [fake.click(person, live, custom_id), fake.click(person, live, custom_id)]
        for interaction_id in twice:
            assert (await fake.wait_response(interaction_id)).response_type == 6
        await bot.settled()
        assert (await bot.table(table_id)).moves == before + 1
        assert live.content.startswith("✗ " + lang.gettext("too late: the table has changed since"))
        # a stale press: the first panel was left behind with the moves of before
        assert moves_on(stale) and not stale.content.startswith("✗")
        await play(fake, person, stale, *moves_on(stale)[0])
        await bot.settled()
        assert (await bot.table(table_id)).moves == before + 1
        assert stale.content.startswith("✗ " + lang.gettext("too late: the table has changed since"))
        assert not moves_on(stale)  # brought up to date: it is no longer their turn
        await press(fake, person, stale, "🔄")
        await bot.settled()
        assert not stale.content.startswith("✗") and lang.gettext("Your move:") not in stale.content


async def test_garbage_custom_ids_are_answered(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        view = discord.ui.View(timeout=None)
        for custom_id in ("hello", "zz.0.j", "1.1.j"):  # not ours; a table that never was; one not open
            view.add_item(discord.ui.Button(label=custom_id, custom_id=custom_id))
        view.stop()  # nobody in this process listens to it but the bot's fallback and dynamic items
        sent = await bot.app.client.get_partial_messageable(channel.id).send("odd buttons", view=view)
        message = fake.all_messages[sent.id]
        answers = []
        for custom_id in ("hello", "zz.0.j", "1.1.j"):
            interaction = await press(fake, alice, message, custom_id=custom_id)
            answers.append((await followup(fake, interaction)).content)
        assert answers == [
            "✗ that button is not one of ours",
            "✗ this table no longer exists",
            "✗ this table no longer exists",
        ]
        assert message.content == "odd buttons"  # untouched


async def test_a_press_forged_in_another_server_changes_nothing(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, dave: User, channel: Channel
):
    """Dave owns another server (an admin there): buttons carrying this server's table's ids,
    posted there, neither seat him nor cancel the table."""
    fake = fake_discord
    elsewhere = next(iter(fake.add_guild("Elsewhere", dave).channels.values()))
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        table = await bot.table(table_of(fake.last_message(channel)))  # type: ignore[arg-type]
        forged = [Token(table.id, table.version, action).encode() for action in ("join", "cancel")]
        view = discord.ui.View(timeout=None)
        for custom_id in forged:
            view.add_item(discord.ui.Button(label=custom_id, custom_id=custom_id))
        view.stop()
        sent = await bot.app.client.get_partial_messageable(elsewhere.id).send("forged", view=view)
        message = fake.all_messages[sent.id]
        for custom_id in forged:
            interaction = await press(fake, dave, message, custom_id=custom_id)
            assert (await followup(fake, interaction)).content == "✗ that game is in another chat"
        assert await bot.table(table.id) == table


# --- rate limits, restarts, expiry, channels the bot may not use --------------------------------


async def test_a_429_is_waited_out_and_the_newest_board_drawn(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        board = fake.last_message(channel)
        assert board is not None
        fake.fail_next(BOARD_EDITS, 429, retry_after=0.5)
        fake.fail_next("POST /interactions/{interaction_id}/{interaction_token}/callback", 429, retry_after=0.3)
        start = time.monotonic()
        joined = await press(fake, bob, board, "Join")  # the acknowledgement waits 0.3 s, then goes again
        assert joined.answer_delay is not None and joined.answer_delay >= 0.3
        await bot.settled()  # the board's edit waits 0.5 s, then goes again
        assert time.monotonic() - start >= 0.8
        assert bob.global_name in board.content
        assert [r.status for r in fake.calls(BOARD_EDITS)] == [429, 200]
        await press(fake, carol, board, "Join")
        await bot.settled()
        await press(fake, alice, board, "▶ Start")
        await bot.settled()
        assert len(fake.calls(status=429)) == 2
        assert "Pile" in board.content  # the game's board
        assert not fake.unanswered()


async def test_a_board_discord_will_not_edit_is_replaced_once_by_a_new_message(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    """Every edit of the lobby answers 404 Unknown Message: each redraw tries the edit once, sends
    one new message, deletes the old one; presses are acknowledged at once all the while."""
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]
        since = len(fake.requests)
        fake.fail_next(BOARD_EDITS, 404, count=1_000_000)
        boards = [await bot.board(table_id)]
        for person in (bob, carol):
            joined = await press(fake, person, boards[-1], "Join")
            assert joined.answer_delay is not None and joined.answer_delay < 0.3
            await bot.settled()
            boards.append(await bot.board(table_id))
        messages = [r for r in fake.requests[since:] if "/messages" in r.path]
        writes = [(r.method, r.status, r.params.get("message_id")) for r in messages]
        replaced = [(("PATCH", 404, str(b.id)), ("DELETE", 204, str(b.id)), ("POST", 200, None)) for b in boards[:-1]]
        assert writes == [step for steps in replaced for step in steps], writes
        assert [m.id for m in fake.messages(channel, from_bot=True)] == [boards[-1].id]
        assert all(p.global_name in boards[-1].content for p in (bob, carol))
        assert bot.notifier.channels.stats["replaced"] == 2


async def test_a_restart_mid_game_keeps_the_old_buttons_working(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    seats = [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, "My cards") for u in seats}
        await bot.settled()
        for _ in range(2):
            table = await bot.table(table_id)
            person = seats[load_game(table.state).turn]
            await play(fake, person, panels[person.id], *moves_on(panels[person.id])[0])
            await bot.until(lambda t=table: _moved(bot, table_id, t.moves))
            await bot.settled()
        alert = alerts(fake, channel)
    async with Running(fake, url, clock) as bot:
        await bot.settled()
        assert await bot.board(table_id) is board  # redrawn in place on start
        assert alerts(fake, channel) == alert and len(alert) == 1  # the turn alert too: nobody notified again
        table = await bot.table(table_id)
        person = seats[load_game(table.state).turn]
        await play(fake, person, panels[person.id], *moves_on(panels[person.id])[0])  # an old panel's button
        await bot.until(lambda: _moved(bot, table_id, table.moves))
        await bot.settled()
        assert not moves_on(panels[person.id])  # its panel was redrawn through the new interaction
        table = await bot.table(table_id)
        following = seats[load_game(table.state).turn]
        assert not moves_on(panels[following.id])  # nobody could redraw it since the restart...
        await press(fake, following, panels[following.id], "🔄")  # ...until its person refreshes it
        await bot.settled()
        assert moves_on(panels[following.id])


async def test_a_panel_says_when_it_stops_updating_and_a_press_brings_it_back(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    seats = [alice, bob, carol]
    async with Running(fake, url, clock, panel_seconds=0.5) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        panel = await open_panel(fake, carol, board, "My cards")
        await fake.wait_for(lambda: panel.content.startswith("⌛"), what="the panel's note")
        assert "🔄" in panel.content and panel.buttons  # the buttons stay
        await press(fake, carol, panel, "🔄")
        await bot.settled()
        assert not panel.content.startswith("⌛")
    async with Running(fake, url, clock) as bot:  # Discord's own 15 minutes pass
        panels = {u.id: await open_panel(fake, u, board, "My cards") for u in seats}
        await bot.settled()
        fake.advance(16 * 60)
        table = await bot.table(table_id)
        person = seats[load_game(table.state).turn]
        await play(fake, person, panels[person.id], *moves_on(panels[person.id])[0])
        await bot.until(lambda: _moved(bot, table_id, table.moves))
        await bot.settled()
        assert fake.calls("PATCH /webhooks/**", status=401)  # the others' panels: no longer editable
        assert len(bot.app.panels) == 1  # only the one just pressed is kept


async def test_a_channel_the_bot_may_not_write_in_is_said_and_left_free(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, guild: Any
):
    fake = fake_discord
    locked = fake.add_channel(guild, "locked", bot_denied=0x800)  # SEND_MESSAGES
    async with Running(fake, url, clock) as bot:
        await fake.wait_for(lambda: bot.app.client.get_channel(locked.id), what="the new channel")
        answer = await slash(fake, alice, locked, "svolota")
        assert answer.ephemeral and "may not post" in answer.original.content  # type: ignore[union-attr]
        await bot.settled()
        chat = bot.service.store  # nothing stays open there
        assert not [t for t in await chat.all_open() if t.chat.thread_id == str(locked.id)]


# --- commands, settings, languages, logs -------------------------------------------------------


async def test_commands_are_synced_localised_and_settings_changed_by_admins(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        assert len(fake.command_syncs) == 1
        shown = {u.id: {c["name"] for c in fake.visible_commands(u, channel)} for u in (alice, bob, carol)}
        assert shown[alice.id] >= {"svolota", "speed", "demon", "leaderboard", "stats", "rules", "settings", "language"}
        assert {"скорость", "лидеры", "настройки"} <= shown[bob.id]
        assert {"швидкість", "лідери", "налаштування"} <= shown[carol.id]
        yourself = fake.slash(alice, channel, "speed", {"opponent": alice})  # a public "thinking" turns private
        (said,) = await fake.wait_for(lambda: fake.followups(yourself), what="the answer")
        assert said.ephemeral and said.content == "✗ name someone to challenge"
        assert fake.interaction(yourself).original.deleted  # type: ignore[union-attr]
        refused = await slash(fake, bob, channel, "settings", tables=True)
        ru = translator("ru")
        assert refused.original.content == "✗ " + ru.gettext("only a chat admin can change the settings")  # type: ignore[union-attr]
        changed = await slash(fake, alice, channel, "settings", language="ru", timer=90)
        assert changed.original.content == f"{ru.gettext('Settings saved.')}\n{ru.gettext('Settings saved.')}"  # type: ignore[union-attr]
        settings = await slash(fake, carol, channel, "settings")
        assert "90" in settings.original.content and "ru" in settings.original.content  # type: ignore[union-attr]
        bad_rule = await slash(fake, alice, channel, "settings", rule="svolota nonsense on")
        assert bad_rule.original.content.startswith("✗ ")  # type: ignore[union-attr]
        mine = await slash(fake, alice, channel, "language", language="uk")
        assert mine.ephemeral and mine.original.content == translator("uk").gettext("Language saved.")  # type: ignore[union-attr]
        rules = await slash(fake, alice, channel, "rules", game="speed")
        assert rules.original.content == rules_text("speed", translator("uk"))  # type: ignore[union-attr]
        everything = await slash(fake, bob, channel, "rules")
        assert all(len(m.content) <= 2000 for m in everything.messages)
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        lobby = fake.last_message(channel)
        assert lobby is not None and lobby.content.startswith("🎴 Сволота")  # the server's language now


async def test_the_token_never_reaches_the_logs(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    raw, masked = io.StringIO(), io.StringIO()
    plain = logging.StreamHandler(raw)
    filtered = logging.StreamHandler(masked)
    filtered.addFilter(MaskSecrets(Secrets.of({"DISCORD_BOT_TOKEN": fake.token})))
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.DEBUG)
    root.addHandler(plain)
    root.addHandler(filtered)
    try:
        async with Running(fake, url, clock) as bot:
            table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
            await open_panel(fake, alice, await bot.board(table_id), "My cards")
            await bot.settled()
    finally:
        root.removeHandler(plain)
        root.removeHandler(filtered)
        root.setLevel(level)
    text = raw.getvalue()
    assert "INTERACTION_CREATE" in text and "/webhooks/" in text  # DEBUG was on, for the gateway and REST
    assert fake.token not in text and fake.token not in masked.getvalue()
    assert not [i.token for i in fake.interactions.values() if i.token in masked.getvalue()]


async def test_sharded_it_runs_as_an_auto_sharded_bot(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock, shard_count=1) as bot:
        assert isinstance(bot.app.client, discord.AutoShardedClient)
        assert [s.shard for s in fake.gateway.sessions] == [(0, 1)]
        await slash(fake, alice, channel, "speed", opponent=bob)
        await bot.settled()
        challenge = fake.last_message(channel)
        assert challenge is not None
        await press(fake, bob, challenge, "❌ Decline")
        await bot.settled()
        assert "declined" in challenge.content and challenge.buttons == []
