"""A tournament on Discord end to end: the real discord.py stack against the fake Discord on
127.0.0.1, the service and a SQLite file. An admin's `/tournament create` (Racing Demon, points
over two rounds) puts its board in the channel, members join with its button, a member who is no
admin has `/tournament start` refused in an answer only they see, the admin's start opens the
first round's table in the channel, a disqualified member's press on their table (a computer
plays their seat on) is refused privately and changes nothing, the games end (idle people get
computers standing in), the standings are posted after the first round and the final result
names the winner.

(Racing Demon, not Speed: a disqualified entrant's pair match is conceded and its table cancelled,
which leaves them no button to press; a multiplayer table plays on without them.)"""

from __future__ import annotations

import pytest

from adapters.chat.records import read_note
from bot.clock import FakeClock
from bot.i18n import translator
from bot.people import PersonRef
from bot.settings import ServiceConfig
from bot.standings import winner
from bot.tables import Status
from bot.tournament import Out, Stage, Tournament
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, followup, press, slash
from tests.adapters.discord.world import Channel, Message, User

CONFIG = ServiceConfig(window_seconds=1.5, idle_seconds=3, computer_think=0.5)


async def screen_of(bot: Running, tid: int, slot: str = "tournament") -> Message:
    """The channel message a tournament's screen is drawn in (its screens are named by its id negated)."""
    message_id, _ = read_note(await bot.store.records.message_id(-tid, "", slot))
    assert message_id is not None, f"no {slot} message of tournament {tid}"
    return bot.fake.all_messages[message_id]


async def load(bot: Running, tid: int) -> Tournament:
    t = await bot.store.load_tournament(tid)
    assert t is not None
    return t


@pytest.mark.slow  # two whole Racing Demon games through the gateway: seconds
@pytest.mark.async_timeout(120)
async def test_a_tournament_from_the_command_to_the_winner_with_a_refusal_and_a_disqualification(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock, CONFIG) as bot:
        options = {"game": "racing_demon", "format": "points", "rounds": 2, "signup": 0, "name": "Friday cup"}
        created = await fake.wait_response(fake.slash(alice, channel, "tournament create", options))
        assert created.ephemeral and "✅" in created.original.content  # type: ignore[union-attr]
        await bot.settled()
        (t,) = await bot.store.open_tournaments()
        board = await screen_of(bot, t.id)
        assert "Friday cup" in board.content and "Racing Demon" in board.content and not board.ephemeral
        for person in (alice, bob, carol):
            joined = await press(fake, person, await screen_of(bot, t.id), "✋ Join")
            assert joined.followups == []  # nothing to say: the board shows them
            await bot.settled()
        board = await screen_of(bot, t.id)
        assert all(p.global_name in board.content for p in (alice, bob, carol))

        refused = await slash(fake, bob, channel, "tournament start")  # Bob is no admin
        wanted = translator("ru").gettext("only a chat admin can run the tournament")
        assert refused.ephemeral and wanted in refused.original.content  # type: ignore[union-attr]
        assert (await load(bot, t.id)).stage is Stage.SIGNUP  # nothing changed

        started = await slash(fake, alice, channel, "tournament start")
        assert started.ephemeral
        await bot.settled()
        t = await load(bot, t.id)
        assert t.stage is Stage.RUNNING and len(t.entrants) == 3 and len(t.rounds[0].matches) == 1
        announced = await screen_of(bot, t.id, "round1")
        assert announced.channel is channel and f"<@{carol.id}>" in announced.content  # she is notified
        for m in t.rounds[0].matches:
            assert (await bot.table(m.table_id)).status is Status.PLAYING
            assert (await bot.board(m.table_id)).channel is channel

        # Carol is disqualified: a computer plays her seat on, and her press on her table is refused privately
        (match,) = t.rounds[0].matches
        out = await slash(fake, alice, channel, "tournament disqualify", member=carol)
        assert out.ephemeral
        await bot.settled()
        t = await load(bot, t.id)
        assert t.entrants[t.entrant_of(_person(carol))].out is Out.DISQUALIFIED  # type: ignore[index]
        table = await bot.table(match.table_id)
        assert table.status is Status.PLAYING and _person(carol) not in [s.person for s in table.seats]
        pressed = await press(fake, carol, await bot.board(match.table_id), "🎮 My panel")
        refusal = pressed.original if pressed.original is not None else await followup(fake, pressed)
        assert refusal.ephemeral_to is carol and not refusal.buttons  # in her own language (uk)
        assert refusal.content == "✗ " + translator("uk").gettext("you are not at this table")
        await bot.settled()
        assert (await bot.table(match.table_id)).version == table.version

        for _ in range(300):  # the rounds play out: standings after each, then the final result
            await bot.advance(20)
            await bot.service.tournaments.tick()
            await bot.settled()
            t = await load(bot, t.id)
            if t.stage is Stage.FINISHED:
                break
        assert t.stage is Stage.FINISHED and len(t.rounds) == 2
        assert all(t.entrant_of(_person(carol)) not in m.entrants for m in t.rounds[1].matches)
        after = await screen_of(bot, t.id, "after1")
        assert after.channel is channel and "standings after round 1" in after.content
        for m in (m for r in t.rounds for m in r.matches):
            assert (await bot.table(m.table_id)).status is Status.FINISHED
        final = await screen_of(bot, t.id, "final")
        first = t.entrants[winner(t)]  # type: ignore[index]
        assert first.person is not None and first.out is None
        line = final.content.splitlines()[1]  # the winner named by a mention that notifies them
        assert "Winner" in line and f"<@{first.person.user_id}>" in line and "Friday cup" in final.content
        board = await screen_of(bot, t.id)
        assert "Finished" in board.content and board.buttons == []


def _person(user: User) -> PersonRef:
    """The person a Discord user is to the service (adapters/discord/identities.py)."""
    return PersonRef("discord", str(user.id))
