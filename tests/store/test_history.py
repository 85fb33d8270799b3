"""The history the pages read (bot/history.py `History`), on every store: whole games played through
the service (tests/bot/harness.py), then the player's and the chat's page read back and checked
against the rules, using what the games themselves saved (results, the changes their tables showed).

The games play on the memory store; a SQL store under test is then given each finished game as the
game saved it, through its own `save` (the table, its whole move log, its outcome): the same rows a
game played on it writes, in one transaction instead of hundreds (a SQL store's saves move by move
are the contract's, tests/store/test_tables.py, and the service suites')."""

from __future__ import annotations

from typing import Any

import pytest

from bot.history import LEADERBOARD, ChatHistory, PlayerHistory
from bot.memory_store import MemoryStore
from bot.outcome import Outcome
from bot.people import Actor, ChatRef, PersonRef
from bot.ratings import GLOBAL, Standing, chat_scope
from bot.seasons import season_of
from bot.settings import ServiceConfig
from bot.store import Store
from bot.tables import Status, Table
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness, person

OTHER_CHAT = ChatRef("test", "chat-2")
MONTH = 31 * 86400


class Copying(Harness):
    """Plays on a memory store (`played_on`), and reads from `store`: each finished game is saved
    into it (`copy`), unless it is that memory store itself."""

    def __init__(self, store: Store) -> None:
        self.played_on = store if isinstance(store, MemoryStore) else MemoryStore()
        self.outcomes = outcomes_saved(self.played_on)
        super().__init__(ServiceConfig(computer_think=0.5, idle_seconds=3), seed=3, store=self.played_on)
        self.store = store

    def copy(self, table_id: int) -> None:
        if self.store is self.played_on:
            return
        table: Table | None = self.run(self.played_on.load(table_id))
        assert table is not None and not table.status.open
        table.unsaved = self.run(self.played_on.moves(table_id))
        assert len(table.unsaved) == table.moves
        self.run(self.store.save(table, -1, self.outcomes.get(table_id)))


