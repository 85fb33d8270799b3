"""The slash commands' words, and the app_commands Translator that gives them in every language of
the bot when the commands are synced (Discord shows each person their client's language).

The English names and descriptions are the catalogs' msgids (bot/locale/); names are lower case,
at most 32 characters, descriptions at most 100 (Discord's limits). Game choices are the game
names every screen uses, look choices the names the answers use (bot/answers.py LOOK_NAMES).
"""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

from bot.i18n import Translator, translator


def N_(message: str) -> str:
    """Marks a message for the catalogs; translated when the commands are synced."""
    return message


COMMANDS: Final = {
    N_("svolota"): N_("Open a Svolota table (3–6 players)"),
    N_("speed"): N_("Open a Speed table, or challenge someone to Speed"),
    N_("demon"): N_("Open a Racing Demon table (any number of players)"),
    N_("leaderboard"): N_("Top players in this server"),
    N_("stats"): N_("A player's record in every game"),
    N_("rules"): N_("How to play"),
    N_("settings"): N_("Server settings: language, turn timer, tables, house rules (admins change them)"),
    N_("language"): N_("Your own language for the bot's answers and panels"),
    N_("look"): N_("How cards look in your own panels: classic deck, four-colour deck or text"),
    N_("notify"): N_("Be told when a game opens in this server (again: stop)"),
    N_("kick"): N_("Remove a player from this channel's table (its opener or an admin)"),
    N_("votekick"): N_("Ask the table to vote a player off it"),
    N_("forget"): N_("Forget me everywhere: my name, ratings and settings (asked first)"),
    N_("quickmatch"): N_("Play people from anywhere now; your table comes in direct messages"),  # (issue #38)
    N_("link"): N_("One player on Discord and Telegram: a code to type there, or the code from there"),
    N_("unlink"): N_("Separate my Discord and Telegram accounts again"),
    N_("tournament"): N_("A tournament in this server: create one, or run it (admins)"),
}
TOURNAMENT: Final = {  # /tournament's subcommands
    N_("create"): N_("Create a tournament here; people join with its button (admins)"),
    N_("start"): N_("Close sign-up now and start the first round"),
    N_("pause"): N_("Pause: no new round, no time limit, until resumed"),
    N_("resume"): N_("Resume a paused tournament"),
    N_("cancel"): N_("Cancel the tournament and stop its tables"),
    N_("disqualify"): N_("Disqualify an entrant: their match is lost, no more pairings"),
    N_("replace"): N_("A computer plays on for an entrant, keeping their points"),
}
PARAMETERS: Final = {  # (command, parameter) -> description
    ("speed", N_("opponent")): N_("Whom to challenge (empty: open a table anyone may join)"),
    ("leaderboard", N_("game")): N_("One game (empty: every game)"),
    ("leaderboard", N_("season")): N_("A season, e.g. 2026-11, or all for all time (empty: this season)"),
    ("rules", "game"): N_("One game (empty: every game)"),
    ("stats", N_("member")): N_("Whose record (empty: yours)"),
    ("settings", "language"): N_("The server's language"),
    ("settings", N_("timer")): N_("Svolota turn timer in seconds (15–600)"),
    ("settings", N_("tables")): N_("Several tables in one channel at once"),
    ("settings", "look"): N_("How cards look on this server's boards"),
    ("settings", N_("ranks")): N_("Court cards as J Q K A or in the letters of the server's language"),
    ("settings", N_("rule")): N_("A house rule: GAME NAME VALUE, e.g. svolota free_pass on"),
    ("settings", N_("page")): N_("The server's page public (anyone with its link) or private"),
    ("language", "language"): N_("Your language"),
    ("look", "look"): N_("How cards look in your panels (empty: how they look now)"),
    ("notify", N_("on")): N_("On or off (empty: switch)"),
    ("tournament", N_("format")): N_("Swiss, single elimination, or points over rounds (multiplayer)"),
    ("tournament", N_("rounds")): N_("Rounds to play (empty: as many as an elimination would take)"),
    ("tournament", N_("signup")): N_("Minutes of sign-up (0: until an admin starts it; empty: 10)"),
    ("tournament", N_("limit")): N_("A round's time limit in minutes (empty: none)"),
    ("tournament", N_("computers")): N_("Computers fill the empty seats"),
    ("tournament", N_("most")): N_("The most people who may sign up (empty: no limit)"),
    ("tournament", N_("name")): N_("The tournament's name"),
    ("tournament", "game"): N_("The game"),
    ("tournament", "member"): N_("The entrant"),
    ("tournament", N_("entrant")): N_("The entrant's name as the board shows it"),
    ("kick", "member"): N_("Whom to remove"),
    ("votekick", "member"): N_("Whom to vote off"),
    ("quickmatch", "game"): N_("The game, or leave the queue"),  # (issue #38)
    ("quickmatch", N_("computers")): N_("When computers may fill your table (empty: after 1 minute)"),
    ("link", N_("code")): N_("The code your other platform showed you (empty: give me a code)"),
}
# Discord's locales our languages serve (the commands' names and descriptions synced in each)
LOCALES: Final = {
    discord.Locale.russian: "ru",
    discord.Locale.ukrainian: "uk",
    discord.Locale.spain_spanish: "es",
    discord.Locale.latin_american_spanish: "es",
    discord.Locale.brazil_portuguese: "pt_BR",
    discord.Locale.german: "de",
    discord.Locale.french: "fr",
    discord.Locale.italian: "it",
    discord.Locale.polish: "pl",
    discord.Locale.turkish: "tr",
    discord.Locale.indonesian: "id",
    discord.Locale.chinese: "zh_Hans",  # zh-CN
    discord.Locale.japanese: "ja",
    discord.Locale.korean: "ko",
}  # Persian and Arabic are no Discord locales: their people choose them with /language
NAMES: Final = frozenset(
    {
        TranslationContextLocation.command_name,
        TranslationContextLocation.parameter_name,
        TranslationContextLocation.group_name,
    }
)
MAX_NAME: Final = 32
MAX_DESCRIPTION: Final = 100


def describe(command: str, parameter: str) -> str:
    return PARAMETERS[(command, parameter)]


def name_in(name: str, t: Translator) -> str:
    """A command's or an option's name as clients in the translator's language show it: English
    in a language that is no Discord locale (Persian, Arabic), as Discord shows its people."""
    if t.lang not in LOCALES.values():
        return name
    return t.gettext(name).lower().replace(" ", "_")[:MAX_NAME]


def leaderboard_commands(t: Translator) -> tuple[str, str]:
    """How to ask for this season's leaderboard and for all time's, in the language's names."""
    command = "/" + name_in("leaderboard", t)
    return command, f"{command} {name_in('season', t)}:all"


class CommandTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None
        text = translator(lang).gettext(string.message)
        if text == string.message:
            return None
        if context.location in NAMES:
            return name_in(string.message, translator(lang))
        return text[:MAX_DESCRIPTION]
