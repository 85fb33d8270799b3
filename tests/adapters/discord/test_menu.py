"""The slash commands as Discord gets them when they are synced: every command and option, its
names and descriptions in English, Russian and Ukrainian within Discord's rules (names lower case,
1–32 letters, digits, - and _; descriptions 1–100 characters), the game choices named as the
screens name the games, the looks as the answers name them."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from adapters.chat.memory_records import MemoryRecords
from adapters.discord.app import DiscordBot
from adapters.discord.menu import COMMANDS, LOCALES, CommandTranslator, leaderboard_commands
from adapters.discord.settings import DiscordSettings
from adapters.discord.texts import look_text
from bot.i18n import translator
from bot.memory_store import MemoryStore

NAME = re.compile(r"^[-_\w]{1,32}$")
EXPECTED = {
    *("svolota", "speed", "demon", "leaderboard", "stats", "rules", "settings", "language", "look"),
    *("notify", "kick", "votekick", "forget", "tournament"),
    "quickmatch",  # (issue #38)
    *("link", "unlink"),  # (/link: bot/linker.py)
}


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    async def build() -> list[dict[str, Any]]:
        bot = DiscordBot(DiscordSettings(bot_token="t" * 40), MemoryStore(), MemoryRecords())
        tree = bot.client.tree
        return [await c.get_translated_payload(tree, CommandTranslator()) for c in tree.get_commands()]

    return asyncio.run(build())


def _names(node: dict[str, Any]) -> list[str]:
    return [node["name"], *node.get("name_localizations", {}).values()]


def _descriptions(node: dict[str, Any]) -> list[str]:
    return [node["description"], *node.get("description_localizations", {}).values()]


def test_every_command_is_there(payloads):
    assert {p["name"] for p in payloads} == EXPECTED == set(COMMANDS)


SYNCED = {locale.value for locale in LOCALES}  # Discord's locales of the bot's languages


def test_names_and_descriptions_are_localised_within_discords_rules(payloads):
    for command in payloads:
        assert set(command["description_localizations"]) == SYNCED, command["name"]
        for node in [command, *command["options"]]:
            assert {"ru", "uk"} <= set(node["name_localizations"]) <= SYNCED, node["name"]
            for name in _names(node):
                assert NAME.fullmatch(name) and name == name.lower(), name
            for description in _descriptions(node):
                assert 1 <= len(description) <= 100, description
    by_name = {p["name"]: p for p in payloads}
    speed = by_name["speed"]["name_localizations"]
    assert (speed["ru"], speed["uk"]) == ("скорость", "швидкість")
    assert by_name["leaderboard"]["name_localizations"]["ru"] == "лидеры"


def test_names_stay_distinct_in_every_language(payloads):
    """(A name left in English is the English name in that locale.)"""
    for locale in SYNCED:
        names = [p["name_localizations"].get(locale, p["name"]) for p in payloads]
        assert len(set(names)) == len(names), locale
        for command in payloads:
            options = [o["name_localizations"].get(locale, o["name"]) for o in command["options"]]
            assert len(set(options)) == len(options), (locale, command["name"])


def test_the_tournament_is_a_group_of_subcommands_each_localised(payloads):
    tournament = {p["name"]: p for p in payloads}["tournament"]
    assert tournament["contexts"] == [0]  # servers only
    subcommands = {o["name"]: o for o in tournament["options"]}
    assert set(subcommands) == {"create", "start", "pause", "resume", "cancel", "disqualify", "replace"}
    assert all(o["type"] == 1 for o in subcommands.values())
    create = {o["name"]: o for o in subcommands["create"]["options"]}
    assert create["game"]["required"] and [c["value"] for c in create["game"]["choices"]] == [
        "svolota",
        "speed",
        "racing_demon",
    ]
    assert [c["value"] for c in create["format"]["choices"]] == ["swiss", "elimination", "points"]
    assert create["computers"]["type"] == 5 and create["limit"]["max_value"] == 1440
    assert subcommands["disqualify"]["name_localizations"]["ru"] == "дисквалифицировать"
    for node in subcommands["create"]["options"]:
        assert {"ru", "uk"} <= set(node["name_localizations"]), node["name"]
        assert all(NAME.fullmatch(n) for n in node["name_localizations"].values()), node


def test_games_are_choices_named_as_the_screens_name_them(payloads):
    game = next(o for o in {p["name"]: p for p in payloads}["leaderboard"]["options"] if o["name"] == "game")
    assert [c["value"] for c in game["choices"]] == ["svolota", "speed", "racing_demon"]
    demon = game["choices"][2]["name_localizations"]
    assert (demon["ru"], demon["uk"]) == ("Гонка демонов", "Перегони демонів")


def test_game_commands_are_for_servers_and_the_personal_ones_anywhere(payloads):
    by_name = {p["name"]: p for p in payloads}
    for name in ("svolota", "speed", "demon", "leaderboard", "stats", "settings", "notify", "kick", "votekick"):
        assert by_name[name]["contexts"] == [0], name
    for name in ("rules", "language", "look", "forget"):
        assert by_name[name]["dm_permission"] is True


def test_looks_are_choices_of_look_and_of_the_servers_settings(payloads):
    by_name = {p["name"]: p for p in payloads}
    own = next(o for o in by_name["look"]["options"] if o["name"] == "look")
    server = next(o for o in by_name["settings"]["options"] if o["name"] == "look")
    assert not own.get("required") and not server.get("required")
    for option in (own, server):
        assert [c["value"] for c in option["choices"]] == ["classic", "four_colour", "text"]
        four = option["choices"][1]["name_localizations"]
        assert (four["ru"], four["uk"]) == ("четырёхцветная колода", "чотириколірна колода")
        assert four["de"] == "Vierfarbenblatt"
    look = by_name["look"]["name_localizations"]
    assert (look["ru"], look["uk"]) == ("вид", "вигляд")


def test_the_community_commands_take_a_member_a_switch_and_a_season(payloads):
    by_name = {p["name"]: p for p in payloads}
    for name in ("kick", "votekick"):
        (member,) = by_name[name]["options"]
        assert member["name"] == "member" and member["type"] == 6 and member["required"]  # a user
    (on,) = by_name["notify"]["options"]
    assert on["type"] == 5 and not on.get("required")  # a boolean; empty: switch
    season = next(o for o in by_name["leaderboard"]["options"] if o["name"] == "season")
    assert season["type"] == 3 and not season.get("required") and season["max_length"] == 20


@pytest.mark.parametrize(
    ("lang", "leaderboard", "season", "look"),
    [("de", "rangliste", "saison", "kartenstil"), ("fa", "leaderboard", "season", "look")],
)
def test_texts_name_a_command_as_discord_shows_it_in_the_language(lang, leaderboard, season, look):
    """German is a Discord locale: its people see the German names. Persian is none: Discord shows
    its people the English names, so the texts name those (a Persian word would be no command)."""
    t = translator(lang)
    assert leaderboard_commands(t) == (f"/{leaderboard}", f"/{leaderboard} {season}:all")
    assert f"/{look}" in look_text(None, None, t)
