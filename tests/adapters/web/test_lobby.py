"""The lobby on the page (#34): a viewer known to be in the table's chat (seated, or a member as the
platform says) gets the board's buttons before the game and presses them as in the chat: join, add a
computer, start; the chat's board shows the same table. A viewer the platform has not vouched for
gets none, and a board's token sent anyway is refused and changes nothing."""

from __future__ import annotations

from typing import Any

from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.web.live import ANN, CHAT, EVE, button, live_table, svolota_lobby


def labels(view: dict[str, Any]) -> list[str]:
    return [b["label"] for row in view["board"]["buttons"] for b in row]


def token(view: dict[str, Any], label: str) -> str:
    return next(b["token"] for row in view["board"]["buttons"] for b in row if label in b["label"])


async def eve_is_a_member(chat: ChatRef, person: PersonRef) -> bool:
    return chat == CHAT and person in (ANN.person, EVE.person)


async def test_a_member_joins_from_the_page_and_the_seated_one_adds_a_computer_and_starts(aio_loop):
    async with live_table(members=eve_is_a_member, table=svolota_lobby) as live:
        ann = await live.watching(ANN)
        eve = await live.watching(EVE)
        assert {"Join", "+ Computer", "▶ Start"} <= set(labels(eve.got[-1])) and eve.got[-1]["model"] is None

        await eve.press(token(eve.got[-1], "Join"))
        assert (await eve.until(lambda m: m["type"] == "answer"))["ok"] is True
        assert [s.name for s in (await live.table()).seats] == ["Ann", "Eve"]
        assert "Eve" in (live.notifier.last(live.table_id) or _none()).text  # the chat's board: the same table

        view = await ann.until(lambda m: m["type"] == "view" and "Eve" in m["board"]["text"])
        await ann.press(token(view, "+ Computer"))
        view = await ann.until(lambda m: m["type"] == "view" and len(labels(m)) and "normal" in m["board"]["text"])
        await ann.press(token(view, "Start"))
        playing = await ann.until(lambda m: m["type"] == "view" and m["model"] is not None)
        assert (await live.table()).status is Status.PLAYING
        assert labels(playing) == []  # the game is played on the cards: the board's buttons are gone
        assert labels(await eve.until(lambda m: m["type"] == "view" and m["model"] is not None)) == []


async def test_a_viewer_not_vouched_for_gets_no_lobby_buttons_and_a_sent_one_changes_nothing(aio_loop):
    # without `members`, anyone of the platform with a credential may watch, but is not known to be in the chat
    async with live_table(table=svolota_lobby) as live:
        eve = await live.watching(EVE)
        assert labels(eve.got[-1]) == [] and "Ann" in eve.got[-1]["board"]["text"]
        before = await live.table()
        join = button(live.notifier.last(live.table_id), "Join")  # the chat's own token, sent from the page
        await eve.press(join)
        answer = await eve.until(lambda m: m["type"] == "answer")
        assert answer["ok"] is False and answer["text"] == "press that on the game's board, in its chat"
        after = await live.table()
        assert (after.version, [s.name for s in after.seats]) == (before.version, ["Ann"])


def _none() -> Any:
    raise AssertionError("no board in the chat")
