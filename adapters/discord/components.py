"""A screen as a Discord message: its text (at most 2,000 characters) and its components.

A button with a token becomes a `TokenButton` (items.py) in an action row; one without (the
Telegram-only "Choose cards" inline query) is left out. Discord allows 5 rows of 5 buttons: a
screen whose rows fit keeps them as drawn; otherwise its last row stays as the controls ("Leave",
"🔄") and the rest are reflowed five to a row, or, if they still do not fit, put into select menus
of up to 25 moves each (one row per menu). A custom id appears at most once per message.

A `live` button (the live table, adapters/web) becomes a link button, on a person's own ephemeral
panel only, to the URL the caller signed for them (`live_url`); anywhere else (the channel's board,
which anyone may press) it is left out.

A screen's picture is an embed showing an attached PNG (`PictureEdit`), below the text; what an
edit does to it is said explicitly, since Discord keeps a message's embeds and attachments when an
edit leaves them out.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import discord

from adapters.chat.pictures import Picture
from adapters.discord.items import MovePicker, TokenButton
from bot.pages import PageUrl, PlayerPage
from bot.tokens import Token, decode
from bot.ui.screen import Button, Screen

log = logging.getLogger(__name__)

MAX_TEXT: Final = 2000
MAX_ROWS: Final = 5
MAX_PER_ROW: Final = 5
MAX_OPTIONS: Final = 25
MAX_LABEL: Final = 80  # a button's label
MAX_OPTION_LABEL: Final = 100
MAX_CUSTOM_ID: Final = 100
MAX_URL: Final = 512  # a link button's URL
MENU_PREFIX: Final = len("pick0:")
REFRESH: Final = "🔄"
PICTURE_FILE: Final = "table.png"  # the name a screen's picture is uploaded under, for its embed to show

STYLES: Final = {
    "start": discord.ButtonStyle.success,
    "accept": discord.ButtonStyle.success,
    "join": discord.ButtonStyle.primary,
    "panel": discord.ButtonStyle.primary,
    "rematch": discord.ButtonStyle.primary,
    "decline": discord.ButtonStyle.danger,
    "cancel": discord.ButtonStyle.danger,
    "vote y": discord.ButtonStyle.success,  # (action and the argument's first letter) a vote: yes
    "vote n": discord.ButtonStyle.danger,
}


@dataclass(frozen=True, slots=True)
class Row:
    kind: Literal["buttons", "menu"]
    buttons: tuple[Button, ...]


@dataclass(frozen=True, slots=True)
class PictureEdit:
    """What drawing a screen does to its message's picture: show `png` (uploaded), `clear` the
    one shown, or neither: leave the message's picture (or its lack of one) as it is."""

    png: bytes | None = None
    clear: bool = False

    def send_fields(self) -> dict[str, Any]:
        """discord.py's keyword arguments for a new message (one that is cleared has nothing)."""
        if self.png is None:
            return {}
        return {"embed": picture_embed(), "file": discord.File(io.BytesIO(self.png), PICTURE_FILE)}

    def edit_fields(self) -> dict[str, Any]:
        """discord.py's keyword arguments for an edit: left out, the embed and attachments stay;
        a new file listed alone replaces the old one; no embed and no attachments remove them."""
        if self.png is not None:
            return {"embed": picture_embed(), "attachments": [discord.File(io.BytesIO(self.png), PICTURE_FILE)]}
        if self.clear:
            return {"embed": None, "attachments": []}
        return {}


KEEP: Final = PictureEdit()
CLEAR: Final = PictureEdit(clear=True)


def change_of(picture: Picture | None, showing: str | None) -> PictureEdit:
    """What to do to a message showing the picture `showing` (a digest; None: none; or not known:
    adapters/chat/shown.py) for it to show `picture` (None: none; one that stays is left as it is)."""
    if picture is None:
        return KEEP if showing is None else CLEAR
    return KEEP if picture.png is None else PictureEdit(picture.png)


def picture_embed() -> discord.Embed:
    """An embed that is only the uploaded picture (the text stays the message's content)."""
    return discord.Embed().set_image(url=f"attachment://{PICTURE_FILE}")


def text_of(screen: Screen, note: str | None = None) -> str:
    text = (f"{note}\n\n{screen.text}" if note else screen.text) or "…"
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def chunks(text: str, size: int = MAX_TEXT) -> list[str]:
    """A long text in messages of at most `size` characters, cut at line ends where possible."""
    out: list[str] = []
    while len(text) > size:
        cut = text.rfind("\n", 0, size)
        cut = cut if cut > 0 else size
        out.append(text[:cut])
        text = text[cut:].lstrip("\n")
    return [*out, text] if text else out or ["…"]


def refresh_button(table_id: int) -> Button:
    """Reopens (redraws through a fresh interaction) a person's panel of this table."""
    return Button(REFRESH, Token(table_id, 0, "panel").encode())


def usable(button: Button) -> bool:
    """A button Discord can carry: it has a token short enough for a button or a menu's id."""
    return button.token is not None and 0 < len(button.token) <= MAX_CUSTOM_ID - MENU_PREFIX


def live_of(screen: Screen) -> Button | None:
    """The screen's button that opens its live table, if it has one."""
    return next((b for row in screen.buttons for b in row if b.live is not None), None)


