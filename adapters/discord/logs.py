"""Logging that never shows the bot's secrets (adapters/logs.py).

discord.py sends the token only in headers and in the gateway's IDENTIFY, and logs neither; but
its DEBUG lines carry request URLs and gateway events, and the URLs of interaction responses and
follow-ups, like the INTERACTION_CREATE events, hold that interaction's token (a secret for 15
minutes): the shared filter masks those too, and the bot's token with its '.'-separated parts.
"""

from __future__ import annotations

from adapters.logs import MASK, MaskSecrets, Secrets, configure

__all__ = ["MASK", "MaskSecrets", "Secrets", "configure"]
