"""What a viewer sees, as JSON: the table's public board, and their own panel when they sit at it.

A spectator (no seat whose person is theirs) gets the board only: a panel is drawn for its seat's
person alone, so no hand can reach anyone else (bot/ui/render.py draws the public board
without any hand).

Pictures are drawn as the chat's look says (a "text" chat: none), once each, and kept in a
bounded `Gallery` the app serves at /pictures/<digest>.png.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from cachetools import LRUCache

from adapters.pictures.screens import digest, drawn
from adapters.web.auth import Viewer
from bot.games import game_info
from bot.i18n import LANGUAGES, direction, translator
from bot.pages import PageUrl, ReplayPage
from bot.running import game_of
from bot.service import Service
from bot.tables import Status, Table
from bot.tokens import decode
from bot.ui.picture import Picture
from bot.ui.render import panel_screens, table_screens
from bot.ui.screen import TEXT, Screen
from bot.ui.table_model import TableModel
from bot.ui.words import game_name

log = logging.getLogger(__name__)
FOUR_COLOUR = "four_colour"  # the look whose cards have an ink per suit; every other look's cards are classic
GALLERY_SIZE = 512  # pictures kept (a board and a panel per version of the tables being watched)
Draw = Callable[[Picture, str], Awaitable[bytes | None]]


class Gallery:
    """Pictures by digest, the newest GALLERY_SIZE; each (picture, deck) drawn once."""

    def __init__(self, draw: Draw = drawn, size: int = GALLERY_SIZE) -> None:
        self._draw = draw
        self._pngs: LRUCache[str, bytes] = LRUCache(size)
        self._digests: LRUCache[tuple[Picture, str], str] = LRUCache(size)

    def get(self, key: str) -> bytes | None:
        return self._pngs.get(key)

    async def url(self, picture: Picture, deck: str) -> str | None:
        """The picture's address (None: it could not be drawn; the text says it all)."""
        key = self._digests.get((picture, deck))
        if key is None or self.get(key) is None:
            try:
                png = await self._draw(picture, deck)
            except Exception:  # a renderer failure never costs a board
                log.exception("could not draw a picture for the live table")
                return None
            if png is None:  # not drawn in time (screens.py): the text says it all
                return None
            key = digest(png)
            self._pngs[key] = png
            self._digests[(picture, deck)] = key
        return f"/pictures/{key}.png"


# A signed link for this viewer to another table (the rematch of the one they watch).
Links = Callable[[Viewer, int], str]


