"""The pages' JSON API (adapters/web/api.py) and the pages' refusals, over real HTTP on 127.0.0.1,
with the story's history (fake_history.py): what is served is what the story implies; every refusal
has its status, its code and a sentence in the reader's language, and no traceback; ETag, 304 and
Cache-Control; the served answers match the OpenAPI document's schemas, and the document is valid
OpenAPI 3.1."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp
import jsonschema
from aiohttp import web
from aiohttp.test_utils import TestServer
from openapi_spec_validator import validate

from adapters.web.openapi import document
from adapters.web.page_links import sign_page
from adapters.web.pages import add_page_routes
from bot import seasons
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.people import ChatRef, PersonRef
from bot.store import StoreUnavailable
from tests.adapters.web.fake_history import ANN, BOB, CHAT, EVE, NAMES, START, FakeHistory, finished, story
from tests.adapters.web.fake_tournaments import tournament_story

SECRET = b"the pages' test key, 32 bytes.."
NOW = 1_800_000_000.0
HOUR = 3600.0
PUBLIC_SINCE = NOW - 10 * HOUR


@dataclass
class Served:
    server: TestServer
    session: aiohttp.ClientSession
    history: FakeHistory
    public: dict[ChatRef, float]

    async def get(self, path: str, **headers: str) -> tuple[int, Any, aiohttp.typedefs.LooseHeaders]:
        async with self.session.get(self.server.make_url(path), headers=headers, allow_redirects=False) as r:
            text = await r.text()
            assert "Traceback" not in text and 'File "' not in text, text
            body = (
                await r.json(content_type=None)
                if r.headers.get("Content-Type", "").startswith("application/json")
                else text
            )
            return r.status, body, r.headers


@asynccontextmanager
async def served(history: FakeHistory | None = None) -> AsyncIterator[Served]:
    public: dict[ChatRef, float] = {}

    async def since(chat: ChatRef) -> float | None:
        return public.get(chat)

    app = web.Application()
    history = history or FakeHistory()
    add_page_routes(app, history, SECRET, since, clock=lambda: NOW)
    async with TestServer(app, host="127.0.0.1") as server, aiohttp.ClientSession() as session:
        yield Served(server, session, history, public)


def player_path(person: PersonRef = ANN, expires: float = NOW + HOUR, secret: bytes = SECRET) -> str:
    return f"/api/v1/players/{sign_page(secret, PlayerPage(person), expires)}"


def chat_path(chat: ChatRef = CHAT, expires: float = NOW + HOUR, since: float | None = None) -> str:
    return f"/api/v1/chats/{sign_page(SECRET, ChatPage(chat), expires, since)}/leaderboard"


def schema(name: str) -> dict[str, Any]:
    """A component's schema, its references resolved against the whole document."""
    return {"$ref": f"#/components/schemas/{name}", "components": document()["components"]}


# ----- what is served --------------------------------------------------------------------------


async def test_a_players_answer_is_their_story(aio_loop):
    games = story()
    async with served() as api:
        status, ann, _ = await api.get(player_path())
    assert status == 200
    jsonschema.validate(ann, schema("Player"))
    assert ann["name"] == "Ann"
    by_game = {g["game"]: g for g in ann["games"]}
    svolota = [g for g in games if g.game == "svolota"]
    assert by_game["svolota"]["games"] == len(svolota) == 30
    assert by_game["svolota"]["wins"] == sum(g.places[g.seats.index(ANN)] == 1 for g in svolota)
    assert [p["table"] for p in by_game["svolota"]["history"]] == [g.table_id for g in svolota]
    assert by_game["svolota"]["rating"] == by_game["svolota"]["history"][-1]["rating"]
    # the seasons her games spanned begin inside the history: November's and December's
    span = [finished(g) for g in games]
    assert (
        [s["season"] for s in ann["seasons"]]
        == [seasons.season_of(t) for t in (min(span) + 40 * 86400, max(span))]
        == ["2026-11", "2026-12"]
    )
    assert ann["seasons"][0]["name"] == "November 2026"
    assert ann["achievements"][0]["title"] == "First win"
    # her recent games, newest first, her seat named, the forgotten seat without a name
    assert [r["table"] for r in ann["recent"]] == [g.table_id for g in reversed(games[-20:])]
    assert all(r["seats"][r["seat"]]["name"] == "Ann" for r in ann["recent"])
    forgotten = [s for r in ann["recent"] for s in r["seats"] if s.get("forgotten")]
    assert forgotten and all("name" not in s for s in forgotten)
    assert "Eve" not in str(ann)
    bob = next(r for r in ann["rivals"] if r["name"] == "Bob")
    assert bob["games"] == sum(BOB in g.seats for g in games) == 39
    assert bob["wins"] + bob["losses"] == 39  # (no two seats share a place in the story)


