"""Where discord.py talks to: it has no public option for another REST base or gateway, so both
are class attributes set before the bot connects (`discord.http.Route.BASE`, which webhooks and
interaction responses use too, and `DiscordWebSocket.DEFAULT_GATEWAY`). One process, one Discord."""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl

from adapters.discord.settings import DiscordSettings


def point_at(settings: DiscordSettings) -> None:
    discord.http.Route.BASE = settings.api_url.rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