async def view_of(
    service: Service,
    table: Table,
    viewer: Viewer,
    gallery: Gallery | None = None,
    links: Links | None = None,
    in_chat: bool = False,
    pages: PageUrl | None = None,
) -> dict[str, Any]:
    """`{"type": "view", "table", "version", "game", "lang", "dir", "seat", "board", "panel", "model",
    "deck", "next", "replay"}` for this viewer (static/table.js reads it; `dir`: the language's direction, "ltr"
    or "rtl"; `model`: the table as its cards lie while it is played, bot/ui/table_model.py, else
    null; `deck`: "four_colour" when the viewer's look is the four-colour deck (a seated person's own,
    else the chat's), the cards then inked as its pictures are, else "classic").
    `title`: the game's name in the viewer's language; `seats`: [taken, most].
    `gallery` None: no pictures (as a "text" look); none either while there is a model.

    After the game a seated viewer's panel holds the result's Rematch button (the page plays a
    whole evening without the chat), and once the rematch started, `next` is `{"table", "link"}`: the
    new table and a link to it signed for this viewer (`links`; None: no `next`), which the page
    follows. A spectator gets neither. Everyone, spectators too, gets `replay`, `{"label", "url"}`:
    the result board's "Watch the replay" as a link to the game's replay page, signed by `pages`
    (None, no page links served: no `replay`).

    The board's buttons (join, add a computer, start, house rules, accept a challenge…) come only
    before the game, and only to a viewer known to be in the table's chat (`in_chat`, app.Admitted),
    who may press them there: the page is then the lobby too. Anyone else's board has none."""
    settings = await service.chats.settings(table.chat)
    lang = viewer.lang if viewer.lang in LANGUAGES else settings.lang
    assert lang is not None
    seat = seat_of(table, viewer)
    screens = table_screens(table, lang, service.clock.now(), settings.look, ranks=settings.ranks)
    board = next((s for s in screens if s.public and s.slot == "table"), None)
    panel = None
    playing = table.status is Status.PLAYING and table.stopped is None
    look = settings.look  # a spectator's: the chat's, as its board
    if seat is not None:
        look = await service.looks.of(viewer.person) or settings.look
        if playing:  # in the viewer's language and look
            screens = panel_screens(table, seat, lang, look, ranks=settings.ranks)
        panel = next((s for s in screens if s.audience == viewer.person and s.slot == "panel"), None)
    model = table_model(table, seat, lang, settings.ranks) if playing else None
    if model is not None:  # the page draws the cards and shows no picture: none is drawn (~20 ms a view)
        gallery = None
    panel_json = await screen_json(panel, gallery) if panel is not None else None
    lobby = in_chat and table.status in (Status.LOBBY, Status.CHALLENGE)
    following = None
    if seat is not None and table.status is Status.FINISHED and board is not None:
        if table.rematch is None:
            again = [[b for b in row if _action(b.token) == "rematch"] for row in board.buttons]
            rows = [[{"label": b.label, "token": b.token} for b in row] for row in again if row]
            panel_json = {"text": "", "buttons": rows, "picture": None} if rows else panel_json
        elif links is not None:
            following = {"table": table.rematch, "link": links(viewer, table.rematch)}
    replay = replay_link(board, pages) if table.status is Status.FINISHED else None
    return {
        "type": "view",
        "table": table.id,
        "version": table.version,
        "game": table.game,
        "title": game_name(table.game, translator(lang, settings.ranks)),
        "seats": [len(table.seats), game_info(table.game).max_players],
        "lang": lang,
        "dir": direction(lang),
        "seat": seat,
        "board": await screen_json(board, gallery, lobby) if board is not None else None,
        "panel": panel_json,
        "model": model.json() if model is not None else None,
        "deck": FOUR_COLOUR if look == FOUR_COLOUR else "classic",
        "next": following,
        "replay": replay,
    }


def replay_link(board: Screen | None, pages: PageUrl | None) -> dict[str, str] | None:
    """The board's replay button (bot/ui/result.py) as a link: its label and its signed address."""
    found = next((b for row in board.buttons for b in row if isinstance(b.page, ReplayPage)), None) if board else None
    if found is None or found.page is None or pages is None:
        return None
    return {"label": found.label, "url": pages(found.page)}


def _action(token: str | None) -> str | None:
    decoded = decode(token) if token else None
    return decoded.action if decoded is not None else None


def table_model(table: Table, seat: int | None, lang: str, ranks: str) -> TableModel | None:
    """The table as its cards lie for this seat (None: a spectator's, no hand, no move)."""
    return game_info(table.game).model(table, game_of(table), seat, translator(lang, ranks))


def seat_of(table: Table, viewer: Viewer) -> int | None:
    """The viewer's seat (the first, should a person ever hold two), or None: a spectator."""
    return next((i for i, s in enumerate(table.seats) if s.person == viewer.person), None)


async def screen_json(screen: Screen, gallery: Gallery | None, buttons: bool = True) -> dict[str, Any]:
    """ScreenJSON: text, the buttons that carry a token (inline-query ones are left out; all of
    them when not `buttons`), picture."""
    picture = None
    if gallery is not None and screen.picture is not None and screen.look != TEXT:
        picture = await gallery.url(screen.picture, screen.look)
    rows = [[{"label": b.label, "token": b.token} for b in row if b.token] for row in screen.buttons] if buttons else []
    return {"text": screen.text, "buttons": [row for row in rows if row], "picture": picture}
