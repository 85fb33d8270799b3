"""Where a quick-match table lives: a *match chat*, a chat of its own that no platform has
(`ChatRef(platform, "quick:<table id>")`). Its players are in different chats, or none: so its
board is drawn in each seated person's private place beside their panel (bot/match_screens.py),
its ratings are the global scope's alone (bot/ratings.py `chat_scope`), and no command can be sent
"in" it; presses come from private places (`Press.where` None), where a person plays their own seat.
"""

from __future__ import annotations

from typing import Final

from bot.people import ChatRef

PREFIX: Final = "quick:"


def match_chat(platform: str, table_id: int) -> ChatRef:
    return ChatRef(platform, f"{PREFIX}{table_id}")


def is_match(chat: ChatRef) -> bool:
    return chat.chat_id.startswith(PREFIX)
