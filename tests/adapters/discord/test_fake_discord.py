"""The fake Discord against the real discord.py stack: login, gateway, slash commands, buttons,
command sync, rate limits, interaction rules, spec validation, file uploads, resume and restart."""

from __future__ import annotations

import io
import json
import re
import time
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.adapters.discord.fake_discord import RESUME_PATH, FakeDiscord
from tests.adapters.discord.gateway import REQUEST_GUILD_MEMBERS
from tests.adapters.discord.world import EPHEMERAL, Channel, Guild, User

PNG = b"\x89PNG\r\n\x1a\n and the rest of a picture"


def shows(name: str) -> discord.Embed:
    """An embed showing the message's attachment `name`."""
    return discord.Embed().set_image(url=f"attachment://{name}")


class Bot(commands.Bot):
    """A small discord.py bot: slash commands, a persistent DynamicItem button, a view with a button
    and a select menu, and an optional translator; it records what reached it in `seen`."""

    def __init__(self, *, intents: discord.Intents | None = None, translator: app_commands.Translator | None = None):
        super().__init__(command_prefix="!", intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.seen: list[tuple[str, Any]] = []
        self.translator = translator
        self.sync_guild: discord.Object | None = None
        self.add_dynamic_items(Seat)
        self._add_commands()

    async def setup_hook(self) -> None:
        if self.translator is not None:
            await self.tree.set_translator(self.translator)
        if self.sync_guild is not None:
            self.tree.copy_global_to(guild=self.sync_guild)
            await self.tree.sync(guild=self.sync_guild)
        else:
            await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before every IDENTIFY but the first

    async def on_message(self, message: discord.Message) -> None:
        if message.author != self.user:
            self.seen.append(("message", message.content))

    async def on_resumed(self) -> None:
        self.seen.append(("resumed", None))

    def _add_commands(self) -> None:
        @self.tree.command(name="speed", description="Challenge someone to Speed")
        @app_commands.describe(opponent="Who to play")
        async def speed(interaction: discord.Interaction, opponent: discord.Member | None = None) -> None:
            self.seen.append(("speed", (interaction.user, opponent, interaction.locale)))
            await interaction.response.send_message(
                f"{interaction.user.display_name} challenges {opponent.display_name if opponent else 'anyone'}",
                ephemeral=True,
                view=Panel(self),
            )

        @self.tree.command(name="table", description="Open a table")
        async def table(interaction: discord.Interaction, number: app_commands.Range[int, 1, 99] = 7) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Seat(number, 1))
            await interaction.response.send_message(f"Table {number}", view=view)

        @self.tree.command(name="think", description="Think, then answer")
        async def think(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("thought")
            await interaction.followup.send("a private note", ephemeral=True)
            await interaction.edit_original_response(content="thought it over")

        @self.tree.command(name="late", description="Answer after the deadline")
        async def late(interaction: discord.Interaction) -> None:
            fake: FakeDiscord = self.fake  # type: ignore[attr-defined]
            fake.advance(4)  # 4 s pass before the bot answers
            try:
                await interaction.response.send_message("too late")
            except discord.NotFound as error:
                self.seen.append(("late", error.code))

        @self.tree.command(name="hand", description="Show a hand as a picture")
        async def hand(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(PNG), "hand.png")
            await interaction.response.send_message("your hand", ephemeral=True, embed=shows("hand.png"), file=file)
            await interaction.edit_original_response(content="your hand, sorted")  # the picture stays
            again = discord.File(io.BytesIO(PNG + b"!"), "hand.png")
            await interaction.edit_original_response(content="a new card", embed=shows("hand.png"), attachments=[again])

        @self.tree.command(name="admin", description="For managers only")
        @app_commands.default_permissions(manage_guild=True)
        async def admin(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("ok", ephemeral=True)


class Seat(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"seat:(?P<table>\d+):(?P<version>\d+)"):
    """A persistent button: its state (table, version) lives in its custom_id."""

    def __init__(self, table: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="Sit down", custom_id=f"seat:{table}:{version}"))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Seat:
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Bot = interaction.client  # type: ignore[assignment]
        bot.seen.append(("seat", (interaction.user.id, self.table, self.version)))
        view = discord.ui.View(timeout=None)
        view.add_item(Seat(self.table, self.version + 1))
        await interaction.response.edit_message(content=f"{interaction.user.display_name} sat down", view=view)


class Panel(discord.ui.View):
    def __init__(self, bot: Bot) -> None:
        super().__init__(timeout=60)
        self.bot = bot

    @discord.ui.button(label="Ready", custom_id="panel:ready", style=discord.ButtonStyle.success)
    async def ready(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.bot.seen.append(("ready", interaction.user.id))
        await interaction.response.defer()
        await interaction.edit_original_response(content="You are ready", view=None)

    @discord.ui.select(custom_id="panel:card", options=[discord.SelectOption(label=c, value=c) for c in ("7♠", "Q♥")])
    async def card(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        self.bot.seen.append(("card", select.values))
        await interaction.response.edit_message(content=f"You chose {select.values[0]}")


def make_bot(fake: FakeDiscord, **kwargs: Any) -> Bot:
    bot = Bot(**kwargs)
    bot.fake = fake  # type: ignore[attr-defined]
    return bot


# --- login and gateway -------------------------------------------------------------------------


async def test_login_ready_and_guild_create(fake_discord: FakeDiscord, guild: Guild, bob: User) -> None:
    bot = make_bot(fake_discord, intents=discord.Intents.all())
    async with fake_discord.running(bot):
        assert bot.user is not None and bot.user.id == fake_discord.bot.id
        assert bot.application_id == fake_discord.application_id
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.name == "Card night"
        assert sorted(c.name for c in cached.text_channels) == ["cards", "general"]
        member = cached.get_member(bob.id)
        assert member is not None and member.display_name == "Боря"
        assert cached.owner_id == guild.owner.id
        connection = fake_discord.gateway.connections[0]
        assert connection.compress == "zlib-stream"  # discord.py asks for it; binary frames it inflates
        identify = fake_discord.gateway.identifies()[0]
        assert identify["token"] == fake_discord.token and identify["intents"] == discord.Intents.all().value
    assert [f"{r.method} {r.route}" for r in fake_discord.requests[:2]] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
    ]
    # discord.py's close() means 1000, but its reader task answers aiohttp's CLOSING first with 4000:
    # Discord keeps such a session resumable
    await fake_discord.wait_for(lambda: not fake_discord.gateway.sessions[0].connected, 2.0)
    assert fake_discord.gateway.connections[0].close_code == 4000


async def test_text_frames_and_member_chunks(guild: Guild, alice: User, fake_discord: FakeDiscord) -> None:
    fake_discord.gateway.compression = "none"
    fake_discord.gateway.heartbeat_interval = 100
    intents = discord.Intents.default()
    intents.members = True  # without presences: GUILD_CREATE has only the bot, discord.py asks for chunks
    bot = make_bot(fake_discord, intents=intents)
    async with fake_discord.running(bot):
        assert fake_discord.gateway.connections[0].compress is None
        assert any(p.get("op") == REQUEST_GUILD_MEMBERS for p in fake_discord.gateway.received)
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.chunked and cached.get_member(alice.id) is not None
        await fake_discord.wait_for(lambda: fake_discord.gateway.connections[0].heartbeats >= 3, 2.0, "heartbeats")
        assert bot.latency < 1.0


async def test_disallowed_intents_are_refused(fake_discord: FakeDiscord, guild: Guild) -> None:
    fake_discord.privileged_intents = ("members",)
    bot = make_bot(fake_discord, intents=discord.Intents.all())
    with pytest.raises(discord.PrivilegedIntentsRequired):
        async with fake_discord.running(bot):
            pass
    assert fake_discord.gateway.errors == ["gateway closed with 4014: Disallowed intent(s)."]
    fake_discord.gateway.errors.clear()


# --- slash commands and components -------------------------------------------------------------


async def test_slash_command_with_a_user_option_answers_ephemerally(
    fake_discord: FakeDiscord, channel: Channel, alice: User, bob: User
) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        interaction_id = fake_discord.slash(bob, channel, "speed", {"opponent": alice})
        interaction = await fake_discord.wait_response(interaction_id)
        (kind, (user, opponent, locale)) = bot.seen[-1]
        assert kind == "speed" and user.id == bob.id and locale == discord.Locale.russian
        assert isinstance(opponent, discord.Member) and opponent.id == alice.id
        response = fake_discord.response(interaction_id)
        assert response is not None and response.ephemeral and response.ephemeral_to is bob
        assert response.content == "Боря challenges Alice"
        assert interaction.answer_delay is not None and interaction.answer_delay < 3
        assert [[b.label for b in row] for row in response.buttons] == [["Ready"]]
        assert response.selects[0].values == ["7♠", "Q♥"]
        assert fake_discord.messages(channel) == []  # nobody else sees it
        assert fake_discord.seen_by(alice, channel) == []
        assert fake_discord.ephemeral_messages(bob) == [response]
        with pytest.raises(PermissionError):
            fake_discord.click(alice, response, "panel:ready")

        # the select menu (UPDATE_MESSAGE), then the button (DEFERRED_UPDATE_MESSAGE + edit @original)
        choice = fake_discord.choose(bob, response, "panel:card", ["Q♥"])
        await fake_discord.wait_response(choice)
        assert ("card", ["Q♥"]) in bot.seen and response.content == "You chose Q♥"
        press = fake_discord.click(bob, response, label="Ready")
        await fake_discord.wait_for(lambda: response.content == "You are ready", what="the panel to change")
        assert fake_discord.interaction(press).response_type == 6
        assert response.components == [] and len(response.history) == 2


async def test_dynamic_item_button_on_a_public_message(
    fake_discord: FakeDiscord, channel: Channel, alice: User, carol: User
) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        await fake_discord.wait_response(fake_discord.slash(alice, channel, "table", {"number": 12}))
        message = fake_discord.last_message(channel)
        assert message is not None and message.content == "Table 12" and not message.ephemeral
        assert message.button("Sit down").custom_id == "seat:12:1"
        press = fake_discord.click(carol, message, "seat:12:1")
        await fake_discord.wait_response(press)
        assert ("seat", (carol.id, 12, 1)) in bot.seen
        assert message.content == "Оля sat down" and message.buttons[0][0].custom_id == "seat:12:2"
        assert fake_discord.interaction(press).response_type == 7
        with pytest.raises(LookupError):
            fake_discord.click(carol, message, "seat:12:1")  # that button is gone
        with pytest.raises(ValueError):
            fake_discord.slash(alice, channel, "table", {"number": 100})  # Range[int, 1, 99]


async def test_deferred_response_follow_ups_and_edits(fake_discord: FakeDiscord, channel: Channel, alice: User) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        interaction_id = fake_discord.slash(alice, channel, "think")
        interaction = fake_discord.interaction(interaction_id)
        await fake_discord.wait_for(lambda: interaction.original and interaction.original.content == "thought it over")
        assert interaction.response_type == 5
        original = fake_discord.response(interaction_id)
        assert original is not None and not original.loading and not original.ephemeral
        assert fake_discord.messages(channel) == [original]  # the first follow-up filled the "thinking" message
        (note,) = fake_discord.followups(interaction_id)
        assert note.ephemeral and note.content == "a private note" and note.flags & EPHEMERAL
        assert fake_discord.last_ephemeral(alice) is note


async def test_slash_checks_what_the_person_may_use(
    fake_discord: FakeDiscord, guild: Guild, channel: Channel, alice: User, bob: User, dave: User
) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        with pytest.raises(PermissionError):
            fake_discord.slash(bob, channel, "admin")  # default_member_permissions: manage_guild
        with pytest.raises(PermissionError):
            fake_discord.slash(dave, channel, "speed")  # not a member
        with pytest.raises(LookupError):
            fake_discord.slash(alice, channel, "nosuch")
        with pytest.raises(LookupError):
            fake_discord.slash(alice, channel, "speed", {"enemy": bob})
        await fake_discord.wait_response(fake_discord.slash(alice, channel, "admin"))  # the owner may
        names = [shown["name"] for shown in fake_discord.visible_commands(bob, channel)]
        assert "admin" not in names and "speed" in names


# --- command sync ------------------------------------------------------------------------------


TRANSLATIONS = {
    discord.Locale.russian: {"speed": "скорость", "Challenge someone to Speed": "Вызвать на «Скорость»"},
    discord.Locale.ukrainian: {"speed": "швидкість", "Challenge someone to Speed": "Викликати на «Швидкість»"},
}


class Translations(app_commands.Translator):
    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        return TRANSLATIONS.get(locale, {}).get(string.message)


async def test_command_sync_keeps_localisations(
    fake_discord: FakeDiscord, guild: Guild, channel: Channel, bob: User, carol: User, alice: User
) -> None:
    bot = make_bot(fake_discord, translator=Translations())
    bot.sync_guild = discord.Object(guild.id)
    async with fake_discord.running(bot):
        (sync,) = fake_discord.command_syncs
        assert sync.route == "/applications/{application_id}/guilds/{guild_id}/commands"
        speed = fake_discord.command("speed", guild)
        assert speed["name_localizations"] == {"ru": "скорость", "uk": "швидкість"}
        assert speed["description_localizations"]["uk"] == "Викликати на «Швидкість»"
        shown = {s["command"]["name"]: s["name"] for s in fake_discord.visible_commands(bob, channel)}
        assert shown["speed"] == "скорость"
        shown = {s["command"]["name"]: s["description"] for s in fake_discord.visible_commands(carol, channel)}
        assert shown["speed"] == "Викликати на «Швидкість»"
        fetched = await bot.tree.fetch_commands(guild=discord.Object(guild.id))
        assert {c.name for c in fetched} == {c["name"] for c in fake_discord.commands(guild)}
        await fake_discord.wait_response(fake_discord.slash(alice, channel, "speed"))  # reaches the guild copy


async def test_a_bad_localised_name_is_refused(fake_discord: FakeDiscord, guild: Guild) -> None:
    class Capitalised(app_commands.Translator):
        async def translate(self, string: Any, locale: discord.Locale, context: Any) -> str | None:
            return "Скорость" if locale == discord.Locale.russian and string.message == "speed" else None

    bot = make_bot(fake_discord, translator=Capitalised())
    with pytest.raises(discord.HTTPException) as failure:
        async with fake_discord.running(bot):
            pass
    assert failure.value.code == 50035
    assert any("name_localizations.ru" in e for e in fake_discord.rejected)
    fake_discord.rejected.clear()


# --- rate limits -------------------------------------------------------------------------------


async def test_a_429_is_honoured(fake_discord: FakeDiscord, channel: Channel, alice: User) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        fake_discord.fail_next("POST /channels/{channel_id}/messages", 429, retry_after=0.4)
        sendable = bot.get_channel(channel.id)
        assert isinstance(sendable, discord.TextChannel)
        await sendable.send("hello")
        first, second = fake_discord.calls("POST /channels/*/messages")
        assert (first.status, second.status) == (429, 200)
        assert second.time - first.time >= 0.4
        assert first.response == {
            "message": "You are being rate limited.",
            "retry_after": 0.4,
            "global": False,
            "code": 0,
        }
        assert [m.content for m in fake_discord.messages(channel)] == ["hello"]

        fake_discord.fail_next("POST /interactions/**", retry_after=0.2)  # the webhook adapter retries too
        interaction = await fake_discord.wait_response(fake_discord.slash(alice, channel, "table"))
        assert [c.status for c in interaction.callbacks] == [200]
        assert [r.status for r in fake_discord.calls("POST /interactions/**")] == [429, 200]


async def test_rate_limit_headers_pace_discord_py(fake_discord: FakeDiscord, channel: Channel) -> None:
    fake_discord.rate_limit("PATCH /channels/*/messages/*", 2, 0.5)
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        sendable = bot.get_channel(channel.id)
        assert isinstance(sendable, discord.TextChannel)
        message = await sendable.send("0")
        started = time.monotonic()
        for n in range(1, 5):
            message = await message.edit(content=str(n))
        assert time.monotonic() - started >= 0.5  # 4 edits at 2 per 0.5 s: discord.py waited
        assert fake_discord.calls(status=429) == []
        assert fake_discord.last_message(channel).content == "4"  # type: ignore[union-attr]


# --- interaction rules -------------------------------------------------------------------------


async def test_interaction_rules(fake_discord: FakeDiscord, channel: Channel, alice: User) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        late = fake_discord.slash(alice, channel, "late")
        await fake_discord.wait_for(lambda: ("late", 10062) in bot.seen, what="the late answer to fail")
        assert fake_discord.late == [fake_discord.interaction(late)]
        fake_discord.late.clear()

        answered = await fake_discord.wait_response(fake_discord.slash(alice, channel, "table"))
        async with aiohttp.ClientSession() as http:
            url = f"{fake_discord.api_url}/interactions/{answered.id}/{answered.token}/callback"
            async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as reply:
                assert reply.status == 400 and reply.headers["Content-Type"] == "application/json"
                assert await reply.json() == {"message": "Interaction has already been acknowledged.", "code": 40060}
            fake_discord.advance(15 * 60 + 1)
            url = f"{fake_discord.api_url}/webhooks/{fake_discord.application_id}/{answered.token}/messages/@original"
            async with http.patch(url, json={"content": "edited"}) as reply:
                assert reply.status == 401 and (await reply.json())["code"] == 50027


async def test_spec_validation_catches_a_bad_body(fake_discord: FakeDiscord, channel: Channel) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        sendable = bot.get_channel(channel.id)
        assert isinstance(sendable, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="long", custom_id="x" * 101))
        with pytest.raises(discord.HTTPException) as failure:
            await sendable.send("too long a custom_id", view=view)
        assert failure.value.status == 400 and failure.value.code == 50035
        # the spec (when present) or else the fake's own limits refuse it
        assert any("custom_id" in e for e in fake_discord.spec_errors + fake_discord.rejected)
        fake_discord.rejected.clear()
        fake_discord.spec_errors.clear()
        if fake_discord.spec is None:
            pytest.skip("../shared/specs/discord-openapi-v10.json is absent")
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        with pytest.raises(discord.HTTPException):
            await bot.http.request(route, json={"content": "hi", "tts": "loudly"})
        assert any("body.tts" in e for e in fake_discord.spec_errors), fake_discord.spec_errors
        fake_discord.spec_errors.clear()
        # a multipart body: its payload_json is checked the same way
        file = discord.File(io.BytesIO(PNG), "table.png")
        form: list[dict[str, Any]] = [
            {"name": "payload_json", "value": json.dumps({"content": "hi", "tts": "loudly"})},
            {"name": "files[0]", "value": file.fp, "filename": "table.png", "content_type": "application/octet-stream"},
        ]
        with pytest.raises(discord.HTTPException):
            await bot.http.request(route, form=form, files=[file])
        assert any("body.tts" in e for e in fake_discord.spec_errors), fake_discord.spec_errors
        fake_discord.spec_errors.clear()


# --- messages, DMs -----------------------------------------------------------------------------


async def test_messages_reach_the_bot_by_intent(
    fake_discord: FakeDiscord, guild: Guild, channel: Channel, alice: User, bob: User
) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = make_bot(fake_discord, intents=intents)
    async with fake_discord.running(bot):
        fake_discord.say(alice, channel, "hello bot")
        await fake_discord.wait_for(lambda: ("message", "hello bot") in bot.seen)
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.get_member(bob.id) is None  # no members intent: not cached
        member = await cached.fetch_member(bob.id)
        await member.send("psst")
        assert [m.content for m in fake_discord.messages(fake_discord.dm_channel(bob))] == ["psst"]
        bob.dms_open = False
        with pytest.raises(discord.Forbidden):
            await member.send("again")

        sendable = bot.get_channel(channel.id)
        assert isinstance(sendable, discord.TextChannel)
        sent = await sendable.send("your hand", file=discord.File(io.BytesIO(b"\x89PNG..."), "hand.png"))
        assert [a.filename for a in sent.attachments] == ["hand.png"]
        (attachment,) = fake_discord.last_message(channel).attachments  # type: ignore[union-attr]
        assert attachment.data == b"\x89PNG..." and attachment.content_type == "image/png"
        await sent.edit(attachments=[])
        assert fake_discord.last_message(channel).attachments == []  # type: ignore[union-attr]

    bot = make_bot(fake_discord)  # without the message content intent
    async with fake_discord.running(bot):
        fake_discord.say(alice, channel, "secret")
        await fake_discord.wait_for(lambda: ("message", "") in bot.seen)


# --- file uploads ------------------------------------------------------------------------------


async def test_a_picture_is_uploaded_kept_by_edits_that_leave_it_out_replaced_and_removed(
    fake_discord: FakeDiscord, guild: Guild, channel: Channel
) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        sendable = bot.get_channel(channel.id)
        assert isinstance(sendable, discord.TextChannel)
        sent = await sendable.send("the board", embed=shows("table.png"), file=discord.File(io.BytesIO(PNG), "t.png"))
        request = fake_discord.calls("POST /channels/{channel_id}/messages")[-1]
        assert [f.field for f in request.files] == ["files[0]"] and request.body["attachments"][0]["id"] == 0
        assert fake_discord.broken == [
            f"body: embeds.0.image shows {'attachment://table.png'!r}, not among the files ['t.png']"
        ]
        fake_discord.broken.clear()
        sent = await sendable.send(
            "the board", embed=shows("table.png"), file=discord.File(io.BytesIO(PNG), "table.png")
        )
        message = fake_discord.all_messages[sent.id]
        assert message.picture is not None and message.picture.data == PNG and message.uploads == 1
        assert sent.embeds[0].image.url == "attachment://table.png" and sent.attachments[0].size == len(PNG)
        await sent.edit(content="a move")  # embed and attachments left out: kept
        assert message.content == "a move" and message.picture.data == PNG and message.uploads == 1
        replaced = discord.File(io.BytesIO(PNG + b"2"), "table.png")
        await sent.edit(content="another move", embed=shows("table.png"), attachments=[replaced])
        assert [a.data for a in message.attachments] == [PNG + b"2"] and message.uploads == 2
        assert message.history[-1]["attachments"] == ["table.png"]
        await sent.edit(content="as text", embed=None, attachments=[])
        assert message.picture is None and message.attachments == [] and message.embeds == []
        # an attachment id that names no file sent and none of the message's: refused
        other = await sendable.send("another", file=discord.File(io.BytesIO(PNG), "other.png"))
        with pytest.raises(discord.HTTPException) as refused:
            await sent.edit(attachments=other.attachments)
        assert refused.value.status == 400 and refused.value.code == 50035
        assert fake_discord.rejected == [
            f"attachments.0.id: Unknown attachment '{other.attachments[0].id}' (ATTACHMENT_NOT_FOUND)"
        ]
        fake_discord.rejected.clear()
        # a ".png" that is no PNG: taken, and shown broken
        await sendable.send("gif", file=discord.File(io.BytesIO(b"GIF89a"), "table.png"))
        assert fake_discord.broken == ["body: files[0] 'table.png' is no PNG: b'GIF89a'"]
        fake_discord.broken.clear()


async def test_an_interaction_answers_with_a_picture_and_edits_it_through_its_webhook(
    fake_discord: FakeDiscord, guild: Guild, channel: Channel, alice: User
) -> None:
    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        interaction = await fake_discord.wait_response(fake_discord.slash(alice, channel, "hand"))
        answer = interaction.original
        assert answer is not None and answer.ephemeral
        await fake_discord.wait_for(lambda: answer.content == "a new card", what="the last edit")
        assert answer.picture is not None and answer.picture.data == PNG + b"!" and answer.uploads == 2
        assert [h["content"] for h in answer.history] == ["your hand", "your hand, sorted"]
        assert [h["attachments"] for h in answer.history] == [["hand.png"], ["hand.png"]]
        uploads = [r for r in fake_discord.requests if r.files]
        assert [r.route for r in uploads] == [
            "/interactions/{interaction_id}/{interaction_token}/callback",
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
        ]


# --- resume and restart ------------------------------------------------------------------------


async def test_resume_replays_missed_events(fake_discord: FakeDiscord, channel: Channel, alice: User) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    bot = make_bot(fake_discord, intents=intents)
    async with fake_discord.running(bot):
        session = fake_discord.gateway.sessions[0]
        await fake_discord.gateway.drop(4000)
        fake_discord.say(alice, channel, "while you were away")  # kept for the RESUME
        await fake_discord.wait_for(lambda: ("resumed", None) in bot.seen, what="RESUMED")
        await fake_discord.wait_for(lambda: ("message", "while you were away") in bot.seen)
        assert fake_discord.gateway.connections[-1].path == RESUME_PATH
        assert fake_discord.gateway.resumes()[0]["session_id"] == session.id

        fake_discord.gateway.reconnect()  # op 7
        await fake_discord.wait_for(lambda: session.resumes == 2, what="a second RESUME")
        fake_discord.gateway.invalidate()  # op 9, not resumable: IDENTIFY again
        await fake_discord.wait_for(lambda: len(fake_discord.gateway.identifies()) == 2, what="a new IDENTIFY")
        await fake_discord.wait_ready()
        await fake_discord.wait_response(fake_discord.slash(alice, channel, "table"))


async def test_buttons_work_after_a_restart(
    fake_discord: FakeDiscord, channel: Channel, alice: User, bob: User
) -> None:
    async with fake_discord.running(make_bot(fake_discord)):
        await fake_discord.wait_response(fake_discord.slash(alice, channel, "table", {"number": 3}))
    message = fake_discord.last_message(channel)
    assert message is not None
    with pytest.raises(RuntimeError):
        fake_discord.click(bob, message, "seat:3:1")  # nobody is connected
    lost = fake_discord.click(bob, message, "seat:3:1", require_bot=False)
    assert not fake_discord.interaction(lost).delivered

    bot = make_bot(fake_discord)
    async with fake_discord.running(bot):
        await fake_discord.wait_response(fake_discord.click(bob, message, "seat:3:1"))
        assert ("seat", (bob.id, 3, 1)) in bot.seen
    assert len(fake_discord.gateway.identifies()) == 2 and fake_discord.gateway.resumes() == []


async def test_auto_sharded_bot(fake_discord: FakeDiscord, alice: User, bob: User) -> None:
    fake_discord.shards = 2
    guilds = [fake_discord.add_guild(f"Guild {n}", alice, [bob], guild_id=(n << 22) | 1) for n in range(2)]

    class Sharded(commands.AutoShardedBot):
        async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
            pass

    bot = Sharded(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
    async with fake_discord.running(bot):
        assert fake_discord.calls("GET /gateway/bot")
        assert sorted(s.shard for s in fake_discord.gateway.sessions) == [(0, 2), (1, 2)]
        assert {g.id: g.shard_id for g in bot.guilds} == {guilds[0].id: 0, guilds[1].id: 1}