async def test_a_groups_answer_has_its_boards_seasons_records_and_recent_games(aio_loop):
    games = story()
    async with served() as api:
        status, all_time, _ = await api.get(chat_path())
        _, november, _ = await api.get(chat_path() + "?season=2026-11")
    assert status == 200
    jsonschema.validate(all_time, schema("Chat"))
    jsonschema.validate(november, schema("Chat"))
    assert all_time["season"] is None and november["season"] == "2026-11"
    assert [s["season"] for s in all_time["seasons"]] == ["2026-12", "2026-11", "2026-10"]
    assert api.history.asked[-1] == ("chat", CHAT, "2026-11")
    svolota = next(b for b in november["boards"] if b["game"] == "svolota")
    in_november = [g for g in games if g.game == "svolota" and seasons.season_of(finished(g)) == "2026-11"]
    assert svolota["rows"][0]["games"] <= len(in_november)
    assert [r["rank"] for r in svolota["rows"]] == list(range(1, len(svolota["rows"]) + 1))
    longest = next(r for r in all_time["records"] if r["kind"] == "longest_svolota")
    assert longest["value"] == max(g.moves for g in games if g.game == "svolota")
    assert longest["text"] == f"{longest['value']} moves"
    assert all(r["name"] != "Eve" for r in all_time["active"])


async def test_names_are_plain_text_and_words_are_in_the_readers_language(aio_loop):
    async with served() as api:
        _, fa, headers = await api.get(chat_path() + "?season=2026-11", **{"Accept-Language": "de-DE,fa;q=0.9"})
        _, ja, _ = await api.get(chat_path(), **{"Accept-Language": "xx, ja;q=0.8, de;q=0.1"})
    assert headers["Content-Language"] == "de" and fa["season_name"] == "November 2026"
    assert ja["seasons"][0]["name"] == "2026年12月"
    assert NAMES[PersonRef("telegram", "104")] in [r["name"] for r in ja["active"]]  # דנה, as she wrote it


# ----- refusals -----------------------------------------------------------------------------


