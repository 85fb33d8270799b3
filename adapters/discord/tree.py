"""The slash commands on discord.py's CommandTree: names, options and choices (menu.py has their
words), each calling one handler. Game commands (and /notify, /kick, /votekick) work in servers
only; /rules, /language, /look, /forget, /link and /unlink anywhere.

Every interaction is answered, whatever goes wrong: a handler that fails still answers ("something
went wrong", `guarded`), so nobody is left with "thinking…" for ever; and what fails before the
handler runs (a command whose shape changed: `CommandSignatureMismatch`, an option Discord sends
with another type than ours: a transformer error; a command we no longer have; a check) is answered
the same way by the tree's error handler (`answer_errors`), with one log line and no traceback."""

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
from adapters.discord.identities import actor_of, chat_of, person_of
from adapters.discord.menu import COMMANDS, N_, TOURNAMENT, describe
from bot.answers import LOOK_NAMES
from bot.commands import CreateTournament, ManageTournament
from bot.games import game_info, games
from bot.i18n import LANGUAGES, LATIN_RANKS, NATIVE_RANKS, Translator, own_name, pick_language, translator

log = logging.getLogger(__name__)

P = ParamSpec("P")
Handler = Callable[Concatenate[discord.Interaction[Any], P], Coroutine[Any, Any, None]]


def game_choices() -> list[Choice[str]]:
    return [Choice(name=game_info(game).name, value=game) for game in games()]


LANGUAGE_CHOICES = [Choice(name=own_name(lang), value=lang) for lang in LANGUAGES]
LOOK_CHOICES = [Choice(name=name, value=look) for look, name in LOOK_NAMES.items()]
RANK_CHOICES = [
    Choice(name="J Q K A", value=LATIN_RANKS),
    Choice(name=N_("in the server's language"), value=NATIVE_RANKS),
]


def locale_translator(interaction: discord.Interaction[Any]) -> Translator:
    """The person's client language, if it is one of ours (English otherwise): what went wrong may
    be the database, so its languages are not asked."""
    return translator(pick_language(str(interaction.locale)))


async def answer_failed(interaction: discord.Interaction[Any]) -> None:
    """Say "something went wrong" to the person: as the answer, or in it if it was deferred."""
    try:
        failed = texts.failed(locale_translator(interaction))
        if interaction.response.is_done():
            await interaction.edit_original_response(content=failed)
        else:
            await interaction.response.send_message(failed, ephemeral=True)
    except discord.HTTPException as e:  # too late, or Discord refuses: nothing more to do
        log.warning("could not answer a failed interaction %s: %s", interaction.id, e)