def outcomes_saved(store: MemoryStore) -> dict[int, Outcome]:
    """The outcome each table's game saved, by table (kept as `store.save` is called)."""
    outcomes: dict[int, Outcome] = {}
    save = store.save

    async def saving(table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        await save(table, expected_version, outcome)
        if outcome is not None:
            outcomes[table.id] = outcome

    store.save = saving  # type: ignore[method-assign]
    return outcomes


def harness(store: Any) -> Copying:
    return Copying(store)


def played(h: Copying, game: str, people: list[Actor], computers: int = 0, chat: ChatRef = CHAT) -> int:
    """A whole game of `game` in `chat`: the first opens, the others join, then computers; to its end
    (and then saved into the store under test)."""
    t = h.open(people[0], game, chat=chat).table_id
    for other in people[1:]:
        h.press(other, t, "Join")
    for _ in range(computers):
        h.press(people[0], t, "+ Computer")
    lobby: Table | None = h.run(h.played_on.load(t))
    if lobby is not None and lobby.status is Status.LOBBY:
        h.press(people[0], t, "Start")
    h.advance(4000, step=1)
    h.copy(t)
    assert h.table(t).status is Status.FINISHED, "the game did not end"
    return t


def seat_of(h: Harness, t: int, who: Actor) -> Standing:
    return next(s for s in h.run(h.store.results(t)) if s.person == who.person)


def player(h: Harness, who: Actor | PersonRef) -> PlayerHistory:
    page = h.run(h.store.player(who if isinstance(who, PersonRef) else who.person))
    assert page is not None
    return page


def chat_page(h: Harness, chat: ChatRef = CHAT, season: str | None = None) -> ChatHistory:
    page = h.run(h.store.chat(chat, season))
    assert page is not None
    return page


def test_head_to_head_counts_who_placed_better_at_the_tables_they_shared(store):
    h = harness(store)
    shared = [played(h, "svolota", [ANN, BOB], computers=1) for _ in range(3)]
    played(h, "svolota", [ANN, CY], computers=1)
    ann_won = sum(seat_of(h, t, ANN).place < seat_of(h, t, BOB).place for t in shared)
    bob_won = sum(seat_of(h, t, BOB).place < seat_of(h, t, ANN).place for t in shared)
    rivals = {r.person: r for r in player(h, ANN).rivals}
    assert set(rivals) == {BOB.person, CY.person}  # the computer at the table is nobody's rival
    bob = rivals[BOB.person]
    assert (bob.games, bob.wins, bob.losses) == (3, ann_won, bob_won)
    assert bob.last == tuple(reversed(shared))
    assert [r.person for r in player(h, ANN).rivals] == [BOB.person, CY.person]  # most shared games first
    mirrored = next(r for r in player(h, BOB).rivals if r.person == ANN.person)
    assert (mirrored.wins, mirrored.losses) == (bob_won, ann_won)


def test_every_rated_game_adds_a_point_to_the_rating_history_and_practice_adds_none(store):
    h = harness(store)
    rated = [played(h, "svolota", [ANN, BOB], computers=1) for _ in range(2)]
    practice = played(h, "svolota", [ANN], computers=2)
    svolota = next(g for g in player(h, ANN).games if g.game == "svolota")
    (row,) = h.run(h.store.person_stats(ANN.person, GLOBAL))
    assert (svolota.games, svolota.wins, svolota.practice_games) == (2, row.wins, 1)
    assert [p.table_id for p in svolota.history] == rated
    assert practice not in [p.table_id for p in svolota.history]
    assert svolota.history[-1].rating == svolota.rating == row.shown
    assert svolota.history[0].at <= svolota.history[1].at


@pytest.mark.slow  # five games in two chats (the fast tier keeps the other contracts)
def test_the_rating_points_of_a_scope_are_its_own_games_per_game_oldest_first(store):
    """What /stats charts: the chat's points, or the global ones (the page's history)."""
    h = harness(store)
    here = [played(h, "svolota", [ANN, BOB], computers=1) for _ in range(2)]
    speed = played(h, "speed", [ANN, BOB])
    elsewhere = played(h, "svolota", [ANN, CY], computers=1, chat=OTHER_CHAT)
    played(h, "svolota", [ANN], computers=2)  # practice: no point
    chat = h.run(h.store.rating_points(ANN.person, chat_scope(CHAT)))
    assert {g: [p.table_id for p in points] for g, points in chat.items()} == {"svolota": here, "speed": [speed]}
    (row,) = [r for r in h.run(h.store.person_stats(ANN.person, chat_scope(CHAT))) if r.game == "svolota"]
    assert chat["svolota"][-1].rating == row.shown  # the shown rating in the chat's scope after it
    everywhere = h.run(h.store.rating_points(ANN.person, GLOBAL))
    assert [p.table_id for p in everywhere["svolota"]] == [*here, elsewhere]
    assert everywhere == {g.game: g.history for g in player(h, ANN).games if g.history}  # the page's history
    assert h.run(h.store.rating_points(ANN.person, GLOBAL, "speed")) == {"speed": everywhere["speed"]}
    assert h.run(h.store.rating_points(ANN.person, chat_scope(OTHER_CHAT), "speed")) == {}
    assert h.run(h.store.rating_points(PersonRef("test", "nobody"), GLOBAL)) == {}


def test_a_player_who_only_practised_has_no_rating_and_no_points(store):
    h = harness(store)
    played(h, "svolota", [CY], computers=2)
    (svolota,) = player(h, CY).games
    assert (svolota.games, svolota.practice_games, svolota.rating, svolota.history) == (0, 1, None, ())
    assert player(h, CY).rivals == ()


def test_the_best_streak_is_the_most_rated_wins_in_a_row(store):
    h = harness(store)
    tables = [played(h, "svolota", [ANN, BOB], computers=1) for _ in range(5)]
    best = run = 0
    for t in tables:
        run = run + 1 if seat_of(h, t, ANN).won else 0
        best = max(best, run)
    assert player(h, ANN).games[0].best_streak == best


def test_recent_games_are_newest_first_with_places_and_the_changes_their_table_showed(store):
    h = harness(store)
    tables = [played(h, "svolota", [ANN, BOB], computers=1) for _ in range(2)]
    recent = player(h, ANN).recent
    assert [g.table_id for g in recent] == tables[::-1]
    line, table = recent[0], h.table(tables[-1])
    assert [s.change for s in line.seats] == table.changes
    assert [(s.person, s.place, s.score) for s in line.seats] == [
        (s.person, s.place, s.score) for s in h.run(h.store.results(table.id))
    ]
    computer = next(s for s in line.seats if s.person is None)
    assert computer.change is None and not computer.forgotten
    assert (line.game, line.chat, line.moves) == ("svolota", CHAT, table.moves)
    assert 0 < line.started_at <= line.finished_at


def test_the_page_names_a_person_as_they_last_played(store):
    h = harness(store)
    played(h, "svolota", [ANN, BOB], computers=1)
    annie = Actor(ANN.person, "Annie")
    played(h, "speed", [BOB, annie])
    assert player(h, ANN).name == "Annie"
    assert next(r for r in player(h, BOB).rivals if r.person == ANN.person).name == "Annie"
    board = next(b for b in chat_page(h).boards if b.game == "svolota")
    assert "Annie" in [r.name for r in board.rows] and "Ann" not in [r.name for r in board.rows]
    assert [s.name for s in player(h, ANN).recent[-1].seats if s.person == ANN.person] == ["Ann"]  # as it was


def test_nobody_and_nowhere_have_no_page(store):
    h = harness(store)
    played(h, "svolota", [ANN, BOB], computers=1)
    assert h.run(h.store.player(PersonRef("test", "nobody"))) is None
    assert h.run(h.store.chat(OTHER_CHAT)) is None


def test_the_chat_page_ranks_as_the_leaderboard_and_keeps_to_its_own_chat(store):
    h = harness(store)
    dan = person("Dan")
    for pair in ([ANN, BOB], [BOB, CY], [ANN, CY], [ANN, BOB]):
        played(h, "svolota", pair, computers=1)
    elsewhere = played(h, "svolota", [dan, ANN], computers=1, chat=OTHER_CHAT)
    page = chat_page(h)
    (board,) = page.boards
    assert board.season is None
    expected = h.run(h.store.leaderboard("svolota", chat_scope(CHAT), LEADERBOARD))
    assert [r.person for r in board.rows] == [r.person for r in expected]
    assert dan.person not in [r.person for r in board.rows]  # he played in another chat only
    assert elsewhere not in [g.table_id for g in page.recent]
    assert len(page.recent) == 4 and page.recent[0].table_id > page.recent[-1].table_id
    assert [(a.person, a.games) for a in page.active] == [(ANN.person, 3), (BOB.person, 3), (CY.person, 2)]
    assert chat_page(h, OTHER_CHAT).active[0].games == 1


def test_the_chat_page_of_a_past_season_shows_that_seasons_board(store):
    h = harness(store)
    first = played(h, "svolota", [ANN, BOB], computers=1)
    h.clock.advance(MONTH)
    played(h, "svolota", [CY, BOB], computers=1)
    old, new = season_of(h.table(first).updated_at), season_of(h.clock.now())
    assert chat_page(h).seasons == (new, old)
    (past,) = chat_page(h, season=old).boards
    assert past.season == old and {r.person for r in past.rows} == {ANN.person, BOB.person}
    (current,) = chat_page(h, season=new).boards
    assert {r.person for r in current.rows} == {CY.person, BOB.person}
    assert {a.person: a.games for a in chat_page(h, season=old).active} == {ANN.person: 1, BOB.person: 1}
    assert chat_page(h, season="2001-01").boards == ()


@pytest.mark.slow  # five games of the three kinds
def test_the_chats_records_are_its_longest_svolota_fastest_speed_win_and_best_demon_round(store):
    h = harness(store)
    svolota = [played(h, "svolota", [ANN, BOB], computers=c) for c in (1, 2)]
    speed = [played(h, "speed", [ANN, BOB]) for _ in range(2)]
    demon = played(h, "racing_demon", [ANN, BOB], computers=1)
    records = {r.kind: r for r in chat_page(h).records}
    longest = max(svolota, key=lambda t: (h.table(t).moves, -t))
    assert (records["longest_svolota"].table_id, records["longest_svolota"].value) == (longest, h.table(longest).moves)
    assert set(records["longest_svolota"].names) == {"Ann", "Bob"}
    won = [t for t in speed if any(s.won and s.person for s in h.run(h.store.results(t)))]
    fastest = min(won, key=lambda t: (h.table(t).updated_at - h.table(t).started_at, t))
    assert records["fastest_speed"].table_id == fastest
    assert records["fastest_speed"].value == h.table(fastest).updated_at - h.table(fastest).started_at
    assert records["fastest_speed"].names == tuple(s.name for s in h.run(h.store.results(fastest)) if s.won)
    people = [s for s in h.run(h.store.results(demon)) if s.person]
    best = max(s.score for s in people)
    assert records["best_demon"].value == best and records["best_demon"].table_id == demon
    assert records["best_demon"].names == tuple(s.name for s in people if s.score == best)


def test_a_page_lists_at_most_the_recent_games(store):
    h = harness(store)
    store.history.recent = 2  # (the pages' RECENT: the bound, not its size, is what is tested)
    tables = [played(h, "speed", [ANN, BOB]) for _ in range(3)]
    assert [g.table_id for g in player(h, ANN).recent] == [tables[2], tables[1]]
    assert [g.table_id for g in chat_page(h).recent] == [tables[2], tables[1]]
    assert player(h, ANN).rivals[0].games == 3  # head-to-head counts beyond the lines listed


def test_a_forgotten_person_has_no_page_and_is_a_former_player_on_everyone_elses(store):
    h = harness(store)
    shared = played(h, "svolota", [ANN, BOB], computers=1)
    assert h.run(h.store.forget(BOB.person)).games == ()
    assert h.run(h.store.player(BOB.person)) is None  # (the page's link then answers 410)
    (line,) = [g for g in player(h, ANN).recent if g.table_id == shared]
    (gone,) = [s for s in line.seats if s.forgotten]
    assert (gone.person, gone.name) == (None, "")
    assert BOB.person not in {r.person for r in player(h, ANN).rivals}
    assert BOB.person not in {a.person for a in chat_page(h).active}
    assert all(r.person != BOB.person for board in chat_page(h).boards for r in board.rows)
