"""Bad input at the card table (#34), each answered in words to that page alone, the table untouched:
a move sent again (replayed), a tap after the game ended, and a second page of the same person,
which takes the table over while the first is told why and stops."""

from __future__ import annotations

from typing import Any

from bot.tables import Status
from core import load_game
from tests.adapters.web.live import ANN, BOB, hello, live_table
from tests.adapters.web.test_rematch import played_out


def a_move(view: dict[str, Any]) -> str:
    """The token of the first move the view's cards offer."""
    return str(view["model"]["moves"][0]["token"])


async def test_a_move_sent_again_is_refused_and_lands_once(aio_loop):
    async with live_table() as live:
        ann = await live.watching(ANN)  # Ann is to move
        token = a_move(ann.got[-1])
        await ann.press(token)
        assert (await ann.until(lambda m: m["type"] == "answer"))["ok"] is True
        after = await live.table()
        await ann.press(token)  # the same frame again, as a replay would send it
        answer = await ann.until(lambda m: m["type"] == "answer")
        assert answer["ok"] is False and answer["text"]
        again = await live.table()
        assert (again.version, again.state) == (after.version, after.state)
        assert sum(m.seat == 0 for m in await live.store.moves(live.table_id)) == 1


async def test_a_tap_after_the_game_ended_is_refused_and_changes_nothing(aio_loop):
    async with live_table() as live:
        ann = await live.watching(ANN)
        token = a_move(ann.got[-1])
        await played_out(live)
        over = await live.table()
        assert over.status is Status.FINISHED
        await ann.press(token)
        answer = await ann.until(lambda m: m["type"] == "answer")
        assert answer["ok"] is False and answer["text"] == "this game is over"
        after = await live.table()
        assert (after.version, after.status, after.state) == (over.version, over.status, over.state)


async def test_a_second_page_of_the_same_person_takes_the_table_and_the_first_is_told_why(aio_loop):
    async with live_table() as live:
        first = await live.watching(ANN)
        bob = await live.watching(BOB)
        second = await live.connect(hello(live.table_id, ANN))
        told = await first.until(lambda m: m["type"] == "refused")
        assert told["text"] == "This table is open in another window now. Reload to play here."
        assert await first.next() is None  # closed after its refusal: the page does not retry
        view = await second.until(lambda m: m["type"] == "view")
        assert view["seat"] == 0 and view["panel"] is not None
        assert live.server.hub.watchers(live.table_id) == 2  # Ann's newest page and Bob's
        await second.press(a_move(view))
        assert (await second.until(lambda m: m["type"] == "answer"))["ok"] is True
        assert load_game((await live.table()).state).turn != 0
        assert not [m for m in bob.got if m["type"] == "refused"]  # another person's page is not touched