async def test_every_refusal_has_its_status_its_code_and_a_sentence_in_the_readers_language(aio_loop):
    token = sign_page(SECRET, PlayerPage(ANN), NOW + HOUR)
    async with served() as api:
        api.public[CHAT] = PUBLIC_SINCE
        cases = {
            "a tampered token": (player_path()[:-3] + "abc", 404, "not_found"),
            "a token signed with another key": (player_path(secret=b"x" * 31), 404, "not_found"),
            "no token at all": ("/api/v1/players/", 404, "not_found"),
            "a chat's token on the players' path": (f"/api/v1/players/{chat_path().split('/')[4]}", 404, "not_found"),
            "a player's token on the chats' path": (f"/api/v1/chats/{token}/leaderboard", 404, "not_found"),
            "a replay's token": (f"/api/v1/players/{sign_page(SECRET, ReplayPage(7), NOW + HOUR)}", 404, "not_found"),
            "an unknown path": ("/api/v1/games/7", 404, "not_found"),
            "an expired link": (player_path(expires=NOW - 1), 410, "expired"),
            "a forgotten person": (player_path(EVE), 410, "gone"),
            "a chat without a game": (chat_path(ChatRef("telegram", "-5")), 404, "no_games"),
            "a public link of a private page": (
                chat_path(ChatRef("telegram", "-5"), 0, PUBLIC_SINCE),
                403,
                "not_public",
            ),
            "a public link from before": (chat_path(expires=0, since=PUBLIC_SINCE - 1), 403, "not_public"),
            "a month 13": (chat_path() + "?season=2026-13", 400, "bad_season"),
            "a negative year": (chat_path() + "?season=-2026-01", 400, "bad_season"),
            "a huge year": (chat_path() + "?season=" + "9" * 400 + "-01", 400, "bad_season"),
            "a year before seasons": (chat_path() + "?season=1999-12", 400, "bad_season"),
            "two seasons": (chat_path() + "?season=2026-11&season=2026-10", 400, "bad_season"),
        }
        for case, (path, status, code) in cases.items():
            got, body, headers = await api.get(path, **{"Accept-Language": "ru-RU,ru;q=0.9"})
            assert (got, body.get("error")) == (status, code), case
            jsonschema.validate(body, schema("Error"))
            assert body["message"] and body["message"].isascii() is False, (case, body)  # Russian words
            assert headers["Cache-Control"] == "no-store"
        got, body, _ = await api.get(player_path()[:-3] + "abc")
        assert body["message"] == "This link does not lead to a page: ask the bot for a new one in the chat."
        async with api.session.post(api.server.make_url(player_path())) as posted:
            assert posted.status == 405 and (await posted.json())["error"] == "method_not_allowed"
        # the public link of the moment reads
        status, _, _ = await api.get(chat_path(expires=0, since=PUBLIC_SINCE))
        assert status == 200


async def test_a_store_that_cannot_answer_is_a_503_and_a_failure_a_500_without_its_story(aio_loop):
    async with served(FakeHistory(fails=StoreUnavailable("the disk is full"))) as api:
        status, body, _ = await api.get(player_path())
        assert (status, body["error"]) == (503, "unavailable")
    async with served(FakeHistory(fails=RuntimeError("secret table name in a stack"))) as api:
        status, body, _ = await api.get(chat_path())
        assert (status, body["error"]) == (500, "internal") and "secret" not in str(body)
        status, text, _ = await api.get("/page/" + chat_path().split("/")[4])
        assert status == 500 and "secret" not in text and "Something went wrong" in text


async def test_a_forged_token_changes_nothing_and_reads_nothing(aio_loop):
    async with served() as api:
        forged = player_path(BOB, secret=b"an attacker's key, 32 bytes....")
        for path in (forged, forged.replace("/api/v1/players/", "/page/")):
            status, _, _ = await api.get(path)
            assert status == 404
        assert api.history.asked == []  # refused before the store was asked
        assert await api.history.player(ANN) == await FakeHistory().player(ANN)  # (and the story is as it was)


# ----- caching --------------------------------------------------------------------------------


async def test_an_etag_names_the_body_and_if_none_match_gets_304(aio_loop):
    async with served() as api:
        status, first, headers = await api.get(player_path(), **{"Accept-Encoding": "identity"})
        tag = headers["ETag"]
        assert status == 200 and tag.startswith('"') and not tag.startswith("W/")
        assert headers["Cache-Control"] == "private, max-age=60"
        assert "Accept-Language" in headers["Vary"]
        status, body, again = await api.get(player_path(), **{"Accept-Encoding": "identity", "If-None-Match": tag})
        assert (status, body, again["ETag"]) == (304, "", tag)
        assert again["Cache-Control"] == "private, max-age=60"
        # another language is another body, another tag
        _, _, russian = await api.get(player_path(), **{"Accept-Encoding": "identity", "Accept-Language": "ru"})
        assert russian["ETag"] != tag
        # a changed story is a new tag: the old one gets the whole answer
        api.history.games = api.history.games[:-1]
        status, changed, headers = await api.get(player_path(), **{"Accept-Encoding": "identity", "If-None-Match": tag})
        assert status == 200 and headers["ETag"] != tag and changed != first
        # gzip's bytes are their own representation, with their own tag
        _, _, gzipped = await api.get(player_path(), **{"Accept-Encoding": "gzip"})
        assert gzipped["Content-Encoding"] == "gzip" and gzipped["ETag"] != headers["ETag"]


