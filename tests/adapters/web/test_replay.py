"""A finished game's replay on the web (adapters/web/replays.py): `GET /api/v1/games/{token}` and
`GET /replay/{token}`, served by the bot's web server (adapters/web/app.py) over a real SQLite
store, for a real game of each of the three games played to its end through the service.

The answer's deal and changes, rebuilt as the page rebuilds them, end at the open table of the
saved state, one step per logged move; refusals are 404/410 with a sentence in the reader's
language and change nothing; an answer has its ETag (304 when the browser has it) and is cached."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import jsonschema
import pytest
from multidict import CIMultiDict

from adapters.web.openapi import IMMUTABLE, document
from adapters.web.page_links import sign_page
from adapters.web.refusals import refusal
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.games import game_info
from bot.i18n import translator
from bot.pages import PlayerPage, ReplayPage
from bot.people import ChatRef
from bot.replay import shown_table
from bot.settings import ServiceConfig
from bot.tables import Status
from core import load_game
from tests.bot.harness import ANN, BOB, Harness
from tests.sql.databases import sqlite_store

pytestmark = pytest.mark.slow  # three whole games played on SQLite first (about 3 s)

BOT_TOKEN = "123456:TEST-token-for-the-replays"
GAMES = {"svolota": 3, "speed": 2, "racing_demon": 4}


@dataclass
class Served:
    h: Harness
    server: WebServer
    secret: bytes
    tables: dict[str, int]  # the finished table of each game

    def token(self, table_id: int, expires: float | None = None) -> str:
        return sign_page(self.secret, ReplayPage(table_id), time.time() + 3600 if expires is None else expires)

    def get(self, path: str, **headers: str) -> tuple[int, CIMultiDict[str], bytes]:
        async def fetch() -> tuple[int, CIMultiDict[str], bytes]:
            url = f"http://127.0.0.1:{self.server.port}{path}"
            async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as r:
                return r.status, CIMultiDict(r.headers), await r.read()

        return self.h.run(fetch())  # type: ignore[no-any-return]

    def api(self, token: str, **headers: str) -> tuple[int, CIMultiDict[str], Any]:
        status, got, body = self.get(f"/api/v1/games/{token}", **headers)
        return status, got, json.loads(body) if body else None


def played(h: Harness, game: str, seats: int) -> int:
    t = h.open(ANN, game).table_id
    assert t is not None
    h.press(BOB, t, "Join")
    while len(h.table(t).seats) < seats:
        h.press(ANN, t, "+ Computer")
    if h.table(t).status is Status.LOBBY:
        h.press(ANN, t, "Start")
    h.advance(20_000, step=1)
    assert h.table(t).status is Status.FINISHED, game
    return t


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    store = sqlite_store(tmp_path_factory.mktemp("replays"))
    h = Harness(ServiceConfig(idle_seconds=3, computer_think=0.5), seed=3, store=store)
    tables = {game: played(h, game, seats) for game, seats in GAMES.items()}
    settings = WebSettings(listen="127.0.0.1:0")
    server = WebServer(h.service, store, settings, BOT_TOKEN)
    h.run(server.start())
    yield Served(h, server, settings.link_key(BOT_TOKEN), tables)
    h.run(server.stop())
    h.run(store.close())


def schema(name: str) -> dict[str, Any]:
    """A component's schema of the API's OpenAPI document, its references resolved against it."""
    return {"$ref": f"#/components/schemas/{name}", "components": document()["components"]}


def rebuilt(deal: dict[str, Any], steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every step's model from the deal and the changes, as static/replay.js `apply` rebuilds them."""
    models = [deal]
    for step in steps[1:]:
        model = dict(models[-1])
        places = {p["id"]: p for p in model["places"]}
        places |= {p["id"]: p for p in step.get("places", ())}
        for gone in step.get("gone", ()):
            places.pop(gone)
        kept = [p["id"] for p in model["places"] if p["id"] in places]
        order = step.get("order") or [*kept, *(i for i in places if i not in kept)]
        model["places"] = [places[i] for i in order]
        seats = {s["seat"]: s for s in step.get("seats", ())}
        model["seats"] = [seats.get(s["seat"], s) for s in model["seats"]]
        if "up" in step:
            model["up"] = step["up"]
        models.append(model)
    return models


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_game_replays_step_by_step_to_its_saved_state(served: Served, game: str):
    table_id = served.tables[game]
    table, log = served.h.table(table_id), served.h.log(table_id)
    status, _, data = served.api(served.token(table_id))
    assert status == 200
    jsonschema.validate(data, schema("Replay"))  # what the OpenAPI document says the path serves
    assert data["game"] == game and data["title"] == translator("en").gettext(game_info(game).name)
    assert data["real_time"] is (game != "svolota")
    assert [s["name"] for s in data["seats"]][:2] == ["Ann", "Bob"]
    steps = data["steps"]
    assert len(steps) == len(log) + 1 > 10
    assert [s["seat"] for s in steps] == [None, *(m.seat for m in log)]
    assert all(s["words"] for s in steps)
    ats = [s["at"] for s in steps]
    assert ats == sorted(ats) and ats[0] == 0 and ats[-1] > 0
    models = rebuilt(data["deal"], steps)
    saved = load_game(table.state or "")
    end = game_info(game).model(shown_table(table, translator("en")), saved, None, translator("en"), open=True)
    assert end is not None
    assert models[-1] == json.loads(json.dumps(end.json()))  # the last step is the saved game, open
    assert models[0] != models[-1] and all(m["open"] and m["moves"] == [] for m in models)
    assert data["result"]["winner"] == saved.winner_seat
    assert sorted(s["score"] for s in data["result"]["standings"]) == sorted(table.result or [])


