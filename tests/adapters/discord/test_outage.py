"""The outage drill on Discord (slow): a Speed game against the fake Discord, which goes down for a
minute of the service's clock: every REST request is answered 503 (what Discord's API answers when
it is down; the fake can also answer 500s and hold requests), and the gateway drops its connection
and refuses the first reconnection, so that discord.py backs off and RESUMEs (getting the presses
made meanwhile). The game goes on: its deadlines come due and fire, people press their panels'
buttons (refused: Discord cannot take the bot's acknowledgement, or it comes too late), and a
lobby in another channel expires. Then Discord is back, and within a bounded time every board and
panel shows at least what the service had asked for by then (the expired lobby's too, which no
later change redraws), no message was sent twice, and every move the service accepted is in the
store's log.

The outage lasts `OUTAGE` seconds of the service's clock, moved `STEP` at a time every `PAUSE` real
seconds (about six real seconds in all).

Beside it (fast): a message Discord made whose answer was lost is sent again with its nonce, and
stays one message.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from dataclasses import replace

import pytest

from adapters.chat import backoff
from bot.clock import FakeClock
from bot.tables import Status
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import (
    CONFIG,
    Running,
    moves_on,
    open_panel,
    play,
    slash,
    table_of,
    tokens_of,
)
from tests.adapters.discord.world import Channel, Guild, Message, User
from tests.adapters.outage import HELD, Asked, Witness, nothing_lost, ride_out

OUTAGE = 60.0  # seconds of the service's clock Discord is down
STEP = 1.0  # the clock moves this much at a time
PAUSE = 0.08  # real seconds between two steps
LOBBY = 8.0  # seconds a lobby lasts: one opened as the outage begins expires early in it
CATCH_UP = backoff.CAP + 2 * CONFIG.window_seconds  # clock seconds the boards may take once it is back
# real seconds discord.py may still be sleeping in its own retries of a 5xx when Discord is back (a
# webhook's: a panel, an acknowledgement; 1, 3, then 5 s, whatever the service's clock says)
LIBRARY = 1 + 3 + 5
SENDS = "POST /channels/{channel_id}/messages"


def versions(message: Message) -> set[int]:
    """The table versions the message's buttons and menus were drawn for."""
    return {t.version for t in tokens_of(message)}


def sends(fake: FakeDiscord, channel: Channel) -> int:
    """Messages the bot made in the channel (sends Discord carried out)."""
    return sum(1 for r in fake.calls(SENDS, status=200) if r.params.get("channel_id") == str(channel.id))


