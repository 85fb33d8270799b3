"""The player and group pages end to end (issue #36): real games played through the service on a
real SQLite file, the bot's web server on 127.0.0.1, and the links the chat hands out — the
leaderboard's button, the public link an admin's setting makes — read by the pages and their API.
What the pages say is what the games saved; privacy holds: a group's public link opens only while
its admins keep the page public, and a person who asked to be forgotten has no page (410) and is a
former player on everyone else's."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

import aiohttp
import pytest

from adapters.web.page_links import PageLinks
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.commands import Leaderboard
from bot.games import game_info
from bot.i18n import LANGUAGES, direction, translator
from bot.pages import ChatPage, PageRef, PlayerPage, ReplayPage
from bot.ratings import GLOBAL
from bot.settings import ServiceConfig
from bot.tables import Status
from tests.bot.harness import ANN, BOB, CHAT, Harness, person
from tests.sql.databases import sqlite_store

BOT_TOKEN = "123456:TEST-token-for-the-pages"
BASE = "https://cards.example.org"
ADMIN = person("Ann", admin=True)


@dataclass
class Served:
    h: Harness
    server: WebServer
    links: PageLinks

    def get(self, url: str, lang: str = "en") -> tuple[int, Any]:
        """The status and JSON (or HTML text) at a page's address, asked of the server on 127.0.0.1
        by a browser in `lang`."""
        path = url.removeprefix(BASE)

        async def fetch() -> tuple[int, Any]:
            async with (
                aiohttp.ClientSession() as session,
                session.get(f"http://127.0.0.1:{self.server.port}{path}", headers={"Accept-Language": lang}) as r,
            ):
                text = await r.text()
                return r.status, json.loads(text) if r.content_type == "application/json" else text

        return self.h.run(fetch())  # type: ignore[no-any-return]

    def api(self, page: PageRef) -> tuple[int, Any]:
        token = self.links(page).rsplit("/", 1)[1]
        path = f"/api/v1/players/{token}" if isinstance(page, PlayerPage) else f"/api/v1/chats/{token}/leaderboard"
        return self.get(path)


def played(h: Harness) -> int:
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    h.advance(4000, step=1)
    assert h.table(t).status is Status.FINISHED
    return t


@pytest.fixture
def served(tmp_path: Any) -> Iterator[Served]:
    store = sqlite_store(tmp_path)
    h = Harness(ServiceConfig(idle_seconds=3, computer_think=0.5), seed=3, store=store)
    h.clock.advance(time.time() - h.clock.now())  # (games of this month: a season the pages name)
    settings = WebSettings(listen="127.0.0.1:0", url=BASE)
    server = WebServer(h.service, store, settings, BOT_TOKEN)
    h.run(server.start())
    assert server.pages is not None
    yield Served(h, server, server.pages)
    h.run(server.stop())
    h.run(store.close())


def test_the_pages_say_what_the_games_saved(served: Served):
    h = served.h
    tables = [played(h) for _ in range(2)]
    status, ann = served.api(PlayerPage(ANN.person))
    assert status == 200 and ann["name"] == "Ann"
    (svolota,) = [g for g in ann["games"] if g["game"] == "svolota"]
    (row,) = h.run(h.store.person_stats(ANN.person, GLOBAL))
    assert (svolota["games"], svolota["wins"], svolota["rating"]) == (2, row.wins, row.shown)
    assert [g["table"] for g in ann["recent"]] == list(reversed(tables))
    status, html = served.get(served.links(PlayerPage(ANN.person)))
    assert status == 200 and "Ann" in html
    # the leaderboard's button in the chat opens the group's page, which lists both of them
    reply = h.run(h.service.handle(Leaderboard(CHAT, ANN, "svolota", season="all")))
    ((button,),) = reply.screens[0].buttons
    assert button.page == ChatPage(CHAT)
    status, group = served.api(button.page)
    assert status == 200
    (board,) = [b for b in group["boards"] if b["game"] == "svolota"]
    assert {r["name"] for r in board["rows"]} == {"Ann", "Bob"}


def test_a_groups_public_link_opens_only_while_its_admins_keep_the_page_public(served: Served):
    h = served.h
    played(h)
    assert served.api(ChatPage(CHAT, since=time.time()))[0] == 403  # private: the default
    made = h.setting(ADMIN, "page_public", True)
    (screen,) = made.screens
    ((button,),) = screen.buttons
    assert isinstance(button.page, ChatPage) and button.page.since is not None
    public = served.links(button.page)
    assert served.get(public)[0] == 200, served.get(public)
    assert h.setting(ADMIN, "page_public", True).screens[0].buttons == screen.buttons  # on again: the same link
    h.setting(ADMIN, "page_public", False)
    h.service.chats.forget()  # (the settings are cached a few seconds: as if they had passed)
    assert served.get(public)[0] == 403
    h.advance(1)
    h.setting(ADMIN, "page_public", True)
    h.service.chats.forget()
    assert served.get(public)[0] == 403  # public again, since another moment: the old link stays shut
    refused = h.setting(BOB, "page_public", False)
    assert not refused.ok  # only an admin chooses


def test_a_forgotten_person_has_no_page_and_is_a_former_player_on_the_others(served: Served):
    h = served.h
    table = played(h)
    bob = served.links(PlayerPage(BOB.person))  # a link Bob was handed before
    assert served.get(bob)[0] == 200
    h.run(h.store.forget(BOB.person))
    assert served.get(bob)[0] == 410
    assert served.api(PlayerPage(BOB.person))[0] == 410
    _, ann = served.api(PlayerPage(ANN.person))
    (line,) = [g for g in ann["recent"] if g["table"] == table]
    (gone,) = [s for s in line["seats"] if s.get("forgotten")]
    assert "name" not in gone and gone["seat"] == 1  # Bob's seat: kept for the game, nobody's now
    assert "Bob" not in json.dumps(ann)


def test_every_page_reads_in_every_shipped_language(served: Served):
    """Each page in each of the 16 languages, as a browser asking for it gets it: its language and
    direction on <html>, its headings in that language (the browser tests look at three of them)."""
    h = served.h
    table = played(h)
    pages = {
        "player": served.links(PlayerPage(ANN.person)),
        "group": served.links(ChatPage(CHAT)),
        "replay": served.links(ReplayPage(table)),
    }
    for lang in LANGUAGES:
        t = translator(lang)
        recent, name = t.gettext("Recent games"), t.gettext(game_info("svolota").name)
        heading = {"player": recent, "group": recent, "replay": name}
        for kind, url in pages.items():
            status, html = served.get(url, lang.replace("_", "-"))
            assert status == 200, (kind, lang)
            assert f'lang="{lang.replace("_", "-")}"' in html and f'dir="{direction(lang)}"' in html, (kind, lang)
            assert escape(heading[kind]) in html, (kind, lang, heading[kind])
