"""The Telegram bot end to end: the real python-telegram-bot Application, the service and a SQLite
database, against the fake Bot API on 127.0.0.1. People act in the fake's world (commands, button
presses, inline queries, private chats); the service's clock is a FakeClock the tests move.

Flood control runs at Telegram's limits, with time for it shortened (`SCALE`) so that a test
does not wait for real minutes; test_pacing.py checks the limit itself over several such minutes,
and what a 429 or a slow answer does.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import time
from typing import Any

import aiohttp
import pytest

from adapters.chat.records import read_note
from adapters.sql.store import SqlStore
from adapters.telegram.app import TelegramBot
from adapters.telegram.settings import TelegramSettings
from adapters.telegram.texts import profile
from bot.bidi import FSI, PDI, isolated
from bot.clock import FakeClock
from bot.i18n import LANGUAGES, translator
from bot.settings import ServiceConfig
from bot.tables import Status, Table
from bot.tokens import Token, decode
from core import load_game
from tests.adapters.idle import scheduled, until_idle
from tests.adapters.telegram.fake_api import EDITS, PICTURED, FakeBotApi, Request
from tests.adapters.telegram.world import Chat, Message, User

SCALE = 60  # flood control runs 60 times faster than Telegram's: its "minute" is 1 s
CONFIG = ServiceConfig(window_seconds=1.5, idle_seconds=20, computer_think=0.5)


class Running:
    """One bot process: TelegramBot on the database at `url`, polling the fake; `advance` moves
    the service's clock and fires what falls due, as the scheduler would. It sets the command menu
    and profile (64 requests) only when a test asks for it (`menu=True`): a third of the CPU of
    these tests went to menus nobody looked at."""

    def __init__(
        self,
        api: FakeBotApi,
        url: str,
        clock: FakeClock,
        config: ServiceConfig = CONFIG,
        menu: bool = False,
        **settings: Any,
    ):
        self.api, self.clock, self.menu = api, clock, menu
        values = {
            "bot_token": api.token,
            "api_url": api.base_url.removesuffix("/bot"),
            "minute": 60 / SCALE,
            "private_per_second": SCALE,
            "overall_per_second": 30 * SCALE,
            "set_menu": menu,
            **settings,
        }
        self.store = SqlStore(url)
        self.tg = TelegramBot(
            TelegramSettings(**values), self.store, self.store.records, clock, config, seed=7, poll_timeout=1
        )
        self.service, self.notifier = self.tg.service, self.tg.notifier
        self.firing = scheduled(self.service)

    async def __aenter__(self) -> Running:
        await self.tg.start()
        if self.menu:  # set beside the updates: as Telegram, before a test looks
            await self.api.wait_for(lambda: len(self.api.profile) == 2 * len(LANGUAGES), 10, "the menus")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.tg.stop()
        await self.store.close()

    async def settled(self, timeout: float = 15.0) -> None:
        """Every update people sent fetched and handled, nothing being fired, every queued screen
        drawn (tests/adapters/idle.py). An update counts as taken in once a later getUpdates has
        confirmed it: python-telegram-bot queues what it fetched before it polls again."""
        updates = self.tg.application.update_queue

        def fetched() -> bool:
            return not self.api.queued

        def idle() -> bool:
            # asyncio.Queue counts the updates put and not yet marked done (join() waits on it)
            return fetched() and not updates._unfinished_tasks and not self.firing.count  # type: ignore[attr-defined]

        waits = (
            lambda: self.api.wait_for(fetched, timeout, "the bot to fetch every update"),
            updates.join,
            self.firing.none,
            self.notifier.idle,
            self.tg.play_pictures.idle,
        )
        await until_idle(waits, idle, timeout, "the Telegram bot")

    async def advance(self, seconds: float, pause: float = 0.0) -> None:
        end = self.clock.now() + seconds
        while True:
            due = await self.service.firing.next_due()
            if due is None or due > end:
                break
            self.clock.advance(max(0.0, due - self.clock.now()))
            await self.service.firing.tick()
            await asyncio.sleep(pause)
        self.clock.advance(max(0.0, end - self.clock.now()))

    async def table(self, table_id: int) -> Table:
        table = await self.store.load(table_id)
        assert table is not None
        return table

    async def message_of(self, chat: Chat, table_id: int, audience: str = "", slot: str = "table") -> Message:
        """The message the bot draws a table's screen in (its board, or a person's panel)."""
        message_id, _ = read_note(await self.store.records.message_id(table_id, audience, slot))
        found = [m for m in self.api.messages(chat, from_bot=True) if m.message_id == message_id]
        assert found, f"no message for table {table_id} ({audience!r}, {slot}) in {chat}"
        return found[0]

    async def until(self, check: Any, timeout: float = 10.0) -> Any:
        """Wait until the async `check()` is truthy."""
        deadline = time.monotonic() + timeout
        while not (value := await check()):
            assert time.monotonic() < deadline, f"timed out waiting for {check}"
            await asyncio.sleep(0.02)
        return value


def table_of(message: Message) -> int:
    tokens = [decode(b.get("callback_data", "")) for row in message.buttons for b in row]
    return next(t.table_id for t in tokens if t is not None)


async def answer(api: FakeBotApi, query_id: str) -> dict[str, Any]:
    return await api.wait_for(lambda: api.answers_to(query_id), what="the press to be answered")


async def inline_answer(api: FakeBotApi, query_id: str) -> dict[str, Any]:
    return await api.wait_for(lambda: api.inline_answers(query_id), what="the inline query to be answered")


# --- Svolota ------------------------------------------------------------------------------------


async def open_svolota(api: FakeBotApi, bot: Running, group: Chat, creator: User, *others: User) -> int:
    api.send_text(creator, group, "/svolota")
    lobby = await api.next_message(group)
    table_id = table_of(lobby)
    await bot.settled()
    for person in others:
        await answer(api, api.press(person, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()
    await answer(api, api.press(creator, await bot.message_of(group, table_id), text="Start"))
    await bot.settled()
    assert (await bot.table(table_id)).status is Status.PLAYING
    return table_id


async def inline_move(api: FakeBotApi, bot: Running, group: Chat, seats: list[User], table_id: int) -> bool:
    """The person to act asks for their plays in inline mode and picks the first; False when over."""
    table = await bot.table(table_id)
    if table.status is not Status.PLAYING:
        return False
    game = load_game(table.state)
    seat = game.turn
    query_id = api.inline_query(seats[seat], f"t{table_id}", chat=group)
    results = (await inline_answer(api, query_id))["results"]
    assert {decode(r["id"]).arg for r in results} == set(game.moves(str(seat))[:50])
    api.choose_inline(seats[seat], results[0]["id"], inline_query_id=query_id)
    await bot.until(lambda: _moved(bot, table_id, table.moves))
    return True


async def _moved(bot: Running, table_id: int, before: int) -> bool:
    return (await bot.table(table_id)).moves > before


@pytest.mark.slow  # a whole game, every play chosen through inline mode (the panels' games stay fast)
@pytest.mark.async_timeout(90)
async def test_a_whole_svolota_game_of_three_people_through_inline_mode(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat, caplog
):
    caplog.set_level(logging.INFO, logger="adapters.telegram.play_pictures")
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        seats = [alice, bob, carol]
        board = await bot.message_of(group, table_id)
        # "Choose cards" opens inline mode in the group with the table's query
        game = load_game((await bot.table(table_id)).state)
        waiting = seats[(game.turn + 1) % 3]
        query_id = fake_api.press(waiting, board, text="Choose cards")
        waiting_answer = await inline_answer(fake_api, query_id)
        assert waiting_answer["results"] == []  # not their turn: no plays, their hand on the button
        assert waiting_answer["cache_time"] == 0 and waiting_answer["is_personal"] is True
        assert waiting_answer["button"]["start_parameter"] == f"t{table_id}"
        moves = 0
        while await inline_move(fake_api, bot, group, seats, table_id):
            moves += 1
            assert moves < 400
        await bot.settled()
        table = await bot.table(table_id)
        assert table.status is Status.FINISHED
        assert all(m.by == "person" for m in await bot.store.moves(table_id))
        assert not_modified(fake_api) == []  # no edit that would have changed nothing, all game long
        board = await bot.message_of(group, table_id)
        winner = seats[table.result.index(0)]
        assert winner.first_name in board.text
        assert any("Rematch" in b["text"] for row in board.buttons for b in row)
        assert re.search(rf"Winning move: {FSI}[^{PDI}]+{PDI} plays .+", board.text), board.text
        await panels_show_the_result(fake_api, bot, group, table_id, seats)
        pictures_all_game(fake_api, group, [])  # (their cards came in inline mode, not in panels)
        # plays came as pictures of their cards once Telegram had them, uploaded into the person's
        # private chat and deleted at once; choosing one still sent the play's words
        answers = [q.answer for q in fake_api.inline_queries.values() if q.answer and q.query == f"t{table_id}"]
        photos = [r for a in answers for r in a["results"] if r["type"] == "photo"]
        assert photos and all(r["photo_file_id"] in fake_api.photos for r in photos)
        uploads = [r for r in fake_api.calls("sendPhoto", ok=True) if "caption" not in r.params]
        assert uploads and all(r.params["chat_id"] in [p.id for p in seats] for r in uploads)
        assert all(r.params["disable_notification"] is True for r in uploads)
        # (a message id is a chat's own: the same number names another message in another chat)
        shown = {
            (p.id, m.message_id) for p in seats for m in fake_api.messages(fake_api.private_chat(p), from_bot=True)
        }
        uploaded = {(r.params["chat_id"], r.result["message_id"]) for r in uploads}
        why = [r.getMessage() for r in caplog.records if "play's picture" in r.getMessage()]
        assert not uploaded & shown, why  # deleted at once
        # the plays were posted "via" the bot by the people themselves
        via = [m for m in fake_api.messages(group, from_bot=False) if m.via_bot is not None]
        assert len(via) == moves and via[0].text.startswith("🎴 ")
        # leaderboard and stats afterwards
        fake_api.send_text(bob, group, "/leaderboard svolota")
        top = await fake_api.next_message(group)
        assert all(p.first_name in top.text for p in seats)
        fake_api.send_text(carol, group, "/stats")
        stats = await fake_api.next_message(group)
        assert carol.first_name in stats.text and stats.reply_to.text == "/stats"


# --- Speed and Racing Demon: private panels ---------------------------------------------------


async def panels_show_the_result(api: FakeBotApi, bot: Running, group: Chat, table_id: int, people: list[User]) -> None:
    """At the end every person's private panel shows the result the group board shows (it showed
    "your move" until then), without buttons; the result has everyone's rating change."""
    board = await bot.message_of(group, table_id)
    assert re.search(r"[▲▼±] \d+", board.text), board.text
    for person in people:
        if bot.notifier.reach.reachable(_person(person)) is False:
            continue  # never started the bot: no panel
        panel = await bot.message_of(api.private_chat(person), table_id, str(person.id), "panel")
        assert panel.text == board.text and not panel.buttons, panel.text


