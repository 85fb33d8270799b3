"""Discord identities as the service's: a user is an Actor (language from the client's locale when
it is one of ours; admin if they may manage the server), a server is the chat and the channel (or
thread) its thread, so settings and ratings are the server's and tables the channel's."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from adapters.discord.identities import PLATFORM, actor_of, channel_of, chat_of, name_of, person_of
from bot.people import ChatRef, PersonRef
from bot.ratings import chat_scope


def user(uid: int = 11, name: str = "ann_w", display: str | None = "Ann", bot: bool = False) -> Any:
    return SimpleNamespace(id=uid, name=name, display_name=display or name, bot=bot)


def interaction(
    locale: str = "en-US", guild: int | None = 500, channel: int = 600, permissions: int = 0, who: Any = None
) -> Any:
    return SimpleNamespace(
        user=who or user(),
        locale=discord.Locale(locale),
        guild_id=guild,
        channel_id=channel,
        permissions=discord.Permissions(permissions),
    )


def test_a_user_is_a_person_by_id_with_their_display_name():
    assert person_of(user()) == PersonRef(PLATFORM, "11")
    assert name_of(user(display="Ann Walker")) == "Ann Walker"
    assert len(name_of(user(display="x" * 200))) == 64


def test_the_language_comes_from_the_client_only_when_it_is_ours():
    assert actor_of(interaction("ru")).lang == "ru"
    assert actor_of(interaction("uk")).lang == "uk"
    assert actor_of(interaction("en-GB")).lang == "en"
    assert actor_of(interaction("nl")).lang is None


def test_an_admin_may_manage_the_server_or_administers_it():
    assert not actor_of(interaction()).admin
    assert actor_of(interaction(permissions=discord.Permissions(manage_guild=True).value)).admin
    assert actor_of(interaction(permissions=discord.Permissions(administrator=True).value)).admin
    assert actor_of(interaction(guild=None)).admin  # their own DM


def test_the_server_is_the_chat_and_the_channel_its_thread():
    chat = chat_of(interaction(guild=500, channel=600))
    assert chat == ChatRef(PLATFORM, "500", "600")
    assert channel_of(chat) == 600
    other_channel = chat_of(interaction(guild=500, channel=601))
    assert chat_scope(chat) == chat_scope(other_channel) == "discord:500"  # one leaderboard per server
    dm = chat_of(interaction(guild=None, channel=700))
    assert dm == ChatRef(PLATFORM, "700") and channel_of(dm) == 700
