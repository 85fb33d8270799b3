"""The tournaments' store (bot/store/tournaments.py) keeps a tournament whole, refuses a stale save,
finds a chat's open ones and those whose time has come; a tournament's screens keep their
messages like a table's (the chat layer's records)."""

from __future__ import annotations

import pytest

from bot.people import ChatRef
from bot.store import StaleTable
from bot.store.tournaments import StaleTournament
from bot.tournament import Entrant, Format, Match, Out, Round, Stage, Tournament
from tests.store.examples import ANN, BOB, CHAT, a_table, play


def a_tournament(tournament_id: int, chat: ChatRef = CHAT, due: float = 500.0) -> Tournament:
    """Running, with a bit of everything: a person, a replaced person, a computer, one out; a round
    with a bye and a played match."""
    return Tournament(
        id=tournament_id,
        chat=chat,
        game="speed",
        format=Format.SWISS,
        creator=ANN,
        name="Friday cup",
        options={"target": 0},
        rounds_planned=3,
        computers=True,
        signup_until=100.0,
        round_seconds=600,
        stage=Stage.RUNNING,
        entrants=[
            Entrant("Ann", ANN, rating=12.5, lang="uk"),
            Entrant("Bob", None, replaced=BOB),
            Entrant("Ada", None, level="hard"),
            Entrant("Cy", None, out=Out.DISQUALIFIED),
        ],
        rounds=[
            Round(1, [Match([0, 1], 7, [1.0, 0.0], [1, 2]), Match([2], decided="bye", points=[1.0])], 100.0, 200.0),
            Round(2, [Match([1, 0], 9)], 300.0, due),
        ],
        version=3,
        created_at=50.0,
        updated_at=60.0,
    )


def test_a_tournament_comes_back_as_it_was_saved(store):
    async def body() -> None:
        t = a_tournament(await store.new_tournament_id())
        await store.save_tournament(t, -1)
        assert await store.load_tournament(t.id) == t
        assert await store.load_tournament(t.id + 1000) is None

    play(body)


def test_a_save_from_a_stale_copy_is_refused_and_changes_nothing(store):
    async def body() -> None:
        t = a_tournament(await store.new_tournament_id())
        await store.save_tournament(t, -1)
        first, second = await store.load_tournament(t.id), await store.load_tournament(t.id)
        first.bump(70.0)
        await store.save_tournament(first, 3)
        second.bump(80.0)
        second.paused = True
        with pytest.raises(StaleTournament):
            await store.save_tournament(second, 3)
        with pytest.raises(StaleTable):  # (one the service's retries know)
            await store.save_tournament(a_tournament(t.id), -1)
        assert await store.load_tournament(t.id) == first

    play(body)


def test_open_tournaments_are_found_by_chat_and_platform(store):
    async def body() -> None:
        here, other = a_tournament(await store.new_tournament_id()), a_tournament(await store.new_tournament_id())
        other.chat = ChatRef("discord", "55")
        over = a_tournament(await store.new_tournament_id())
        over.stage = Stage.FINISHED
        for t in (here, other, over):
            await store.save_tournament(t, -1)
        assert [t.id for t in await store.open_tournaments(CHAT)] == [here.id]
        assert [t.id for t in await store.open_tournaments(ChatRef(CHAT.platform, CHAT.chat_id))] == [here.id]
        assert [t.id for t in await store.open_tournaments(platform="discord")] == [other.id]
        assert [t.id for t in await store.open_tournaments()] == [here.id, other.id]

    play(body)


def test_tournaments_due_earliest_first_none_while_paused_or_over(store):
    async def body() -> None:
        late, early, paused, signup = [a_tournament(await store.new_tournament_id()) for _ in range(4)]
        late.rounds[-1].due, early.rounds[-1].due = 900.0, 300.0
        paused.paused = True
        signup.stage, signup.signup_until, signup.rounds = Stage.SIGNUP, 400.0, []
        for t in (late, early, paused, signup):
            await store.save_tournament(t, -1)
        assert await store.next_tournament_due() == 300.0
        assert await store.tournaments_due(299.0) == []
        assert await store.tournaments_due(450.0) == [early.id, signup.id]
        assert await store.tournaments_due(1000.0) == [early.id, signup.id, late.id]
        assert await store.tournaments_due(1000.0, "discord") == []
        late.stage = Stage.FINISHED
        late.bump(1.0)
        await store.save_tournament(late, 3)
        assert await store.tournaments_due(1000.0) == [early.id, signup.id]

    play(body)


def test_a_table_knows_its_tournament(store):
    async def body() -> None:
        table = a_table(await store.new_table_id())
        table.tournament = 41
        await store.save(table, -1)
        loaded = await store.load(table.id)
        assert loaded is not None and loaded.tournament == 41

    play(body)


def test_a_tournament_screens_message_is_kept_apart_from_a_tables(store):
    """The chat layer names a tournament's screens by its id negated (bot/ui/tournament.py)."""
    records = getattr(store, "records", None)
    if records is None:
        pytest.skip("the memory store's records are the chat layer's own (adapters/chat/memory_records.py)")

    async def body() -> None:
        t = a_tournament(await store.new_tournament_id())
        await store.save_tournament(t, -1)
        table = a_table(t.id + 1)  # (a table id that is no tournament's)
        await store.save(table, -1)
        assert (await records.claim(-t.id, "", "tournament", 1)).won
        await records.remember_message(-t.id, "", "tournament", "77", 1)
        await records.remember_message(table.id, "", "tournament", "88", 1)
        assert await records.message_id(-t.id, "", "tournament") == "77"
        assert await records.message_id(table.id, "", "tournament") == "88"
        assert not (await records.claim(-t.id, "", "tournament", 0)).won  # an older screen is not drawn
        assert await records.claim(-t.id, "", "tournament", 2) == (True, "77")

    play(body)
