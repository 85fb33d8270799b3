"""A chat's tournaments on its page (bot/history.py `ChatHistory.tournaments`), on every store: the
open and finished ones of that chat, newest first, at most TOURNAMENTS, cancelled ones left out,
each with its standings as bot/history_tournaments.py makes them; the same in a season's read; a
chat whose only news is a tournament has a page."""

from __future__ import annotations

from bot.history_tournaments import TOURNAMENTS, tournament_line
from bot.people import ChatRef
from bot.tournament import Stage, Tournament
from tests.store.examples import CHAT, play
from tests.store.test_tournaments import a_tournament

ELSEWHERE = ChatRef("telegram", "-100999")
STAGES = [Stage.FINISHED, Stage.CANCELLED, Stage.FINISHED, Stage.SIGNUP]


def finished(t: Tournament) -> Tournament:
    """`a_tournament` played to its end: its second round's match a draw."""
    t.rounds[-1].matches[0].points, t.rounds[-1].matches[0].places = [0.5, 0.5], [1, 1]
    t.stage, t.finished_at = Stage.FINISHED, 400.0 + t.id
    return t


def test_the_chat_page_lists_its_open_and_finished_tournaments_newest_first_at_most_ten(store):
    async def body() -> None:
        made = []
        for k in range(TOURNAMENTS + 4):
            t = a_tournament(await store.new_tournament_id())
            stage = STAGES[k % len(STAGES)]
            t = finished(t) if stage is Stage.FINISHED else t
            t.stage = stage
            await store.save_tournament(t, -1)
            made.append(t)
        running = a_tournament(await store.new_tournament_id())  # the newest: under way
        await store.save_tournament(running, -1)
        elsewhere = finished(a_tournament(await store.new_tournament_id(), chat=ELSEWHERE))
        await store.save_tournament(elsewhere, -1)

        page = await store.chat(CHAT)

        assert page is not None and page.recent == ()  # (no game finished here: the tournaments make the page)
        wanted = [t for t in reversed([*made, running]) if t.stage is not Stage.CANCELLED][:TOURNAMENTS]
        assert [line.id for line in page.tournaments] == [t.id for t in wanted]
        assert list(page.tournaments) == [tournament_line(t) for t in wanted]
        assert {line.stage for line in page.tournaments} == {Stage.RUNNING, Stage.FINISHED, Stage.SIGNUP}
        in_season = await store.chat(CHAT, "2026-11")
        assert in_season is not None and in_season.tournaments == page.tournaments
        other = await store.chat(ELSEWHERE)
        assert other is not None and [line.id for line in other.tournaments] == [elsewhere.id]

    play(body)


def test_a_chat_whose_tournaments_were_all_cancelled_has_no_page(store):
    async def body() -> None:
        t = a_tournament(await store.new_tournament_id())
        t.stage = Stage.CANCELLED
        await store.save_tournament(t, -1)
        assert await store.chat(CHAT) is None

    play(body)