def layout(rows: Sequence[Sequence[Button]], extra: Sequence[Button] = ()) -> list[Row]:
    """The screen's buttons (and `extra` ones, added to the last row) in rows Discord accepts
    (a live table's row is not among them: `view_of` adds it as a link)."""
    rows = [row for row in rows if not any(b.live is not None for b in row)]
    seen: set[str] = set()
    kept: list[list[Button]] = []
    for row in [*rows[:-1], [*(rows[-1] if rows else ()), *extra]]:
        out = []
        for button in row:
            if usable(button) and button.token not in seen:
                seen.add(button.token or "")
                out.append(button)
        if out:
            kept.append(out)
    if len(kept) <= MAX_ROWS and all(len(row) <= MAX_PER_ROW for row in kept):
        return [Row("buttons", tuple(row)) for row in kept]
    controls = kept[-1] if len(kept[-1]) <= MAX_PER_ROW else []
    moves = [b for row in (kept[:-1] if controls else kept) for b in row]
    free = MAX_ROWS - (1 if controls else 0)
    if len(moves) <= free * MAX_PER_ROW:
        out_rows = [Row("buttons", tuple(moves[i : i + MAX_PER_ROW])) for i in range(0, len(moves), MAX_PER_ROW)]
    else:
        if len(moves) > free * MAX_OPTIONS:
            left_out = len(moves) - free * MAX_OPTIONS
            log.warning("%d moves do not fit one message: the last %d are left out", len(moves), left_out)
            moves = moves[: free * MAX_OPTIONS]
        out_rows = [Row("menu", tuple(moves[i : i + MAX_OPTIONS])) for i in range(0, len(moves), MAX_OPTIONS)]
    return [*out_rows, *([Row("buttons", tuple(controls))] if controls else [])]


def style_of(token: str) -> discord.ButtonStyle:
    decoded = decode(token)
    if decoded is None:
        return discord.ButtonStyle.secondary
    default = STYLES.get(decoded.action, discord.ButtonStyle.secondary)
    return STYLES.get(f"{decoded.action} {decoded.arg[:1]}", default)


def view_of(
    screen: Screen,
    extra: Sequence[Button] = (),
    live_url: str | None = None,
    pages: PageUrl | None = None,
    private: bool = False,
) -> discord.ui.View | None:
    """The screen's components (None: none, so an edit removes the old ones); `live_url`: where
    its live button links to (a private panel's, signed for its person; None: left out); `pages`
    signs its page buttons' links (None: left out; `page_links`)."""
    rows = layout(screen.buttons, extra)
    live = live_of(screen) if live_url and len(live_url) <= MAX_URL else None
    links = page_links(screen.buttons, pages, private)
    if not rows and live is None and not links:
        return None
    view = discord.ui.View(timeout=None)
    menus = 0
    for number, row in enumerate(rows):
        if row.kind == "menu":
            options = [(_cut(b.label, MAX_OPTION_LABEL), b.token or "") for b in row.buttons]
            view.add_item(MovePicker.of(menus, options, row=number))
            menus += 1
            continue
        for b in row.buttons:
            token = b.token or ""
            view.add_item(TokenButton(_cut(b.label, MAX_LABEL), token, style_of(token), row=number))
    if live is not None and live_url:  # (`live` is set only with a URL: said again for mypy)
        link_row = _room_for_one(rows)
        if link_row is not None:
            label = _cut(live.label, MAX_LABEL)
            view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=live_url, row=link_row))
    used = {item.row for item in view.children}  # (a board's page links: a row of their own, if one is free)
    free = next((r for r in range(MAX_ROWS) if r not in used), None)
    for label, url in links[:MAX_PER_ROW] if free is not None else ():
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url, row=free))
    return view


def page_links(rows: Sequence[Sequence[Button]], pages: PageUrl | None, private: bool) -> list[tuple[str, str]]:
    """(label, signed URL) of the page buttons (bot/pages.py) among these rows; a person's page only
    in a message for them alone (`private`: their page is theirs to share)."""
    if pages is None:
        return []
    found = [b for row in rows for b in row if b.page is not None and (private or not isinstance(b.page, PlayerPage))]
    out = [(_cut(b.label, MAX_LABEL), pages(b.page)) for b in found if b.page is not None]
    return [(label, url) for label, url in out if len(url) <= MAX_URL]


def links_view(rows: Sequence[Sequence[Button]], pages: PageUrl | None, private: bool) -> discord.ui.View | None:
    """A message's link buttons alone (an answer to a command), one row; None: none."""
    links = page_links(rows, pages, private)[:MAX_PER_ROW]
    if not links:
        return None
    view = discord.ui.View(timeout=None)
    for label, url in links:
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, label=label, url=url))
    return view


def _room_for_one(rows: Sequence[Row]) -> int | None:
    """The row a link button goes in: a row of its own below the others, else beside the last
    row's buttons; None: the message is full."""
    if len(rows) < MAX_ROWS:
        return len(rows)
    last = rows[-1]
    return len(rows) - 1 if last.kind == "buttons" and len(last.buttons) < MAX_PER_ROW else None


def _cut(label: str, limit: int) -> str:
    label = label.strip() or "·"
    return label if len(label) <= limit else label[: limit - 1] + "…"
