"""After the game the page plays on without the chat: a seated player's view holds the result's
Rematch button, which counts from the page (a spectator's press of it is refused), and once the
rematch has started, each seated viewer's view leads on to the new table with a link signed for
them alone, which opens it; a spectator is led nowhere."""

from __future__ import annotations

import time
from typing import Any

from adapters.web.auth import read_link
from bot.clock import FakeClock
from bot.commands import Play
from bot.tables import Status
from core import load_game
from tests.adapters.web.live import ANN, BOB, BOT_TOKEN, EVE, Live, live_table


async def played_out(live: Live) -> None:
    """Ann and Bob make their first legal move each turn, the computer moves when its time comes."""
    people = {0: ANN, 1: BOB}
    clock = live.service.clock
    assert isinstance(clock, FakeClock)
    for _ in range(2000):
        table = await live.table()
        if table.status is not Status.PLAYING:
            return
        seat = load_game(table.state).turn
        if seat in people:
            move = load_game(table.state).moves(str(seat))[0]
            assert (await live.service.handle(Play(people[seat], table.id, move))).ok
        else:
            clock.advance(10.0)
            await live.service.firing.tick()
    raise AssertionError("the game did not end")


def link_hello(table_id: int, link: str) -> dict[str, Any]:
    return {"type": "hello", "table": table_id, "auth": {"kind": "link", "token": link}}


async def test_a_seated_page_starts_the_rematch_and_is_led_to_its_table(aio_loop):
    async with live_table() as live:
        await played_out(live)
        ann, eve = await live.watching(ANN), await live.watching(EVE)
        over = ann.got[-1]
        assert over["next"] is None and over["model"] is None
        [[rematch]] = over["panel"]["buttons"]
        assert "Rematch" in rematch["label"]
        assert eve.got[-1]["panel"] is None and eve.got[-1]["next"] is None

        await eve.press(rematch["token"])  # not seated: refused, nothing changes
        refused = await eve.until(lambda m: m["type"] == "answer")
        assert refused["ok"] is False and refused["text"]
        assert (await live.table()).rematch is None

        await ann.press(rematch["token"])
        assert (await ann.until(lambda m: m["type"] == "answer"))["ok"] is True
        led = await ann.until(lambda m: m["type"] == "view" and m["next"] is not None)
        new = (await live.table()).rematch
        assert new is not None and led["next"]["table"] == new
        read = read_link(live.server.settings.link_key(BOT_TOKEN), led["next"]["link"], time.time())
        assert read is not None and (read[0].person, read[0].table_id) == (ANN.person, new)
        assert (await eve.until(lambda m: m["type"] == "view"))["next"] is None  # a spectator stays

        page = await live.connect(link_hello(new, led["next"]["link"]))
        view = await page.until(lambda m: m["type"] == "view")
        assert (view["table"], view["seat"]) == (new, 0) and view["model"] is not None
        again = await live.connect(link_hello(new, led["next"]["link"]))  # one visit per link
        assert (await again.until(lambda m: m["type"] == "refused"))["text"]
