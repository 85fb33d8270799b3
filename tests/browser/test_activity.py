"""The card table inside Discord, as an Activity (#37), in Chromium: a stand-in for Discord's client
(tests/browser/discord_frame.py) frames the page with Discord's launch parameters, through Discord's
proxy prefix (`/.proxy/`), and speaks the embedded app SDK's protocol; the page signs in through it
and the bot's server (adapters/discord/activity.py, against the fake Discord), and shows the
instance's channel's table, the lobby's buttons for Alice who sits at it, who is in the Activity
(as it changes), and tells Discord her rich presence (the game, its seats). In a channel with no
table, she picks a game and sits at its new table. Mallory, not in the Activity, is told so in words
and gets no table."""

from __future__ import annotations

from typing import Any

import pytest

from bot.people import ChatRef
from tests.adapters.discord.test_activity import Activity, activity
from tests.adapters.discord.world import Channel, User
from tests.browser.discord_frame import discord_frame, participant
from tests.browser.live import DESKTOP, WAIT_MS

pytestmark = pytest.mark.slow  # Chromium drives the page

HANDSHAKE, FRAME = 0, 1


async def framed(
    browser: Any, a: Activity, who: User, prefix: str = "", channel: Channel | None = None, silent: bool = False
) -> tuple[Any, Any, list[str]]:
    """The stand-in parent page with the card table in its frame, as `who` opens the Activity (its
    instance in `channel`, else the one the table is open in); the page, its frame and the errors
    either logs."""
    base = f"http://127.0.0.1:{a.server.port}"
    channel = channel or a.channel
    guild = channel.guild
    assert guild is not None
    instance = a.instance if channel is a.channel else a.fake.launch_activity(channel, who)
    src = (
        f"{prefix}/?frame_id=frame-1&instance_id={instance}&platform=desktop"
        f"&guild_id={guild.id}&channel_id={channel.id}&location_id=gc-{guild.id}-{channel.id}"
    )
    user = {"id": str(who.id), "username": who.username, "discriminator": "0", "public_flags": 0, "avatar": None}
    people = [participant(a.alice.id, a.alice.username, "Alice"), participant(a.bob.id, a.bob.username)]
    html = discord_frame(src, a.fake.application_id, a.fake.authorize(who), user, people, silent)
    context = await browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    if silent:  # (the page's time, to move on past its wait)
        await page.clock.install()
    await page.route(f"{base}/discord", lambda route: route.fulfill(body=html, content_type="text/html"))
    await page.goto(f"{base}/discord")
    return page, page.frame_locator("iframe"), errors


async def test_a_person_in_the_activity_signs_in_through_discord_and_sits_at_the_channels_table(browser):
    async with activity() as a:
        page, frame, errors = await framed(browser, a, a.alice, prefix="/.proxy")
        await frame.locator("#board-text", has_text="Svolota").wait_for()
        assert await frame.locator("#board-buttons button", has_text="Start").count() == 1  # her lobby
        rpc = await page.evaluate("() => window.__rpc")
        signed = [(HANDSHAKE, None), (FRAME, "AUTHORIZE"), (FRAME, "AUTHENTICATE")]
        assert [(op, cmd) for op, cmd, _ in rpc][:3] == signed
        handshake, authorize, authenticate = (args for _, _, args in rpc[:3])
        assert handshake["client_id"] == str(a.fake.application_id) and handshake["frame_id"] == "frame-1"
        assert authorize["scope"] == ["identify", "rpc.activities.write"]
        assert authorize["client_id"] == str(a.fake.application_id)
        # the SDK was told the token the bot's server got for her, from her code
        assert a.fake.access_tokens[authenticate["access_token"]] == (a.alice.id, a.fake.application_id)

        # who is in the Activity, and as people come: a line under the table
        line = frame.locator("#participants")
        await line.filter(has_text="Alice · bob").wait_for()
        assert (await line.inner_text()).startswith("👥 In this Activity: ")
        await page.evaluate("list => window.__participants(list)", [participant(a.mallory.id, "mallory")])
        await line.filter(has_text="mallory").wait_for()
        # her rich presence: the game and its seats, set once for each change
        rpc = await page.evaluate("() => window.__rpc")
        presences = [args["activity"] for _, cmd, args in rpc if cmd == "SET_ACTIVITY"]
        assert presences == [{"type": 0, "details": "Svolota", "party": {"size": [1, 6]}}], presences
        assert errors == []


async def test_someone_not_in_the_activity_is_told_so_and_gets_no_table(browser):
    async with activity() as a:
        _, frame, errors = await framed(browser, a, a.mallory)
        await frame.locator("main[data-state='refused']").wait_for()
        text = (await frame.locator("#status-text").inner_text()).strip()
        assert text == "You are not in this game's Activity: join it in Discord first."
        assert await frame.locator("#board").is_hidden() and a.server.hub.watchers(a.table_id) == 0
        assert [e for e in errors if "403" not in e] == []  # (the refusal's own status, logged by Chromium)


async def test_in_a_channel_with_no_table_the_person_picks_a_game_and_sits_at_its_table(browser):
    """(The game's names and the question in her language: the server's, with the games.)"""
    async with activity() as a:
        guild = a.channel.guild
        assert guild is not None
        quiet = a.fake.add_channel(guild, "quiet")
        _, frame, errors = await framed(browser, a, a.alice, channel=quiet)
        await frame.locator("#board-text", has_text="Which one do you start?").wait_for()
        await frame.locator("#board-buttons button[data-game='speed']").click()
        await frame.locator("#board-buttons button", has_text="Start").wait_for()  # her table's lobby
        tables = await a.store.open_tables(ChatRef("discord", str(guild.id), str(quiet.id)))
        assert [(t.game, t.seats[0].name) for t in tables] == [("speed", "alice")]
        assert errors == []


async def test_a_discord_client_that_never_answers_gets_a_clear_word_not_an_endless_wait(browser):
    async with activity() as a:
        page, frame, errors = await framed(browser, a, a.alice, silent=True)
        await page.wait_for_function("() => window.__rpc.length > 0")  # its handshake sent, unanswered
        await page.clock.fast_forward(25_000)  # past the sign-in's wait for Discord's client
        await frame.locator("main[data-state='refused']").wait_for()
        text = (await frame.locator("#status-text").inner_text()).strip()
        assert text == "Discord did not confirm who you are: close the game and open it again."
        assert a.server.hub.watchers(a.table_id) == 0 and errors == []
