"""A match chat's screens (bot/match_chats.py) in its people's private places: the notifier port
(bot/notifier.py) around another, changing only a match chat's public screens.

A quick-match table has no chat where its people all are. So each public screen of it (the board,
the result, a closing word) is drawn once per seated person as a private screen of theirs
(`audience` set, its slot kept: their private place holds two messages of the table, its board
and their panel), and a turn alert goes to the person whose turn it is alone (the others' alert
messages are deleted: an alert screen without its alert). On Telegram a private screen is a
message in the person's private chat with the bot; on Discord the chat layer draws a match
chat's private board in the person's direct messages (adapters/discord/notifier.py), where
"My panel" opens their ephemeral panel as anywhere.

Who is seated is read from the same batch: every drawing of a started table carries a panel for
each seated person (bot/ui/render.py), a finished one its result in their panels. A batch without
panels (a table set aside, a closing word) goes to the people of the table's last batch with
panels, remembered here (`SEEN_KEPT` tables); after a restart such a batch reaches nobody, which
costs a notice only. A result's rematch button is left out (`without_rematch`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from cachetools import LRUCache

from bot.match_chats import is_match
from bot.notifier import Notifier
from bot.people import ChatRef, PersonRef
from bot.tokens import decode
from bot.ui.screen import ALERT, Screen

SEEN_KEPT: Final = 10_000
PANEL: Final = "panel"


class MatchScreens:
    def __init__(self, inner: Notifier) -> None:
        self.inner = inner
        self._people: LRUCache[int, tuple[PersonRef, ...]] = LRUCache(SEEN_KEPT)

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        await self.inner.show(chat, self.private(screens) if is_match(chat) else screens)

    def private(self, screens: list[Screen]) -> list[Screen]:
        """A match chat's batch, every public screen made one per seated person."""
        seated: dict[int, dict[PersonRef, None]] = {}
        for s in screens:
            if s.audience is not None and s.slot == PANEL:
                seated.setdefault(s.table_id, {})[s.audience] = None
        for table_id, people in seated.items():
            self._people[table_id] = tuple(people)
        out: list[Screen] = []
        for s in screens:
            if s.audience is not None:
                out.append(s)
                continue
            s = without_rematch(s)
            for person in seated.get(s.table_id) or self._people.get(s.table_id, ()):
                if s.slot == ALERT and s.alert is not None and s.alert.person != person:
                    out.append(replace(s, audience=person, alert=None))  # theirs, if any, goes
                else:
                    out.append(replace(s, audience=person))
        return out


def without_rematch(screen: Screen) -> Screen:
    """A quick match's result has no rematch: its people came from anywhere, and a rematch's lobby
    would need a chat where they all are; /quickmatch again finds a table."""
    rows = tuple(row for row in (tuple(b for b in row if not _rematch(b.token)) for row in screen.buttons) if row)
    return screen if rows == screen.buttons else replace(screen, buttons=rows)


def _rematch(token: str | None) -> bool:
    decoded = decode(token) if token else None
    return decoded is not None and decoded.action == "rematch"