def pictures_all_game(api: FakeBotApi, group: Chat, people: list[User]) -> None:
    """Pictures were on (the chat's default look): the board and each person's panel were photos
    with their text as the caption, each picture was uploaded once (sent by file id after), and
    no request met Telegram's flood control."""
    pictured = lambda chat: [r for r in api.calls(chat=chat, ok=True) if r.method in PICTURED]  # noqa: E731
    assert pictured(group), "the board was never a picture"
    for person in people:
        assert pictured(api.private_chat(person)), f"{person.first_name}'s panel was never a picture"
    assert api.uploaded and len(set(api.uploaded)) == len(api.uploaded)
    assert not [r for r in api.requests if r.status == 429]


def moves_on(panel: Message) -> list[str]:
    tokens = [b["callback_data"] for row in panel.buttons for b in row if "callback_data" in b]
    return [data for data in tokens if decode(data).action == "move"]


async def press_a_move(api: FakeBotApi, bot: Running, person: User, table_id: int) -> dict[str, Any] | None:
    """The person presses the first move on their private panel; the answer, or None without a move."""
    panel = await bot.message_of(api.private_chat(person), table_id, str(person.id), "panel")
    moves = moves_on(panel)
    if not moves:
        return None
    return await answer(api, api.press(person, panel, moves[0]))


