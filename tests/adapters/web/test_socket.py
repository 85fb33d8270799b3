"""The live table's socket against a real aiohttp server on 127.0.0.1 and a real Service on the
memory store: who gets what, presses, and the limits."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from adapters.web import app as web_app_module
from adapters.web.auth import link_secret, sign_link
from bot.commands import Press
from bot.people import Actor, PersonRef
from bot.ui.render import panel_screens
from tests.adapters.web.live import (
    ANN,
    BOB,
    BOT_TOKEN,
    CHAT,
    EVE,
    button,
    hand_lines,
    hello,
    init_data,
    live_table,
)


async def test_a_forged_hello_is_refused_and_learns_nothing(aio_loop):
    async with live_table() as live:
        forged = init_data(ANN, token="999:not-the-bots-token")
        bad_link = {"type": "hello", "table": live.table_id, "auth": {"kind": "link", "token": "x"}}
        nothing = {"type": "hello", "table": None, "auth": None}  # (malformed ones: test_malformed.py)
        for message in (hello(live.table_id, data=forged), bad_link, nothing):
            client = await live.connect(message)
            refused = await client.next()
            assert refused is not None and refused["type"] == "refused" and refused["text"]
            assert await client.next() is None
            assert client.ws.close_code == 4401
            assert [m["type"] for m in client.got] == ["refused"]


async def test_a_refusal_reads_in_the_browsers_language(aio_loop):
    async with live_table() as live:
        client = await live.connect({"type": "hello", "table": None, "auth": None}, lang="ru-RU,ru;q=0.9,en;q=0.5")
        refused = await client.next()
        assert refused is not None and refused["text"] == "Эта ссылка больше не действует: откройте стол снова из чата."


async def test_a_hello_for_a_table_that_does_not_exist_is_refused(aio_loop):
    async with live_table() as live:
        client = await live.connect(hello(live.table_id + 100, ANN))
        assert (await client.next() or {})["type"] == "refused"


async def test_initdata_for_another_table_is_refused(aio_loop):
    async with live_table() as live:
        data = init_data(ANN, start=f"t{live.table_id + 1}")
        client = await live.connect(hello(live.table_id, data=data))
        assert (await client.next() or {})["type"] == "refused"


async def test_a_seated_person_gets_the_board_and_their_own_panel(aio_loop):
    async with live_table() as live:
        client = await live.connect(hello(live.table_id, ANN))
        welcome = await client.next()
        assert welcome is not None and welcome["type"] == "welcome" and welcome["lang"] == "en"
        assert welcome["dir"] == "ltr"
        words = {
            "connecting",
            "refused",
            "reconnecting",
            "watching",
            "moves",
            "nowhere",
            "cards",
            "leave_question",
            "leave",
            "sounds",
            "participants",
        }
        assert set(welcome["words"]) == words
        assert (
            welcome["words"]["cards"]["card"] == "{rank} of {suit}"
            and welcome["words"]["cards"]["suits"]["H"] == "hearts"
        )
        view = await client.until(lambda m: m["type"] == "view")
        table = await live.table()
        assert (view["table"], view["version"], view["game"], view["seat"]) == (table.id, table.version, "svolota", 0)
        assert "Svolota" in view["board"]["text"]
        own = panel_screens(table, 0, "en")[0]
        assert view["panel"]["text"] == own.text
        tokens = [b["token"] for row in view["panel"]["buttons"] for b in row]
        assert tokens == [b.token for row in own.buttons for b in row if b.token]
        assert view["panel"]["picture"] is None  # a chat that reads text


async def test_a_spectator_gets_the_board_and_never_a_hand(aio_loop):
    async with live_table() as live:
        eve = await live.watching(EVE)
        ann = await live.watching(ANN)
        hands = hand_lines(await live.table())
        await ann.press(button_of(ann.got[-1], 0))
        await eve.until(lambda m: m["type"] == "view" and m["version"] > ann.got[-1]["version"])
        hands += hand_lines(await live.table())
        views = [m for m in eve.got if m["type"] == "view"]
        assert len(views) >= 2 and all(v["panel"] is None and v["seat"] is None for v in views)
        everything = "\n".join(str(m) for m in eve.got)
        assert hands and not any(hand in everything for hand in hands)
        assert "Your cards" not in everything and ".mplay" not in everything


def button_of(view: dict, index: int) -> str:
    return [b["token"] for row in view["panel"]["buttons"] for b in row][index]


async def test_a_press_changes_the_table_and_every_watcher_sees_it(aio_loop):
    async with live_table() as live:
        ann, bob, eve = await live.watching(ANN), await live.watching(BOB), await live.watching(EVE)
        before = (await live.table()).version
        await ann.press(button_of(ann.got[-1], 0))
        answer = await ann.until(lambda m: m["type"] == "answer")
        assert answer["ok"], answer
        after = (await live.table()).version
        assert after > before
        for client in (ann, bob, eve):
            await client.until(lambda m: m["type"] == "view" and m["version"] == after)
        assert "Your cards" in ann.got[-1]["panel"]["text"]


async def test_a_press_someone_else_may_not_make_is_refused(aio_loop):
    async with live_table() as live:
        ann, bob = await live.watching(ANN), await live.watching(BOB)
        await bob.press(button_of(ann.got[-1], 0))  # Ann's card, pressed by Bob
        answer = await bob.until(lambda m: m["type"] == "answer")
        assert answer["ok"] is False and answer["text"]
        await bob.press("1.1.j")  # not this table's
        answer = await bob.until(lambda m: m["type"] == "answer")
        assert answer["ok"] is False and answer["text"]


async def test_a_change_from_the_chat_reaches_the_page(aio_loop):
    async with live_table() as live:
        eve = await live.watching(EVE)
        table = await live.table()
        token = button(panel_screens(table, 0, "en")[0], "")
        assert (await live.service.handle(Press(ANN, token))).ok
        await eve.until(lambda m: m["type"] == "view" and m["version"] == table.version + 1)


async def test_too_many_messages_are_slowed_then_closed(aio_loop):
    async with live_table() as live:
        eve = await live.watching(EVE)
        for _ in range(30):
            await eve.ws.send_json({"type": "ping"})  # not presses: dropped, but counted
        slow = await eve.until(lambda m: m["type"] == "answer")
        assert slow == {"type": "answer", "ok": False, "text": "Slow down"}
        for _ in range(120):
            await eve.ws.send_json({"type": "ping"})
        while not eve.closed:
            await eve.next()
        assert eve.ws.close_code == 1008


async def test_a_hello_that_never_comes_is_refused(aio_loop, monkeypatch):
    monkeypatch.setattr(web_app_module, "HELLO_SECONDS", 0.2)
    async with live_table() as live:
        client = await live.connect()
        assert (await client.next() or {})["type"] == "refused"


async def test_another_sites_page_is_refused_before_the_upgrade(aio_loop):
    async with live_table() as live:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await live.connect(hello(live.table_id, ANN), origin="https://evil.example")
        assert refused.value.status == 403
        client = await live.connect(hello(live.table_id, ANN), origin="https://cards.example.org")
        assert (await client.next() or {})["type"] == "welcome"


async def test_a_link_opens_one_session(aio_loop):
    async with live_table() as live:
        person = PersonRef("telegram", "102")  # Bob, as a Discord panel would sign him
        token = live.server.sign(person, "Bob", "en", live.table_id)
        message = {"type": "hello", "table": live.table_id, "auth": {"kind": "link", "token": token}}
        bob = await live.connect(message)
        view = await bob.until(lambda m: m["type"] == "view")
        assert view["seat"] == 1 and view["panel"] is not None
        again = await live.connect(message)
        assert (await again.next() or {})["type"] == "refused"
        elsewhere = live.server.sign(person, "Bob", "en", live.table_id + 1)
        wrong = await live.connect(
            {"type": "hello", "table": live.table_id, "auth": {"kind": "link", "token": elsewhere}}
        )
        assert (await wrong.next() or {})["type"] == "refused"


async def test_an_expired_link_is_refused(aio_loop):
    async with live_table() as live:
        token = sign_link(link_secret(BOT_TOKEN), PersonRef("telegram", "102"), live.table_id, time.time() - 1, "n")
        client = await live.connect({"type": "hello", "table": live.table_id, "auth": {"kind": "link", "token": token}})
        assert (await client.next() or {})["type"] == "refused"


async def test_the_page_is_served_with_its_security_headers(aio_loop, tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>live</title>")
    (tmp_path / "table.js").write_text("export {};")
    async with live_table(static=tmp_path) as live:
        async with live.session.get(f"{live.origin}/") as page:
            assert page.status == 200 and "live" in await page.text()
            assert "frame-ancestors https://web.telegram.org" in page.headers["Content-Security-Policy"]
            assert page.headers["X-Content-Type-Options"] == "nosniff"
        async with live.session.get(f"{live.origin}/static/table.js") as script:
            assert script.status == 200 and script.content_type == "text/javascript"
        # the same under Discord's proxy prefix (an Activity), headers and all
        async with live.session.get(f"{live.origin}/.proxy/static/table.js") as script:
            assert script.status == 200 and script.headers["X-Content-Type-Options"] == "nosniff"
            assert "frame-ancestors" in script.headers["Content-Security-Policy"]
        async with live.session.get(f"{live.origin}/.proxy/static/../index.html") as escaped:
            assert escaped.status == 404
        for missing in ("/static/..%2Fhub.py", "/static/.hidden", "/pictures/0123.png", "/static/nothing.js"):
            async with live.session.get(f"{live.origin}{missing}") as response:
                assert response.status == 404, missing


async def test_a_watcher_that_leaves_is_forgotten(aio_loop):
    async with live_table() as live:
        eve = await live.watching(EVE)
        assert live.server.hub.watchers(live.table_id) == 1
        await eve.ws.close()
        for _ in range(100):
            if live.server.hub.watchers(live.table_id) == 0:
                break
            await asyncio.sleep(0.01)
        assert live.server.hub.watchers(live.table_id) == 0


MALLORY = Actor(PersonRef("telegram", "104"), "Mallory", lang="en")  # not in the chat


async def test_only_people_of_the_tables_chat_may_watch_it_without_playing(aio_loop):
    asked: list[str] = []

    async def members(chat, person):  # as the platform would answer: Eve is in the chat, Mallory is not
        asked.append(person.user_id)
        return bool(chat == CHAT and person == EVE.person)

    async with live_table(members=members) as live:
        ann = await live.watching(ANN)  # a player: nobody is asked
        assert asked == [] and ann.got[-1]["panel"] is not None
        eve = await live.watching(EVE)
        assert eve.got[-1]["panel"] is None
        stranger = await live.connect(hello(live.table_id, MALLORY))
        refusal = await stranger.next()
        assert refusal is not None and refusal["type"] == "refused" and await stranger.next() is None
        assert asked == [EVE.person.user_id, MALLORY.person.user_id]
        from_discord = live.server.sign(PersonRef("discord", "103"), "Eve", "en", live.table_id)
        link = {"type": "hello", "table": live.table_id, "auth": {"kind": "link", "token": from_discord}}
        elsewhere = await live.connect(link)
        assert (await elsewhere.next() or {}).get("type") == "refused"  # another platform's person: never