def test_an_answer_has_its_etag_and_a_browser_that_has_it_gets_304(served: Served):
    token = served.token(served.tables["svolota"])
    status, headers, _ = served.api(token)
    assert status == 200 and headers["Cache-Control"] == IMMUTABLE == "private, max-age=3600, immutable"
    etag = headers["ETag"]
    assert re.fullmatch(r'"[0-9a-f]{32}-gzip"', etag)  # (the client takes gzip: those bytes' own tag)
    again, headers2, body = served.get(f"/api/v1/games/{token}", **{"If-None-Match": etag})
    assert again == 304 and body == b"" and headers2["ETag"] == etag
    other, _, _ = served.get(f"/api/v1/games/{token}", **{"If-None-Match": '"0000"'})
    assert other == 200
    listed, _, _ = served.get(f"/api/v1/games/{token}", **{"If-None-Match": f'"0000", W/{etag}'})
    assert listed == 304  # (a list, and the weak comparison RFC 9110 asks of If-None-Match)
    # the bytes without gzip are another representation: their own tag, which a gzip reader's cache is not
    plain, headers4, _ = served.get(f"/api/v1/games/{token}", **{"Accept-Encoding": "identity"})
    assert plain == 200 and headers4["ETag"] == etag.removesuffix('-gzip"') + '"'
    assert served.get(f"/api/v1/games/{token}", **{"If-None-Match": headers4["ETag"]})[0] == 200
    german, headers3, data = served.api(token, **{"Accept-Language": "de-DE,de;q=0.9"})
    assert german == 200 and headers3["ETag"] != etag and data["lang"] == "de"  # (each language its own)


def test_each_refusal_has_its_code_and_a_sentence_in_the_readers_language(served: Served):
    secret, finished = served.secret, served.tables["speed"]
    lobby = served.h.open(ANN, "svolota", chat=ChatRef("test", "another")).table_id  # a game not finished
    assert lobby is not None
    person = sign_page(secret, PlayerPage(ANN.person), time.time() + 60)
    cases = {
        served.token(finished)[:-2] + "xx": (404, "not_found"),  # tampered with
        sign_page(b"another key", ReplayPage(finished), time.time() + 60): (404, "not_found"),
        person: (404, "not_found"),  # a page of another kind
        served.token(99_999): (404, "not_found"),
        "x" * 600: (404, "not_found"),
        served.token(finished, expires=time.time() - 1): (410, "expired"),
        served.token(lobby): (404, "not_finished"),
    }
    for token, (code, error) in cases.items():
        said = set()
        for lang in ("en", "ru", "de"):
            status, headers, data = served.api(token, **{"Accept-Language": lang})
            assert (status, data["error"]) == (code, error), token
            jsonschema.validate(data, schema("Error"))
            assert data["message"] == refusal(error, translator(lang)) and "ETag" not in headers
            assert headers["Cache-Control"] == "no-store" and headers["Content-Language"] == lang
            said.add(data["message"])
        assert len(said) == 3  # each in its language
        page, _, html = served.get(f"/replay/{token}", **{"Accept-Language": "ru"})
        assert page == code and '<html lang="ru"' in html.decode() and "Traceback" not in html.decode()
    assert served.h.table(lobby).status is Status.LOBBY  # nothing changed


def test_a_log_that_does_not_lead_to_the_saved_state_is_not_shown(served: Served):
    h = served.h
    table_id = played(h, "svolota", 3)
    table = h.table(table_id)
    h.run(h.store.save(replace(table, seed=(table.seed or 0) + 1), table.version))  # another deal, same log
    status, _, data = served.api(served.token(table_id))
    assert (status, data["error"]) == (404, "not_replayable")
    assert data["message"] == "This game cannot be replayed."


def test_the_page_paints_its_title_players_and_result_from_the_html_alone(served: Served):
    token = served.token(served.tables["racing_demon"])
    status, headers, body = served.get(f"/replay/{token}", **{"Accept-Language": "ar"})
    html = body.decode()
    assert status == 200 and '<html lang="ar" dir="rtl">' in html
    assert "Ann" in html and "Bob" in html and "🏆" in html
    style = re.search(r"<style>(.*?)</style>", html, re.S)
    assert style is not None
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    assert f"'sha256-{digest}'" in headers["Content-Security-Policy"]
    assert "'unsafe-inline'" not in headers["Content-Security-Policy"]
    words = re.search(r'<script type="application/json" id="replay-words">(.*?)</script>', html, re.S)
    assert words is not None and json.loads(words.group(1))["play"] == translator("ar").gettext("Play")
    assert Path("adapters/web/static/replay.js").is_file()
