"""The pages the bot links to from a chat (issue #36): a person's, a chat's, a finished game's
replay. A screen's button carries one (`Button.page`); the adapters turn it into an address signed
for it (adapters/web/page_links.py), or leave the button out where no pages are served."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.people import ChatRef, PersonRef


@dataclass(frozen=True, slots=True)
class PlayerPage:
    person: PersonRef


@dataclass(frozen=True, slots=True)
class ChatPage:
    chat: ChatRef  # its thread is left out: a chat's threads share one page
    # the chat's public link: good while its admins keep the page public since this moment (None: a
    # link that expires, as every other)
    since: float | None = None


@dataclass(frozen=True, slots=True)
class ReplayPage:
    table_id: int


PageRef = PlayerPage | ChatPage | ReplayPage

# A page's signed address (adapters/web/page_links.py PageLinks), as the adapters are handed it.
PageUrl = Callable[[PageRef], str]
