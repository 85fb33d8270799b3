"""One person on both platforms, end to end: the Telegram bot (python-telegram-bot against the fake
Bot API) and the Discord bot (discord.py against the fake Discord) on one database, as two processes
of one deployment. `/link` in a Telegram group hands a button to the private chat (no code in the
group), where the code comes; `/link code:` on Discord links the accounts (ephemeral); a rated game
on each platform; then one `/stats everywhere` shows both games, and the global leaderboard names
her as each platform does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from tests.adapters.discord import test_forget as on_discord
from tests.adapters.discord import test_scenarios as discord_bot
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.telegram import test_forget as on_telegram
from tests.adapters.telegram import test_scenarios as telegram_bot
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_community import said

pytestmark = pytest.mark.slow  # (two bots, two fakes, two games)

CODE = re.compile(r"[A-Z2-9]{4}-[A-Z2-9]{4}")


@pytest.fixture
def both(aio_loop: asyncio.AbstractEventLoop) -> Iterator[tuple[FakeBotApi, FakeDiscord]]:
    """The fake Bot API and the fake Discord, started; each fails the test on what it would reject."""
    api, fake = FakeBotApi(), FakeDiscord()
    aio_loop.run_until_complete(api.start())
    aio_loop.run_until_complete(fake.start())
    with fake.patch_discord():
        yield api, fake
    aio_loop.run_until_complete(fake.stop())
    aio_loop.run_until_complete(api.stop())
    problems = [*api.spec_errors, *dict.fromkeys(api.unsupported), *api.fake_errors, *fake.problems()]
    if problems:
        pytest.fail("\n".join(map(str, problems)), pytrace=False)


async def test_one_person_links_telegram_and_discord_and_her_stats_show_both_games(
    both: tuple[FakeBotApi, FakeDiscord], url: str, clock: FakeClock
):
    api, fake = both
    ann_tg = api.add_user("Ann", username="ann_t", language_code="en", started=True)
    bob_tg = api.add_user("Bob", username="bob_t", language_code="en", started=True)
    group = api.add_group("Card night", [ann_tg, bob_tg])
    ann_dc = fake.add_user("ann", global_name="Annie", locale="en-US")
    bob_dc = fake.add_user("bob", global_name="Bobby", locale="en-US")
    guild = fake.add_guild("Card night", ann_dc, [bob_dc], channels=("cards",))
    channel = next(iter(guild.channels.values()))

    async with telegram_bot.Running(api, url, clock) as tg, discord_bot.Running(fake, url, clock) as dc:
        pointer = await said(api, tg, ann_tg, group, "/link")  # in the group: a button, never a code
        assert not CODE.search(pointer.text)
        assert pointer.buttons[0][0]["url"].endswith("?start=link")
        private = api.private_chat(ann_tg)
        shown = on_telegram.first(on_telegram.newer(api, private))
        api.send_text(ann_tg, private, "/start link")  # (what opening the button sends)
        found = CODE.search((await shown).text)
        assert found, "no code in private"

        linked = await discord_bot.slash(fake, ann_dc, channel, "link", code=found[0].lower())
        assert linked.ephemeral and "Linked" in linked.original.content  # type: ignore[union-attr]
        again = await discord_bot.slash(fake, bob_dc, channel, "link", code=found[0])
        assert again.ephemeral and "used already" in again.original.content  # type: ignore[union-attr]

        await on_telegram.a_finished_speed_game(api, tg, group, ann_tg, bob_tg)
        await on_discord.a_finished_speed_game(fake, dc, channel, ann_dc, bob_dc)

        stats = await said(api, tg, ann_tg, group, "/stats everywhere")
        assert "Ann" in stats.text and "2 games" in stats.text, stats.text
        on_dc = await discord_bot.slash(fake, ann_dc, channel, "stats")  # (the server's: its one game)
        assert "1 game" in on_dc.original.content  # type: ignore[union-attr]
        board = await said(api, tg, bob_tg, group, "/leaderboard speed everywhere alltime")
        assert "Ann" in board.text and "Annie" not in board.text
