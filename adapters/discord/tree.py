"""The slash commands on discord.py's CommandTree: names, options and choices (menu.py has their
words), each calling one handler. Game commands (and /notify, /kick, /votekick) work in servers
only; /rules, /language and /look anywhere. A handler that fails still answers ("something went
wrong"), so nobody is left with "thinking…" for ever."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, Concatenate, ParamSpec, cast

import discord
from discord import app_commands
from discord.app_commands import Choice

from adapters.discord import texts
from adapters.discord.handlers import Handlers
from adapters.discord.menu import COMMANDS, LANGUAGE_NAMES, describe
from bot.answers import LOOK_NAMES
from bot.i18n import translator
from bot.screens.words import GAME_NAMES

log = logging.getLogger(__name__)

P = ParamSpec("P")
Handler = Callable[Concatenate[discord.Interaction[Any], P], Coroutine[Any, Any, None]]

GAME_CHOICES = [Choice(name=name, value=game) for game, name in GAME_NAMES.items()]
LANGUAGE_CHOICES = [Choice(name=name, value=lang) for lang, name in LANGUAGE_NAMES.items()]
LOOK_CHOICES = [Choice(name=name, value=look) for look, name in LOOK_NAMES.items()]


def guarded(handler: Handler[P]) -> Handler[P]:
    async def run(interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(interaction, *args, **kwargs)
        except Exception:
            log.exception("/%s failed", getattr(interaction.command, "name", "?"))
            try:
                failed = texts.failed(translator("en"))
                if interaction.response.is_done():
                    await interaction.edit_original_response(content=failed)
                else:
                    await interaction.response.send_message(failed, ephemeral=True)
            except discord.HTTPException:
                pass

    return cast(Handler[P], functools.wraps(handler)(run))


def add_commands(tree: app_commands.CommandTree[Any], handlers: Handlers) -> None:
    @tree.command(name="svolota", description=COMMANDS["svolota"])
    @app_commands.guild_only()
    @guarded
    async def svolota(interaction: discord.Interaction[Any]) -> None:
        await handlers.game(interaction, "svolota")

    @tree.command(name="speed", description=COMMANDS["speed"])
    @app_commands.guild_only()
    @app_commands.describe(opponent=describe("speed", "opponent"))
    @guarded
    async def speed(interaction: discord.Interaction[Any], opponent: discord.User | None = None) -> None:
        await handlers.game(interaction, "speed", opponent)

    @tree.command(name="demon", description=COMMANDS["demon"])
    @app_commands.guild_only()
    @guarded
    async def demon(interaction: discord.Interaction[Any]) -> None:
        await handlers.game(interaction, "racing_demon")

    @tree.command(name="leaderboard", description=COMMANDS["leaderboard"])
    @app_commands.guild_only()
    @app_commands.describe(game=describe("leaderboard", "game"), season=describe("leaderboard", "season"))
    @app_commands.choices(game=GAME_CHOICES)
    @guarded
    async def leaderboard(
        interaction: discord.Interaction[Any],
        game: Choice[str] | None = None,
        season: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await handlers.leaderboard(interaction, game.value if game else None, season)

    @tree.command(name="stats", description=COMMANDS["stats"])
    @app_commands.guild_only()
    @app_commands.describe(member=describe("stats", "member"))
    @guarded
    async def stats(interaction: discord.Interaction[Any], member: discord.User | None = None) -> None:
        await handlers.stats(interaction, member)

    @tree.command(name="rules", description=COMMANDS["rules"])
    @app_commands.describe(game=describe("rules", "game"))
    @app_commands.choices(game=GAME_CHOICES)
    @guarded
    async def rules(interaction: discord.Interaction[Any], game: Choice[str] | None = None) -> None:
        await handlers.rules(interaction, game.value if game else None)

    @tree.command(name="settings", description=COMMANDS["settings"])
    @app_commands.guild_only()
    @app_commands.describe(
        language=describe("settings", "language"),
        timer=describe("settings", "timer"),
        tables=describe("settings", "tables"),
        look=describe("settings", "look"),
        rule=describe("settings", "rule"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, look=LOOK_CHOICES)
    @guarded
    async def settings(
        interaction: discord.Interaction[Any],
        language: Choice[str] | None = None,
        timer: app_commands.Range[int, 15, 600] | None = None,
        tables: bool | None = None,
        look: Choice[str] | None = None,
        rule: app_commands.Range[str, 5, 80] | None = None,
    ) -> None:
        await handlers.settings(
            interaction, language.value if language else None, timer, tables, rule, look.value if look else None
        )

    @tree.command(name="language", description=COMMANDS["language"])
    @app_commands.describe(language=describe("language", "language"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @guarded
    async def language(interaction: discord.Interaction[Any], language: Choice[str]) -> None:
        await handlers.language(interaction, language.value)

    @tree.command(name="look", description=COMMANDS["look"])
    @app_commands.describe(look=describe("look", "look"))
    @app_commands.choices(look=LOOK_CHOICES)
    @guarded
    async def look(interaction: discord.Interaction[Any], look: Choice[str] | None = None) -> None:
        await handlers.look(interaction, look.value if look else None)

    @tree.command(name="notify", description=COMMANDS["notify"])
    @app_commands.guild_only()
    @app_commands.describe(on=describe("notify", "on"))
    @guarded
    async def notify(interaction: discord.Interaction[Any], on: bool | None = None) -> None:
        await handlers.notify(interaction, on)

    @tree.command(name="kick", description=COMMANDS["kick"])
    @app_commands.guild_only()
    @app_commands.describe(member=describe("kick", "member"))
    @guarded
    async def kick(interaction: discord.Interaction[Any], member: discord.User) -> None:
        await handlers.kick(interaction, member, vote=False)

    @tree.command(name="votekick", description=COMMANDS["votekick"])
    @app_commands.guild_only()
    @app_commands.describe(member=describe("votekick", "member"))
    @guarded
    async def votekick(interaction: discord.Interaction[Any], member: discord.User) -> None:
        await handlers.kick(interaction, member, vote=True)
