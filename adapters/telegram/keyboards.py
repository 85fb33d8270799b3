"""A screen as a Telegram message: its text and an inline keyboard.

A button with a token is a callback button (the token is the callback data, at most 64 bytes);
one with an inline query opens inline mode in the current chat with that query
(`switch_inline_query_current_chat`), which is how a Svolota player picks cards inside the group.

A `live` button opens the table's live table (adapters/web), where one is served (`LiveLinks`): on a
person's panel (their private chat) as a Mini App (`web_app`: Telegram allows those only in private
chats); on the group's board as a `t.me` link that opens the bot's Mini App by its short name (the
page knows the table by the start parameter), or not at all when the app has no name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final
from urllib.parse import quote

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from telegram.constants import InlineKeyboardButtonLimit, MessageLimit

from adapters.telegram.links import MY_PAGE, deep_link
from bot.pages import PageRef, PageUrl, PlayerPage
from bot.ui.screen import Button, Screen

MAX_TEXT: Final = int(MessageLimit.MAX_TEXT_LENGTH)
MAX_DATA: Final = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)


def text_of(screen: Screen) -> str:
    text = screen.text or "…"
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


@dataclass(frozen=True, slots=True)
class LiveLinks:
    """Where the live table is: the Mini App's URL (https), and for links from a group its short
    name (BotFather /newapp) with the bot's username (known once the bot has started)."""

    url: str
    app_name: str | None = None
    username: str | None = None
    pages: PageUrl | None = None  # signs a page's address (adapters/web/page_links.py)

    @property
    def mini_app(self) -> bool:
        """Telegram opens a Mini App from an https:// URL only."""
        return self.url.startswith("https://")

    def page(self, page: PageRef, private: bool) -> str | None:
        """A page's address; a person's page from a group's message: a link to the bot's private
        chat, where `/start me` hands whoever opens it their own page (nobody else's)."""
        if self.pages is None:
            return None
        if isinstance(page, PlayerPage) and not private:
            return deep_link(self.username, MY_PAGE) if self.username else None
        return self.pages(page)

    def web_app(self, table_id: int) -> WebAppInfo:
        return WebAppInfo(f"{self.url.rstrip('/')}/?t={table_id}")

    def group_link(self, table_id: int) -> str | None:
        """`https://t.me/<bot>/<app>?startapp=t<table>`, or None without a name or a username."""
        if not self.app_name or not self.username:
            return None
        return f"https://t.me/{quote(self.username)}/{quote(self.app_name)}?startapp=t{table_id}"


def button_of(button: Button, live: LiveLinks | None = None, private: bool = False) -> InlineKeyboardButton | None:
    """The Telegram button, or None for one that does nothing here (or whose token does not fit).
    `private`: the message goes to a person's private chat (the only place for a Mini App button)."""
    if button.page is not None:
        url = live.page(button.page, private) if live is not None else None
        return InlineKeyboardButton(button.label, url=url) if url else None
    if button.live is not None:
        if live is None or not live.mini_app:
            return None
        if private:
            return InlineKeyboardButton(button.label, web_app=live.web_app(button.live))
        link = live.group_link(button.live)
        return InlineKeyboardButton(button.label, url=link) if link else None
    if button.token is not None:
        if len(button.token.encode()) > MAX_DATA:
            return None
        return InlineKeyboardButton(button.label, callback_data=button.token)
    if button.inline_query is not None:
        return InlineKeyboardButton(button.label, switch_inline_query_current_chat=button.inline_query)
    return None


def markup_of(
    screen: Screen, live: LiveLinks | None = None, private: bool | None = None
) -> InlineKeyboardMarkup | None:
    """The screen's buttons row by row (None: no keyboard, so an edit removes the old one). A
    screen for one person goes to their private chat, a public one to the group (`private` says
    otherwise: an answer in the chat it was asked in)."""
    private = screen.audience is not None if private is None else private
    rows = [[b for b in (button_of(x, live, private) for x in row) if b is not None] for row in screen.buttons]
    rows = [row for row in rows if row]
    return InlineKeyboardMarkup(rows) if rows else None