def guarded(handler: Handler[P]) -> Handler[P]:
    async def run(interaction: discord.Interaction[Any], *args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(interaction, *args, **kwargs)
        except Exception:
            log.exception("/%s failed", getattr(interaction.command, "name", "?"))
            await answer_failed(interaction)

    return cast(Handler[P], functools.wraps(handler)(run))


def command_name(interaction: discord.Interaction[Any]) -> str:
    data: Any = interaction.data or {}
    return str(getattr(interaction.command, "qualified_name", None) or data.get("name") or "?")


class OptionMismatch(app_commands.AppCommandError):
    """An option Discord sent that our command does not have, or has with another type (discord.py
    would hand a handler a text where it expects a user)."""


def check_options(interaction: discord.Interaction[Any]) -> None:
    """Raise OptionMismatch unless every option of a slash command is one of its parameters, of the
    parameter's type."""
    data: Any = interaction.data or {}
    if interaction.type is not discord.InteractionType.application_command or data.get("type", 1) != 1:
        return
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return  # not ours (the tree says so), or a group: the tree refuses it itself
    options: list[Any] = data.get("options") or []
    while options and options[0].get("type") in (1, 2):  # subcommands (group) and groups
        options = options[0].get("options") or []
    params = {param.display_name: param for param in command.parameters}
    for option in options:
        param = params.get(str(option.get("name")))
        if param is None:
            raise OptionMismatch(f"option {option.get('name')!r} is not one of ours")
        if option.get("type") != param.type.value:
            raise OptionMismatch(
                f"option {param.display_name!r} came as type {option.get('type')}, ours is {param.type.value}"
            )


class CommandTree(app_commands.CommandTree[Any]):
    """discord.py's tree, checking the options' names and types before a handler is called."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        check_options(interaction)
        return True


async def on_tree_error(interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
    """What failed before (or around) a handler: one log line (no traceback: the error says what),
    and the person is answered."""
    if isinstance(error, app_commands.CommandSignatureMismatch):
        why = "its options differ from the synced ones (the commands are synced on start)"
    elif isinstance(error, (app_commands.TransformerError, OptionMismatch)):
        why = f"an option could not be read: {error}"
    elif isinstance(error, app_commands.CommandNotFound):
        why = "no such command here (an old command Discord still shows)"
    else:
        why = f"{type(error).__name__}: {error}"
    log.warning("/%s from %s was not run: %s", command_name(interaction), interaction.user.id, why)
    await answer_failed(interaction)


def answer_errors(tree: app_commands.CommandTree[Any]) -> None:
    """Answer every interaction the tree could not run (replaces discord.py's `on_error`, which only
    logs, leaving the person with "The interaction failed")."""
    tree.error(on_tree_error)


def add_game_command(tree: app_commands.CommandTree[Any], handlers: Handlers, game: str) -> None:
    """A game's own command (/svolota, /speed, /demon …): it opens a table in the channel; a game for
    two may name its opponent instead, a challenge."""
    info = game_info(game)
    name = info.command
    description = COMMANDS.get(name) or f"Open a {info.name} table"  # (a game of the tests': no catalog entry)

    if info.max_players == 2:

        @tree.command(name=name, description=description)
        @app_commands.guild_only()
        @app_commands.describe(opponent=describe("speed", "opponent"))
        @guarded
        async def challenge(interaction: discord.Interaction[Any], opponent: discord.User | None = None) -> None:
            await handlers.game(interaction, game, opponent)

    else:

        @tree.command(name=name, description=description)
        @app_commands.guild_only()
        @guarded
        async def play(interaction: discord.Interaction[Any]) -> None:
            await handlers.game(interaction, game)


FORMAT_CHOICES = [
    Choice(name=N_("Swiss"), value="swiss"),
    Choice(name=N_("single elimination"), value="elimination"),
    Choice(name=N_("points"), value="points"),
]


def add_tournament(tree: app_commands.CommandTree[Any], handlers: Handlers) -> None:
    """`/tournament create|start|pause|resume|cancel|disqualify|replace`: one group, each
    subcommand one command of the service (bot/tournaments.py)."""
    servers = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
    group = app_commands.Group(
        name="tournament", description=COMMANDS["tournament"], guild_only=True, allowed_contexts=servers
    )

    def describe_all(*names: str) -> dict[str, str]:
        return {name: describe("tournament", name) for name in names}

    @group.command(name="create", description=TOURNAMENT["create"])
    @app_commands.describe(**describe_all("game", "format", "rounds", "signup", "limit", "computers", "most", "name"))
    @app_commands.choices(game=game_choices(), format=FORMAT_CHOICES)
    @guarded
    async def create(
        interaction: discord.Interaction[Any],
        game: Choice[str],
        format: Choice[str] | None = None,
        rounds: app_commands.Range[int, 0, 20] | None = None,
        signup: app_commands.Range[int, 0, 10080] | None = None,
        limit: app_commands.Range[int, 0, 1440] | None = None,
        computers: bool = False,
        most: app_commands.Range[int, 0, 256] | None = None,
        name: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        command = CreateTournament(
            chat_of(interaction),
            actor_of(interaction),
            game.value,
            format.value if format else "swiss",
            rounds=rounds or 0,
            signup_minutes=10 if signup is None else signup,
            round_minutes=limit or 0,
            computers=computers,
            max_entrants=most or 0,
            name=name or "",
        )
        await handlers.tournament(interaction, command)

    def add_action(action: str) -> None:
        @group.command(name=action, description=TOURNAMENT[action])
        @guarded
        async def act(interaction: discord.Interaction[Any]) -> None:
            command = ManageTournament(chat_of(interaction), actor_of(interaction), action)
            await handlers.tournament(interaction, command)

    def add_naming(action: str) -> None:
        @group.command(name=action, description=TOURNAMENT[action])
        @app_commands.describe(**describe_all("member", "entrant"))
        @guarded
        async def name_one(
            interaction: discord.Interaction[Any],
            member: discord.User | None = None,
            entrant: app_commands.Range[str, 1, 64] | None = None,
        ) -> None:
            target = person_of(member) if member is not None else None
            command = ManageTournament(chat_of(interaction), actor_of(interaction), action, target, entrant or "")
            await handlers.tournament(interaction, command)

    for action in ("start", "pause", "resume", "cancel"):
        add_action(action)
    for action in ("disqualify", "replace"):
        add_naming(action)
    tree.add_command(group)


def add_commands(tree: app_commands.CommandTree[Any], handlers: Handlers) -> None:
    answer_errors(tree)
    add_tournament(tree, handlers)

    for game in games():
        add_game_command(tree, handlers, game)

    @tree.command(name="leaderboard", description=COMMANDS["leaderboard"])
    @app_commands.guild_only()
    @app_commands.describe(game=describe("leaderboard", "game"), season=describe("leaderboard", "season"))
    @app_commands.choices(game=game_choices())
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
    @app_commands.choices(game=game_choices())
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
        ranks=describe("settings", "ranks"),
        page=describe("settings", "page"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES, look=LOOK_CHOICES, ranks=RANK_CHOICES)
    @guarded
    async def settings(
        interaction: discord.Interaction[Any],
        language: Choice[str] | None = None,
        timer: app_commands.Range[int, 15, 600] | None = None,
        tables: bool | None = None,
        look: Choice[str] | None = None,
        rule: app_commands.Range[str, 5, 80] | None = None,
        ranks: Choice[str] | None = None,
        page: bool | None = None,
    ) -> None:
        await handlers.settings(
            interaction,
            language.value if language else None,
            timer,
            tables,
            rule,
            look.value if look else None,
            ranks.value if ranks else None,
            page,
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

    @tree.command(name="forget", description=COMMANDS["forget"])
    @guarded
    async def forget(interaction: discord.Interaction[Any]) -> None:
        await handlers.forget(interaction)

    @tree.command(name="link", description=COMMANDS["link"])  # (/link: bot/linker.py)
    @app_commands.describe(code=describe("link", "code"))
    @guarded
    async def link(interaction: discord.Interaction[Any], code: app_commands.Range[str, 1, 40] | None = None) -> None:
        await handlers.link(interaction, code)

    @tree.command(name="unlink", description=COMMANDS["unlink"])
    @guarded
    async def unlink(interaction: discord.Interaction[Any]) -> None:
        await handlers.unlink(interaction)

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