@pytest.mark.slow
async def test_a_minute_of_discord_down_loses_no_move_skips_no_deadline_and_the_boards_catch_up(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    carol: User,
    guild: Guild,
    channel: Channel,
):
    fake = fake_discord
    # people stay seated for most of the outage, then stand-ins play; a lobby expires in it
    config = replace(CONFIG, idle_seconds=40, lobby_seconds=LOBBY)
    async with Running(fake, url, clock, config) as bot:
        witness, asked = Witness(), Asked(bot.notifier)
        bot.service.observers.add(witness)
        await slash(fake, alice, channel, "speed", opponent=bob)
        await bot.settled()
        challenge = fake.last_message(channel)
        assert challenge is not None
        table_id = table_of(challenge)
        await fake.wait_response(fake.click(bob, challenge, label="✅ Accept"))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        people = (alice, bob)
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, "🎮 My panel") for u in people}
        await bot.settled()
        for _ in range(3):  # a few windows of play before
            for person in people:
                if offered := moves_on(panels[person.id]):
                    await play(fake, person, panels[person.id], *offered[0])
            await bot.settled()
            await bot.advance(config.window_seconds)
            await bot.settled()
        # in another channel a lobby nobody joins: it expires while Discord is down, and its board
        # changes no more after that (a table the game's later changes do not redraw)
        other = fake.add_channel(guild, "other-night")
        await slash(fake, carol, other, "svolota")
        await bot.settled()
        lobby_id = table_of(fake.last_message(other))  # type: ignore[arg-type]
        channels = [channel, other]
        sent_before = {c.id: sends(fake, c) for c in channels}

        pressed: set[int] = set()  # interactions made while Discord was down (or just before)

        def press(person: User) -> bool:
            """The person presses the first move on their (maybe stale) panel, without waiting."""
            if not (offered := moves_on(panels[person.id])):
                return False
            custom_id, token = offered[0]
            if custom_id == token:
                pressed.add(fake.click(person, panels[person.id], custom_id, require_bot=False))
            else:
                pressed.add(fake.choose(person, panels[person.id], custom_id, [token], require_bot=False))
            return True

        for person in people:  # moves whose redraws are on their way as Discord goes down
            press(person)
        await bot.advance(config.window_seconds)
        # 503 only: discord.py itself retries a 500, 502 or 504 for up to 25 real seconds, which
        # would cover the few real seconds this outage lasts and hide what the writers do
        outage = await fake.begin_outage(statuses=(503,), hold=0, refuse=1)

        async def press_everyone() -> int:
            return sum(press(person) for person in people)

        ridden = await ride_out(bot, witness, table_id, OUTAGE, STEP, PAUSE, press_everyone, fake.end_outage)

        async def stale(due: dict[tuple[int, str], int]) -> list[str]:
            """The boards and panels that do not show the version due yet (drawn or newer)."""
            drawn = {
                "board": (await bot.board(table_id), ""),
                **{p.username: (panels[p.id], str(p.id)) for p in people},
            }
            late = [name for name, (m, who) in drawn.items() if max(versions(m), default=-1) < due[(table_id, who)]]
            return late + ([] if "expired" in (await bot.board(lobby_id)).content else ["lobby"])

        back, due = clock.now(), dict(asked.versions)  # what the service had asked for by then
        real_back = time.monotonic()
        while late := await stale(due):
            if clock.now() - back < CATCH_UP:
                await bot.advance(STEP / 2)
            assert time.monotonic() - real_back <= LIBRARY, f"not caught up {CATCH_UP} s after Discord was back: {late}"
            await asyncio.sleep(PAUSE)
        caught_up, real_caught_up = clock.now() - back, time.monotonic() - real_back
        await bot.settled()
        table = await bot.table(table_id)
        log = await bot.store.moves(table_id)

        nothing_lost(ridden, log, witness)
        # no duplicate messages: every board was edited in place, none sent again
        assert {c.id: sends(fake, c) for c in channels} == sent_before
        for c in channels:  # (a board with buttons: one message a table)
            shown = Counter(table_of(m) for m in fake.messages(c, from_bot=True) if tokens_of(m))
            assert all(n == 1 for n in shown.values()), (c, shown)
        assert (await bot.table(lobby_id)).status is Status.EXPIRED
        assert outage.met and all(r.status != HELD for r in fake.requests)
        # presses that reached the bot after Discord's 3 s: "This interaction failed", as expected
        fake.late = [i for i in fake.late if i.id not in pressed]
        # the gateway dropped, refused discord.py once, and was resumed
        assert fake.gateway.refused == 1 and fake.gateway.resumes
        retried = bot.notifier.channels.stats["network failures"]
        print(
            f"\nDiscord down {OUTAGE:.0f} s of the clock ({ridden.real_seconds:.1f} s real): "
            f"{outage.met} requests met it "
            f"(503), the gateway dropped and resumed; {retried} writes tried again; "
            f"{ridden.moved} moves and {len(ridden.fired)} deadlines fired while down, "
            f"{ridden.presses} presses made; "
            f"boards current {caught_up:.1f} s of the clock ({real_caught_up:.1f} s real) "
            "after it was back "
            f"(table version {table.version}, {len(log)} moves logged, {len(witness.accepted)} accepted from presses)"
        )


async def test_a_board_whose_answer_was_lost_after_discord_made_it_is_one_message(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, channel: Channel
):
    """The lobby's message is made, and the connection drops before Discord answers: the bot
    cannot tell, and sends it again, with the same nonce, so Discord answers with the message it
    made; one lobby in the channel, showing its screen."""
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        fake.lose_next(SENDS)
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        (lost,) = [r for r in fake.calls(SENDS) if r.lost]
        boards = [m for m in fake.messages(channel, from_bot=True) if tokens_of(m)]
        assert len(boards) == 1 and str(boards[0].id) == lost.response["id"], boards
        table_id = table_of(boards[0])
        assert boards[0] == await bot.board(table_id) and "Join" in str(boards[0].buttons)
