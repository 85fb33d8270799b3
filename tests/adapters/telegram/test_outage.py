"""The outage drill on Telegram (slow): a Speed game against the fake Bot API, which goes down for
a minute of the service's clock (every request answered 500/502 or held until the bot gives up,
getUpdates included; a write on its way when it starts meets it too) while the game goes on: its
deadlines come due and fire, people press their panels' buttons (Telegram keeps the presses until
it is back), and a lobby in another group expires. Then Telegram is back, and within a bounded
time every board and panel shows at least what the service had asked for by then (the expired
lobby's too, which no later change redraws), no message was sent twice, and every move the
service accepted is in the store's log.

The outage lasts `OUTAGE` seconds of the service's clock, moved `STEP` at a time every `PAUSE` real
seconds (about six real seconds in all); python-telegram-bot gives up on a held request after
`READ_TIMEOUT` real seconds.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import replace

import pytest

from adapters.chat import backoff
from bot.clock import FakeClock
from bot.tables import Status
from bot.tokens import decode
from tests.adapters.outage import HELD, Asked, Witness, nothing_lost, ride_out
from tests.adapters.telegram.fake_api import EDITS, SENDS, FakeBotApi
from tests.adapters.telegram.test_scenarios import CONFIG, Running, answer, moves_on, table_of
from tests.adapters.telegram.world import Chat, Message, User

pytestmark = pytest.mark.slow

OUTAGE = 60.0  # seconds of the service's clock the Bot API is down
STEP = 1.0  # the clock moves this much at a time
PAUSE = 0.08  # real seconds between two steps
LOBBY = 8.0  # seconds a lobby lasts: one opened as the outage begins expires early in it
READ_TIMEOUT = 1.0  # real seconds python-telegram-bot waits for an answer (the outage lasts longer)
CATCH_UP = backoff.CAP + 2 * CONFIG.window_seconds  # clock seconds the boards may take once it is back


def versions(message: Message) -> set[int]:
    """The table versions the message's buttons were drawn for."""
    tokens = (decode(b.get("callback_data", "")) for row in message.buttons for b in row)
    return {t.version for t in tokens if t is not None}


def sends(api: FakeBotApi, chat: Chat) -> int:
    """Messages the bot made in the chat (sends Telegram carried out)."""
    return sum(1 for r in api.calls(chat=chat, ok=True) if r.method in SENDS)


async def test_a_minute_of_telegram_down_loses_no_move_skips_no_deadline_and_the_boards_catch_up(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, dave: User, group: Chat
):
    # people stay seated for most of the outage, then stand-ins play; a lobby expires in it
    config = replace(CONFIG, idle_seconds=40, lobby_seconds=LOBBY)
    async with Running(fake_api, url, clock, config, read_timeout=READ_TIMEOUT) as bot:
        witness, asked = Witness(), Asked(bot.notifier)
        bot.service.observers.add(witness)
        fake_api.send_text(alice, group, "/speed")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        people, chats = (alice, bob), [group, fake_api.private_chat(alice), fake_api.private_chat(bob)]

        async def panel(person: User) -> Message:
            return await bot.message_of(fake_api.private_chat(person), table_id, str(person.id), "panel")

        async def press(person: User) -> str | None:
            moves = moves_on(await panel(person))
            return fake_api.press(person, await panel(person), moves[0]) if moves else None

        for _ in range(3):  # a few windows of play before
            for person in people:
                if (query := await press(person)) is not None:
                    await answer(fake_api, query)
            await bot.advance(config.window_seconds)
            await bot.settled()
        # in another group a lobby nobody joins: it expires while Telegram is down, and its board
        # changes no more after that (a table the game's later changes do not redraw)
        other = fake_api.add_group("Other night", [dave])
        fake_api.send_text(dave, other, "/svolota")
        lobby_id = table_of(await fake_api.next_message(other))
        await bot.settled()
        chats.append(other)
        sent_before = {chat.id: sends(fake_api, chat) for chat in chats}

        # Telegram goes down while a board's edit is on its way: that edit meets the outage too
        on_its_way = asyncio.Event()
        began = asyncio.Event()

        async def held_until_down() -> None:
            on_its_way.set()
            await began.wait()

        fake_api.latency = lambda method, params: (
            held_until_down()
            if method in SENDS + EDITS and params.get("chat_id") == group.id and not began.is_set()
            else 0.0
        )
        for person in people:
            await press(person)
        await bot.advance(config.window_seconds)
        await asyncio.wait_for(on_its_way.wait(), 10)
        outage = fake_api.begin_outage(statuses=(500, 502), hold=3)
        began.set()
        fake_api.latency = None

        async def press_everyone() -> int:  # their (stale) panels
            return sum([await press(person) is not None for person in people])

        ridden = await ride_out(bot, witness, table_id, OUTAGE, STEP, PAUSE, press_everyone, fake_api.end_outage)

        # Telegram is back: within CATCH_UP seconds of the clock every board and panel is current
        async def stale(due: dict[tuple[int, str], int]) -> list[str]:
            """The boards and panels that do not show the version due yet (drawn or newer)."""
            drawn = {
                "board": (await bot.message_of(group, table_id), ""),
                **{p.first_name: (await panel(p), str(p.id)) for p in people},
            }
            late = [name for name, (m, who) in drawn.items() if max(versions(m), default=-1) < due[(table_id, who)]]
            return late + ([] if "expired" in (await bot.message_of(other, lobby_id)).text else ["lobby"])

        back, due = clock.now(), dict(asked.versions)  # what the service had asked for by then
        while late := await stale(due):
            assert clock.now() - back <= CATCH_UP, f"not caught up {CATCH_UP} s after Telegram was back: {late}"
            await bot.advance(STEP / 2)
            await asyncio.sleep(PAUSE)
        caught_up = clock.now() - back
        await bot.settled()
        table = await bot.table(table_id)
        log = await bot.store.moves(table_id)

        nothing_lost(ridden, log, witness)
        # no duplicate messages: every board and panel was edited in place, none sent again
        assert {chat.id: sends(fake_api, chat) for chat in chats} == sent_before
        for chat in chats:  # (a board or panel with buttons: one message a table)
            shown = Counter(table_of(m) for m in fake_api.messages(chat, from_bot=True) if m.buttons)
            assert all(n == 1 for n in shown.values()), (chat, shown)
        assert (await bot.table(lobby_id)).status is Status.EXPIRED
        assert outage.held and any(r.status == HELD for r in fake_api.requests)
        retried = bot.notifier.stats["network failures"]
        print(
            f"\nTelegram down {OUTAGE:.0f} s of the clock ({ridden.real_seconds:.1f} s real): "
            f"{outage.met} requests met it "
            f"({outage.held} held past the bot's timeout), {retried} writes tried again; "
            f"{ridden.moved} moves and {len(ridden.fired)} deadlines fired while down, "
            f"{ridden.presses} presses made; "
            f"boards current {caught_up:.1f} s of the clock after it was back "
            f"(table version {table.version}, {len(log)} moves logged, {len(witness.accepted)} accepted from presses)"
        )