# ----- the document -------------------------------------------------------------------------


async def test_the_openapi_document_is_valid_and_served(aio_loop):
    async with served() as api:
        status, served_document, _ = await api.get("/api/v1/openapi.json")
    assert status == 200 and served_document == document()
    validate(served_document)  # OpenAPI 3.1, its schemas JSON Schema 2020-12
    assert set(served_document["paths"]) == {
        "/api/v1/players/{token}",
        "/api/v1/chats/{token}/leaderboard",
        "/api/v1/games/{token}",
        "/api/v1/openapi.json",
    }


def test_the_schemas_are_closed_so_a_field_on_one_side_only_is_noticed():
    with_extra = {"name": "Ann", "games": [], "seasons": [], "achievements": [], "recent": [], "rivals": [], "x": 1}
    try:
        jsonschema.validate(with_extra, schema("Player"))
    except jsonschema.ValidationError as e:
        assert "'x'" in e.message
    else:
        raise AssertionError("an unknown field passed")


async def test_a_page_paints_from_its_html_and_a_replay_token_goes_to_the_replay(aio_loop):
    async with served() as api:
        player_token = player_path().split("/")[4]
        status, html, headers = await api.get(f"/page/{player_token}", **{"Accept-Language": "fa"})
        assert status == 200 and '<html lang="fa" dir="rtl">' in html and "<bdi>Ann</bdi>" in html
        assert "style-src 'sha256-" in headers["Content-Security-Policy"]
        assert headers["Cache-Control"] == "private, max-age=60"
        replay = sign_page(SECRET, ReplayPage(7), NOW + HOUR)
        status, _, headers = await api.get(f"/page/{replay}")
        assert status == 302 and headers["Location"] == f"/replay/{replay}"
        status, html, _ = await api.get(f"/page/{player_token}x", **{"Accept-Language": "ja"})
        assert status == 404 and '<p class="refusal">' in html
        status, html, _ = await api.get(f"/page/{chat_path().split('/')[4]}?season=2026-13")
        assert status == 400 and "2026-11" in html
        status, html, _ = await api.get(f"/page/{chat_path().split('/')[4]}?season=2026-10")
        assert status == 200 and '<option value="2026-10" selected>' in html


async def test_a_groups_answer_lists_its_tournaments_newest_first_with_their_standings(aio_loop):
    expected = tournament_story(CHAT, list(NAMES.items()), START)  # (fake_tournaments.py: the story's cups)
    async with served() as api:
        status, group, _ = await api.get(chat_path(), **{"Accept-Language": "de"})
    assert status == 200
    jsonschema.validate(group, schema("Chat"))
    cups = group["tournaments"]
    assert [(c["name"], c["stage"], c["round"], c["rounds"]) for c in cups] == [
        (line.name, line.stage.value, line.round, line.rounds) for line in expected
    ]
    assert [c["format_name"] for c in cups] == ["Punkte", "K.-o.-System", "Schweizer System"]
    cup = cups[2]  # the October cup, over: its winner first, Eve's line kept without her name
    assert [e.get("name") for e in cup["standings"]] == [e.name or None for e in expected[2].standings]
    assert cup["standings"][0].get("winner") and sum(e.get("winner", False) for e in cup["standings"]) == 1
    (eve,) = [e for e in cup["standings"] if e.get("forgotten")]
    assert "name" not in eve and "Eve" not in str(group)