async def finish(bot: Running, table_id: int, limit: float = 7200) -> Table:
    """Let time run (idle people get computer stand-ins) until the game is over."""
    while (await bot.table(table_id)).status is Status.PLAYING:
        assert limit > 0, "the game did not end"
        await bot.advance(300)
        limit -= 300
    await bot.settled()
    return await bot.table(table_id)


async def test_a_speed_challenge_by_reply_accepted_and_played_to_the_end(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        hello = fake_api.send_text(bob, group, "anyone for a game?")
        fake_api.send_text(alice, group, "/speed", reply_to=hello)
        challenge = await fake_api.next_message(group)
        assert "challenges" in challenge.text and bob.first_name in challenge.text
        table_id = table_of(challenge)
        await bot.settled()
        accepted = await answer(fake_api, fake_api.press(bob, challenge, text="Accept"))
        assert "url" not in accepted  # bob has started the bot: no detour
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        played = 0
        for _ in range(4):  # a few windows of both pressing their panels' buttons
            for person in (alice, bob):
                reply = await press_a_move(fake_api, bot, person, table_id)
                played += reply is not None and not reply.get("text")
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
        assert played >= 4
        board = await bot.message_of(group, table_id)
        assert "Centre" in board.text
        # bob blocks the bot: his panel is skipped, and "My panel" sends him to start it again
        fake_api.block(bob)
        await bot.advance(CONFIG.window_seconds)
        await bot.settled()
        board = await bot.message_of(group, table_id)
        detour = await answer(fake_api, fake_api.press(bob, board, text="My panel"))
        assert detour["url"] == f"https://t.me/{fake_api.bot.username}?start=t{table_id}"
        assert bot.notifier.reach.reachable(_person(bob)) is False
        # following the link starts the bot again and brings the panel up to date, in place
        private = fake_api.private_chat(bob)
        drawn = len(fake_api.calls(chat=private))
        fake_api.start_private(bob, f"t{table_id}")
        await bot.settled()
        redrawn = fake_api.calls(chat=private)[drawn:]
        # (in place: an edit, or none at all when the panel already shows the position)
        assert all(r.method in EDITS and r.ok for r in redrawn)
        assert moves_on(await bot.message_of(fake_api.private_chat(bob), table_id, str(bob.id), "panel"))
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED
        assert "is over" in (await bot.message_of(group, table_id)).text
        await panels_show_the_result(fake_api, bot, group, table_id, [alice, bob])
        pictures_all_game(fake_api, group, [alice, bob])
        log = await bot.store.moves(table_id)
        assert sum(1 for m in log if m.by == "person") == played
        assert not_modified(fake_api) == []  # no edit that would have changed nothing, all game long


def _person(user: User) -> Any:
    from adapters.telegram.identities import PLATFORM
    from bot.people import PersonRef

    return PersonRef(PLATFORM, str(user.id))


@pytest.mark.slow  # a whole real-time round (6–8 s): the edit-run loop keeps Svolota's and Speed's
@pytest.mark.async_timeout(90)  # past 30 s once beside lint and four more workers on two cores
async def test_a_racing_demon_round_of_three(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/demon")
        lobby = await fake_api.next_message(group)
        table_id = table_of(lobby)
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()
        # carol never started the bot: Join seats her and sends her to the bot with a deep link
        joined = await answer(fake_api, fake_api.press(carol, await bot.message_of(group, table_id), text="Join"))
        assert joined["url"].endswith(f"?start=t{table_id}")
        fake_api.start_private(carol, f"t{table_id}")
        await bot.settled()
        greeting = [m.text for m in fake_api.messages(fake_api.private_chat(carol), from_bot=True)]
        assert greeting and translator("uk").gettext("the game has not started") in greeting[-1]
        await answer(fake_api, fake_api.press(alice, await bot.message_of(group, table_id), text="Start"))
        await bot.settled()
        for person in (alice, bob, carol):  # each has a panel in private and plays from it
            reply = await press_a_move(fake_api, bot, person, table_id)
            assert reply is not None
        await bot.advance(CONFIG.window_seconds)
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED
        result = (await bot.message_of(group, table_id)).text
        assert all(p.first_name in result for p in (alice, bob, carol))
        await panels_show_the_result(fake_api, bot, group, table_id, [alice, bob, carol])
        pictures_all_game(fake_api, group, [alice, bob, carol])
        assert not_modified(fake_api) == []  # no edit that would have changed nothing, all game long


# --- timers -------------------------------------------------------------------------------------


async def test_a_lobby_nobody_joins_expires(fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        await bot.advance(CONFIG.lobby_seconds + 1)
        await bot.settled()
        board = await bot.message_of(group, table_id)
        assert "expired" in board.text and board.buttons == []
        assert (await bot.table(table_id)).status is Status.EXPIRED


async def test_a_turn_timeout_plays_the_default_move(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        before = (await bot.table(table_id)).version
        await bot.advance(61)  # the chat's turn timer: 60 s
        await bot.settled()
        table = await bot.table(table_id)
        assert [m.by for m in await bot.store.moves(table_id)] == ["timer"]
        assert table.version > before
        assert "⏱" in (await bot.message_of(group, table_id)).text
        # and the game goes on: the next person plays through inline mode
        assert await inline_move(fake_api, bot, group, [alice, bob, carol], table_id)


def not_modified(api: FakeBotApi) -> list[Request]:
    """Edits Telegram refused as "message is not modified" (each spends the chat's pace)."""
    return [r for r in api.calls() if "not modified" in (r.description or "")]


def alerts(api: FakeBotApi, group: Chat) -> list[Message]:
    """The turn alerts the group shows now (deleted ones are gone)."""
    return [m for m in api.messages(group, from_bot=True) if m.text.startswith("🔔")]


def notifies(alert: Message, person: User) -> bool:
    """The alert mentions the person: by @username, or with a text mention (no username)."""
    if person.username:
        at = f"@{person.username}"
        return at in alert.text and any(e["type"] == "mention" for e in alert.entities)
    return any(e["type"] == "text_mention" and e["user"]["id"] == person.id for e in alert.entities)


@pytest.mark.slow  # every turn of a whole game, with its alert's countdown
@pytest.mark.async_timeout(90)  # on a busy machine, half a minute and more
async def test_each_turn_alerts_its_person_once_with_a_countdown_and_the_alert_goes_at_the_end(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    # each turn waits until it is drawn: a "minute" of the group's pace is 0.15 s here
    async with Running(fake_api, url, clock, minute=0.15) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        seats, turns = [alice, bob, carol], 0
        while (table := await bot.table(table_id)).status is Status.PLAYING:
            await bot.settled()
            person = seats[load_game(table.state).turn]
            shown = alerts(fake_api, group)
            assert len(shown) == 1, [m.text for m in shown]  # one alert per table, the old ones deleted
            assert notifies(shown[0], person), (shown[0].text, shown[0].entities, person)
            timer = next(d.due for d in table.deadlines if d.kind == "turn")
            countdown = [e for e in shown[0].entities if e["type"] == "date_time"]
            assert [(e["unix_time"], e["date_time_format"]) for e in countdown] == [(round(timer), "r")]
            board = await bot.message_of(group, table_id)
            assert [e["unix_time"] for e in board.entities if e["type"] == "date_time"] == [round(timer)]
            await bot.advance(10)  # a while later (people think): each turn is a new alert
            assert await inline_move(fake_api, bot, group, seats, table_id)
            turns += 1
            assert turns < 400
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.FINISHED
        assert alerts(fake_api, group) == []  # the last alert is deleted with the game's end
        sent = [r for r in fake_api.calls("sendMessage", chat=group, ok=True) if r.params["text"].startswith("🔔")]
        assert len(sent) == turns  # a new alert for each turn
        assert not_modified(fake_api) == []


async def test_the_turn_timer_says_in_the_log_that_it_played(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        first = load_game((await bot.table(table_id)).state).turn
        await bot.advance(61)
        await bot.settled()
        name = (await bot.table(table_id)).seats[first].name
        board = await bot.message_of(group, table_id)
        assert f"⏰ {isolated(name)} ran out of time — " in board.text


# --- presses and queries that change nothing ----------------------------------------------------


async def test_stale_foreign_and_double_presses_get_a_toast_and_change_nothing(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        seats = [alice, bob, carol]
        game = load_game((await bot.table(table_id)).state)
        mover, other = seats[game.turn], seats[(game.turn + 1) % 3]
        board = await bot.message_of(group, table_id)
        # the mover's panel in private: "My cards" on the board sends it there
        assert not (await answer(fake_api, fake_api.press(mover, board, text="My cards"))).get("url")
        await bot.settled()
        panel = await bot.message_of(fake_api.private_chat(mover), table_id, str(mover.id), "panel")
        move = moves_on(panel)[0]
        version, moves = (await bot.table(table_id)).version, (await bot.table(table_id)).moves
        # foreign: someone else sends the mover's button (a forged client)
        foreign = await answer(fake_api, fake_api.press(other, board, move, strict=False))
        assert foreign["text"] and not foreign.get("show_alert")
        assert (await bot.table(table_id)).version == version
        # the mover presses it twice: the second press is too late
        assert not (await answer(fake_api, fake_api.press(mover, panel, move))).get("text")
        twice = await answer(fake_api, fake_api.press(mover, panel, move))
        assert twice["text"] and not twice.get("show_alert")
        table = await bot.table(table_id)
        assert table.moves == moves + 1
        # a button drawn long ago (the lobby's Join) on a table that has moved on is stale
        old_join = Token(table_id, 1, "join").encode()
        stale = await answer(fake_api, fake_api.press(other, board, old_join, strict=False))
        assert stale["text"] and not stale.get("show_alert")
        assert (await bot.table(table_id)).moves == moves + 1
        assert len((await bot.table(table_id)).seats) == 3


async def test_garbage_callback_data_and_inline_queries_are_answered_and_change_nothing(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, dave: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        version = (await bot.table(table_id)).version
        board = await bot.message_of(group, table_id)
        for data in ("hello", "x" * 64, "zz.zz.q", f"{table_id}.0.m../../etc", "1.1.j" + "🂠" * 10):
            reply = await answer(fake_api, fake_api.press(alice, board, data, strict=False))
            assert reply.get("text"), data
        for query in ("", "hello", "t999999", f"t{table_id} extra", "t" + "9" * 40, "'; drop table tables; --"):
            answered = await inline_answer(fake_api, fake_api.inline_query(dave, query, chat=None))
            assert answered["results"] == [] and answered["cache_time"] == 0, query
        assert (await bot.table(table_id)).version == version
        # a chosen result that is not one of ours is ignored; one refused says why over the message
        game = load_game((await bot.table(table_id)).state)
        waiting = [alice, bob, carol][(game.turn + 1) % 3]
        query_id = fake_api.inline_query(waiting, f"t{table_id}", chat=group)
        assert (await inline_answer(fake_api, query_id))["results"] == []
        assert (await bot.table(table_id)).version == version


async def test_a_refused_inline_choice_is_answered_with_the_reason(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        seats = [alice, bob, carol]
        game = load_game((await bot.table(table_id)).state)
        mover = seats[game.turn]
        query_id = fake_api.inline_query(mover, f"t{table_id}", chat=group)
        results = (await inline_answer(fake_api, query_id))["results"]
        await bot.advance(61)  # the turn timer moves for them before they choose
        chosen = fake_api.choose_inline(mover, results[0]["id"], inline_query_id=query_id)
        await bot.settled()
        # (the next turn's alert may come before or after it: the answer is the one replying to the choice)
        replies = [m for m in fake_api.messages(group, from_bot=True) if m.reply_to is chosen]
        assert len(replies) == 1 and replies[0].text.startswith("✗ ")
        assert [m.by for m in await bot.store.moves(table_id)] == ["timer"]


async def test_a_play_sent_into_another_chat_changes_nothing(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    """Inline mode works in any chat: a play chosen elsewhere is the mover's, but not that chat's game."""
    elsewhere = fake_api.add_group("Elsewhere", [alice, bob, carol])
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        before = await bot.table(table_id)
        mover = [alice, bob, carol][load_game(before.state).turn]
        query_id = fake_api.inline_query(mover, f"t{table_id}", chat=elsewhere)
        results = (await inline_answer(fake_api, query_id))["results"]
        assert results  # their plays are offered: the choice is judged where it lands
        chosen = fake_api.choose_inline(mover, results[0]["id"], inline_query_id=query_id)
        await bot.settled()
        reason = fake_api.last_message(elsewhere)
        assert reason is not None and reason.reply_to is chosen and reason.text == "✗ that game is in another chat"
        assert (await bot.table(table_id)).version == before.version
        assert await bot.store.moves(table_id) == []


# --- a restart in the middle of a game ----------------------------------------------------------


async def test_a_restarted_bot_continues_the_game_in_the_same_messages(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    seats = [alice, bob, carol]
    async with Running(fake_api, url, clock) as bot:
        table_id = await open_svolota(fake_api, bot, group, alice, bob, carol)
        for _ in range(4):
            assert await inline_move(fake_api, bot, group, seats, table_id)
        await bot.settled()
        board = await bot.message_of(group, table_id)
        version = (await bot.table(table_id)).version
        alert = alerts(fake_api, group)
    # the process is gone; a new one on the same database picks the game up
    bot_messages = len(fake_api.messages(group, from_bot=True))
    async with Running(fake_api, url, clock) as again:
        await again.settled()
        assert (await again.table(table_id)).version == version
        assert await again.message_of(group, table_id) is board  # redrawn in place, not sent anew
        assert alerts(fake_api, group) == alert and len(alert) == 1  # the turn alert too: nobody notified again
        for _ in range(4):
            assert await inline_move(fake_api, again, group, seats, table_id)
        await again.advance(61)  # and its timers run again: the turn timer moves for the next person
        await again.settled()
        assert [m.by for m in await again.store.moves(table_id)][-1] == "timer"
        assert (await again.table(table_id)).moves == 9
        assert len(fake_api.messages(group, from_bot=True)) == bot_messages
        assert "⏱" in board.text


async def test_a_table_that_closed_just_before_the_bot_died_shows_its_end_after_the_restart(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat, monkeypatch
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        lobby = await bot.message_of(group, table_id)

        async def dies_before_drawing(chat: Any, screens: Any) -> None:
            pass

        monkeypatch.setattr(bot.notifier, "show", dies_before_drawing)
        assert not (await answer(fake_api, fake_api.press(alice, lobby, text="Cancel"))).get("text")
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.CANCELLED
        assert "Join" in str(lobby.buttons)  # the chat still sees the lobby
    async with Running(fake_api, url, clock) as again:
        await again.settled()
        assert "cancelled" in lobby.text and lobby.buttons == []


# --- chats, commands, settings, logs ------------------------------------------------------------


async def test_a_game_lives_in_the_forum_topic_it_started_in(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, forum: Chat, topic: int
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, forum, "/speed", thread_id=topic)
        lobby = await fake_api.next_message(forum)
        assert lobby.thread_id == topic
        table_id = table_of(lobby)
        await bot.settled()
        fake_api.send_text(bob, forum, "/speed")  # the General topic is another place: a table of its own
        other = await fake_api.next_message(forum)
        assert other.thread_id is None and table_of(other) != table_id
        await answer(fake_api, fake_api.press(bob, lobby, text="Join"))
        await bot.settled()
        board = await bot.message_of(forum, table_id)
        assert board is lobby and board.thread_id == topic and "Centre" in board.text


async def test_a_process_told_not_to_set_the_menu_sends_none_of_it(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat
):
    """Of several processes on one bot (docs/operating.md), one sets the menu: the others play on."""
    async with Running(fake_api, url, clock, menu=False) as bot:
        fake_api.send_text(alice, group, "/help")
        assert "/leaderboard" in (await fake_api.next_message(group)).text
        await bot.settled()
    assert not [r.method for r in fake_api.calls() if r.method.startswith("setMy")]
    assert not fake_api.profile


async def test_the_command_menu_in_three_languages_and_help_rules_settings(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock, menu=True) as bot:
        menu = {c["command"]: c["description"] for c in fake_api.visible_commands(bob, group)}
        assert set(menu) == {
            "svolota",
            "speed",
            "demon",
            "leaderboard",
            "stats",
            "notify",
            "kick",
            "votekick",
            "rules",
            "settings",
            "look",
            "forget",
            "cancel",
            *("tournament", "quickmatch", "link"),  # (issue #38)
            "help",
        }
        assert menu["help"] == translator("ru").gettext("What I can do")
        for lang, code in (("en", ""), ("ru", "ru"), ("pt_BR", "pt")):  # the profile, by language code
            description, short = profile(translator(lang))
            assert fake_api.profile[("description", code)] == description
            assert fake_api.profile[("short_description", code)] == short
        private = fake_api.visible_commands(alice, fake_api.private_chat(alice))
        assert [c["command"] for c in private] == [
            *("start", "help", "rules", "stats", "look", "forget"),
            *("quickmatch", "link", "unlink"),
        ]
        fake_api.send_text(bob, group, "/rules demon")
        assert (await fake_api.next_message(group)).text.startswith("🎴 Гонка демонов")
        fake_api.send_text(alice, group, "/help")
        helped = (await fake_api.next_message(group)).text
        assert "/leaderboard" in helped and "🂠" in helped  # the commands, then the rules with their signs
        # settings: a member is refused, the group's creator changes the turn timer
        fake_api.send_text(bob, group, "/settings timer 30")
        refused = await fake_api.next_message(group)
        assert refused.text.startswith("✗ ")
        fake_api.send_text(alice, group, "/settings timer 30")
        assert (await fake_api.next_message(group)).text == "Settings saved."
        fake_api.send_text(bob, group, "/settings")
        assert "30" in (await fake_api.next_message(group)).text
        # /start in private greets; a challenge naming an unknown @username says so
        fake_api.start_private(bob)
        assert (await fake_api.next_message(fake_api.private_chat(bob))).text.startswith("Привет")
        fake_api.send_text(alice, group, "/speed @somebody_else")
        assert "@somebody_else" in (await fake_api.next_message(group)).text
        await bot.settled()


async def test_the_token_never_reaches_the_logs(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat, caplog
):
    caplog.set_level(logging.DEBUG)
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        fake_api.fail_next("answerCallbackQuery", 400, description="Bad Request: query is too old")
        fake_api.press(bob, await bot.message_of(group, table_id), text="Join")
        await bot.settled()
    assert caplog.records, "nothing was logged at all"
    secret = fake_api.token.split(":")[1]
    for record in caplog.records:
        assert secret not in record.getMessage() and secret not in str(record.args)
    assert secret not in caplog.text


async def test_webhook_mode_takes_updates_only_with_the_secret(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat
):
    with socket.socket() as probe:  # a free port on 127.0.0.1
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    public = "https://bot.example.org/telegram/hook-7f3a"
    options = {"webhook_url": public, "webhook_secret": "s3cret", "listen": "127.0.0.1", "port": port}
    async with Running(fake_api, url, clock, **options):
        assert fake_api.webhook is not None
        assert (fake_api.webhook["url"], fake_api.webhook["secret_token"]) == (public, "s3cret")
        fake_api.send_text(alice, group, "/help")  # Telegram would post this update to the webhook
        update = fake_api.updates[-1]
        answered = asyncio.ensure_future(fake_api.next_message(group))
        local = f"http://127.0.0.1:{port}/telegram/hook-7f3a"
        async with aiohttp.ClientSession() as http:
            async with http.post(local, json=update) as forged:
                assert forged.status == 403
            secret = {"X-Telegram-Bot-Api-Secret-Token": "s3cret"}
            async with http.post(local, json=update, headers=secret) as delivered:
                assert delivered.status == 200
        assert "/leaderboard" in (await answered).text
