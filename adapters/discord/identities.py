"""Who is where, in Discord's terms: a user is an Actor (their language from their client's
locale, chat admin if they may manage the server), a server is a chat whose channels (and
threads) are its threads, and a table lives in the channel where it was opened.

Settings, ratings and leaderboards belong to the server (bot/ratings.py scopes by chat); "one open
table at a time" counts per channel. A DM with the bot is a chat of its own, without threads.
"""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.i18n import pick_language
from bot.people import Actor, ChatRef, PersonRef

PLATFORM: Final = "discord"
MAX_NAME: Final = 64


def person_of(user: discord.abc.User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


def name_of(user: discord.abc.User) -> str:
    return (user.display_name or user.name or str(user.id))[:MAX_NAME]


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """May manage the server (or administers it): changes settings, cancels anyone's table."""
    if interaction.guild_id is None:
        return True  # their own DM
    permissions = interaction.permissions
    return permissions.administrator or permissions.manage_guild


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """The person as the service knows them; their language only if it is one of ours."""
    user = interaction.user
    lang = pick_language(str(interaction.locale), "") or None
    return Actor(person_of(user), name_of(user), lang=lang, admin=is_admin(interaction))


def chat_of(interaction: discord.Interaction[Any]) -> ChatRef:
    channel = str(interaction.channel_id)
    if interaction.guild_id is None:
        return ChatRef(PLATFORM, channel)
    return ChatRef(PLATFORM, str(interaction.guild_id), channel)


def channel_of(chat: ChatRef) -> int:
    """The channel (or thread) a chat's tables are drawn in."""
    return int(chat.thread_id or chat.chat_id)
