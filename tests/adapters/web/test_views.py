"""What a viewer is sent: the board for all, a panel for its own person alone, in their language,
with the chat's look's pictures kept in the bounded gallery and served by the app."""

from __future__ import annotations

import json
import time

import pytest

import bot.i18n
from adapters.web import views
from adapters.web.auth import Viewer
from adapters.web.views import Gallery, view_of
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import SetLook
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor
from bot.running import game_of
from bot.service import Service
from bot.tables import Status
from bot.ui.picture import Hand, Picture
from tests.adapters.web.live import ANN, BOB, EVE, live_table, svolota_for_two


async def _drawn(picture: Picture, deck: str) -> bytes:
    return f"png of {deck} {hash(picture)}".encode()


async def _table(look: str) -> tuple[Service, int]:
    notifier = RecordingNotifier()
    service = bootstrap(MemoryStore(), notifier, FakeClock(time.time()))
    return service, await svolota_for_two(service, notifier, look)


def _viewer(who: Actor, lang: str | None = "en") -> Viewer:
    return Viewer(who.person, who.name, lang, None)


def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game the page cannot draw as cards (no `GameInfo.model`, as the fourth game, War): its
    pictures are the table."""
    monkeypatch.setattr(views, "table_model", lambda *_: None)


async def test_while_the_page_draws_the_cards_no_picture_is_drawn():
    service, table_id = await _table("classic")
    table = await service.store.load(table_id)
    assert table is not None
    drawn: list[Picture] = []

    async def draw(picture: Picture, deck: str) -> bytes:
        drawn.append(picture)
        return b"png"

    view = await view_of(service, table, _viewer(ANN), Gallery(draw))
    assert view["model"] is not None and view["board"]["picture"] is None and view["panel"]["picture"] is None
    assert drawn == []


async def test_a_chat_that_reads_pictures_gets_picture_addresses_from_the_gallery(monkeypatch):
    _no_model(monkeypatch)
    service, table_id = await _table("classic")
    table = await service.store.load(table_id)
    assert table is not None
    gallery = Gallery(_drawn)
    view = await view_of(service, table, _viewer(ANN), gallery)
    for screen in (view["board"], view["panel"]):
        assert screen["picture"].startswith("/pictures/") and screen["picture"].endswith(".png")
        assert gallery.get(screen["picture"][len("/pictures/") : -len(".png")]) is not None


async def test_the_viewers_own_language_else_the_chats():
    service, table_id = await _table("text")
    table = await service.store.load(table_id)
    assert table is not None
    russian = await view_of(service, table, _viewer(ANN, "ru"))
    unknown = await view_of(service, table, _viewer(EVE, "nl"))
    assert russian["lang"] == "ru" and russian["board"]["text"] != unknown["board"]["text"]
    assert russian["panel"]["text"] != (await view_of(service, table, _viewer(ANN)))["panel"]["text"]
    assert unknown["lang"] == "en" and unknown["panel"] is None and unknown["seat"] is None
    assert russian["dir"] == unknown["dir"] == "ltr"


async def test_a_right_to_left_language_is_drawn_right_to_left(monkeypatch):
    monkeypatch.setattr(bot.i18n, "is_rtl", lambda lang: lang == "ru")  # until ar and fa ship
    service, table_id = await _table("text")
    table = await service.store.load(table_id)
    assert table is not None
    assert (await view_of(service, table, _viewer(ANN, "ru")))["dir"] == "rtl"
    assert (await view_of(service, table, _viewer(ANN, "en")))["dir"] == "ltr"


async def test_the_gallery_keeps_the_newest_and_draws_each_picture_once():
    calls: list[Picture] = []

    async def draw(picture: Picture, deck: str) -> bytes:
        calls.append(picture)
        return f"{deck}:{len(calls)}".encode()

    gallery = Gallery(draw, size=2)
    pictures: list[Picture] = [Hand((f"{i}H",)) for i in range(2, 5)]
    first = await gallery.url(pictures[0], "classic")
    assert await gallery.url(pictures[0], "classic") == first and len(calls) == 1
    for p in pictures[1:]:
        await gallery.url(p, "classic")
    assert first is not None and gallery.get(first[len("/pictures/") : -4]) is None  # the oldest went


async def test_the_app_serves_the_gallerys_pictures(aio_loop):
    async with live_table() as live:
        gallery = live.server.hub.gallery
        assert gallery is not None
        gallery._draw = _drawn
        path = await gallery.url(Hand(("AS",)), "classic")
        async with live.session.get(f"{live.origin}{path}") as response:
            assert response.status == 200 and response.content_type == "image/png"
            assert (await response.read()).startswith(b"png of classic")


async def test_a_persons_own_look_draws_their_panel_and_the_chats_the_board(monkeypatch):
    _no_model(monkeypatch)
    service, table_id = await _table("text")
    await service.handle(SetLook(ANN, "four"))
    table = await service.store.load(table_id)
    assert table is not None
    view = await view_of(service, table, _viewer(ANN), Gallery(_drawn))
    assert view["board"]["picture"] is None  # the chat reads text
    assert view["panel"]["picture"] is not None  # Ann chose the four-colour deck for her own panels


async def test_a_player_gets_the_table_as_its_cards_lie_with_their_moves_and_a_spectator_without():
    service, table_id = await _table("text")
    table = await service.store.load(table_id)
    assert table is not None
    game = game_of(table)
    ann = (await view_of(service, table, _viewer(ANN)))["model"]
    eve = (await view_of(service, table, _viewer(EVE)))["model"]  # sits nowhere
    assert ann["seat"] == 0 and eve["seat"] is None
    assert {m["move"] for m in ann["moves"]} == set(game.moves("0")) and not eve["moves"]
    hands = {p["id"]: p["cards"] for p in ann["places"] if p["kind"] == "hand"}
    assert sorted(hands["hand"]) == sorted(c.text for c in game.view(0).hand)
    assert all(not cards for place, cards in hands.items() if place != "hand")  # the others' as backs
    assert all(not p["cards"] for p in eve["places"] if p["kind"] == "hand")
    assert json.loads(json.dumps(ann))["moves"][0]["token"] == ann["moves"][0]["token"]  # it is JSON


async def test_no_model_before_or_after_a_game():
    service, table_id = await _table("text")
    table = await service.store.load(table_id)
    assert table is not None
    table.status = Status.FINISHED
    assert (await view_of(service, table, _viewer(ANN)))["model"] is None


async def test_a_person_of_the_four_colour_deck_gets_its_cards_and_a_spectator_the_chats_deck():
    service, table_id = await _table("text")
    await service.handle(SetLook(ANN, "four"))
    await service.handle(SetLook(EVE, "four"))  # a spectator's own look does not count: the board is the chat's
    table = await service.store.load(table_id)
    assert table is not None
    assert (await view_of(service, table, _viewer(ANN)))["deck"] == "four_colour"
    assert (await view_of(service, table, _viewer(BOB)))["deck"] == "classic"  # the chat's look: text
    assert (await view_of(service, table, _viewer(EVE)))["deck"] == "classic"
