"""The SQL store keeps tables, seats, deadlines, the move log and settings, and refuses a stale save;
on a SQLite file and on PostgreSQL."""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import text

from adapters.sql.engine import make_engine
from adapters.sql.store import SqlStore
from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
from bot.settings import ChatSettings
from bot.store import StaleTable
from bot.tables import Invite, LoggedMove, Seat, Status, Table
from tests.sql.databases import fresh_sqlite, fresh_url

CHAT = ChatRef("tg", "-100", "7")
ANN = PersonRef("tg", "1")


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


@pytest.fixture
def store(db_kind, tmp_path) -> SqlStore:
    return SqlStore(fresh_url(db_kind, tmp_path))


def a_table(table_id: int) -> Table:
    table = Table(
        id=table_id,
        chat=CHAT,
        game="svolota",
        creator=ANN,
        status=Status.CHALLENGE,
        options={"free_pass": True},
        seats=[Seat("Ann", ANN, lang="ru"), Seat("Ada", None, level="hard")],
        invites=[Invite(PersonRef("tg", "2"), "Bob")],
        created_at=5.0,
        updated_at=6.0,
        seed=2**62,
    )
    table.arm(Deadline(table_id, Kind.CHALLENGE_EXPIRY, 305.0))
    return table


def test_a_table_comes_back_as_it_was_saved(store):
    table_id = run(store.new_table_id())
    table = a_table(table_id)
    run(store.save(table, -1))
    assert run(store.load(table_id)) == table
    assert run(store.load(table_id + 100)) is None


def test_a_save_from_a_stale_copy_is_refused_and_changes_nothing(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    first, second = run(store.load(table.id)), run(store.load(table.id))
    first.bump(7.0)
    run(store.save(first, 0))
    second.bump(8.0)
    second.seats.append(Seat("Eve", PersonRef("tg", "9")))
    with pytest.raises(StaleTable):
        run(store.save(second, 0))
    assert run(store.load(table.id)) == first


def test_new_moves_are_appended_to_the_log_in_order(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    for n in range(3):
        table.log_move(LoggedMove(n % 2, f"move {n}", float(n), "person"))
    table.bump(1.0)
    run(store.save(table, 0))
    assert table.unsaved == []
    table.log_move(LoggedMove(0, "move 3", 3.0, "timer"))
    table.bump(2.0)
    run(store.save(table, 1))
    assert [m.move for m in run(store.moves(table.id))] == ["move 0", "move 1", "move 2", "move 3"]
    assert run(store.load(table.id)).moves == 4


def test_deadlines_are_found_when_due_earliest_first(store):
    for i, due in enumerate([50.0, 10.0, 30.0]):
        table = a_table(run(store.new_table_id()))
        table.deadlines = [Deadline(table.id, Kind.TURN, due, 0, i)]
        run(store.save(table, -1))
    assert [d.due for d in run(store.due(30.0))] == [10.0, 30.0]
    assert run(store.next_due()) == 10.0


def test_open_tables_are_found_per_chat_and_thread(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    assert [t.id for t in run(store.open_tables(CHAT))] == [table.id]
    assert run(store.open_tables(ChatRef("tg", "-100", None))) == []
    table.status = Status.FINISHED
    run(store.save(table, 0))
    assert run(store.open_tables(CHAT)) == []
    assert run(store.all_open()) == []


def test_chat_settings_and_languages_are_kept(store):
    assert run(store.chat_settings(CHAT)) == ChatSettings()
    settings = ChatSettings(lang="uk", turn_seconds=90, house_rules={"svolota": {"free_pass": True}})
    run(store.save_chat_settings(CHAT, settings))
    run(store.save_chat_settings(CHAT, settings))
    assert run(store.chat_settings(ChatRef("tg", "-100"))) == settings  # one setting for all threads
    assert run(store.person_lang(ANN)) is None
    run(store.set_person_lang(ANN, "ru"))
    run(store.set_person_lang(ANN, "uk"))
    assert run(store.person_lang(ANN)) == "uk"


def test_a_persons_own_look_is_kept_beside_their_language(store):
    bob = PersonRef("tg", "2")
    assert run(store.person_look(ANN)) is None
    run(store.set_person_look(ANN, "text"))
    run(store.set_person_look(ANN, "four_colour"))
    run(store.set_person_lang(bob, "ru"))
    run(store.set_person_look(bob, "text"))
    assert run(store.person_look(ANN)) == "four_colour" and run(store.person_lang(ANN)) is None
    assert run(store.person_look(bob)) == "text" and run(store.person_lang(bob)) == "ru"
    assert run(store.person_look(PersonRef("discord", "1"))) is None  # another platform's person


def test_the_file_id_of_an_uploaded_picture_is_kept_once_per_platform_and_digest(store):
    digest = "0123456789abcdef0123456789abcdef"
    assert run(store.file_id("telegram", digest)) is None
    run(store.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI" + "x" * 60))
    run(store.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI-newer"))  # uploaded again elsewhere
    run(store.remember_file_id("discord", digest, "1234"))
    assert run(store.file_id("telegram", digest)) == "AgACAgQAAxkBAAI-newer"
    assert run(store.file_id("discord", digest)) == "1234"
    assert run(store.file_id("telegram", "f" * 32)) is None
    engine = make_engine(store.url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM uploads")).scalar() == 2
    engine.dispose()


def test_two_processes_remembering_one_picture_at_once_both_succeed(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    first, second = SqlStore(url), SqlStore(url)
    digest = "a" * 32

    async def both() -> None:
        await asyncio.gather(
            *(s.remember_file_id("telegram", digest, f"id-{n}") for n in range(5) for s in (first, second))
        )

    try:
        run(both())
        assert run(first.file_id("telegram", digest)) in {f"id-{n}" for n in range(5)}
    finally:
        run(first.close())
        run(second.close())


def test_sqlite_is_tuned_for_many_small_writes(tmp_path):
    engine = make_engine(fresh_sqlite(tmp_path))
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000


def test_the_platform_message_of_each_screen_is_remembered(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    assert run(store.message_id(table.id, "", "table")) is None
    run(store.remember_message(table.id, "", "table", "m-1"))
    run(store.remember_message(table.id, "1", "panel", "m-2"))
    run(store.remember_message(table.id, "", "table", "m-3"))
    assert run(store.message_id(table.id, "", "table")) == "m-3"
    assert run(store.message_id(table.id, "1", "panel")) == "m-2"


def test_a_screen_is_never_drawn_over_a_newer_one(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    place = (table.id, "", "table")
    assert run(store.claim_screen(*place, 3))  # the first drawing
    run(store.remember_message(*place, "m-1", 3))
    assert run(store.claim_screen(*place, 5))  # another process draws version 5
    assert not run(store.claim_screen(*place, 4))  # this one is late with version 4: not drawn
    assert run(store.claim_screen(*place, 5))  # the same version again (a restart redraws)
    assert run(store.claim_screen(table.id, "1", "panel", 4))  # each place on its own
    assert run(store.message_id(*place)) == "m-1"


def test_a_start_finds_the_tables_of_its_platform_that_closed_just_before_the_newest_change(store):
    now, window = 1_000_000.0, 120.0
    for table_id, status, updated_at, platform in [
        (1, Status.FINISHED, now - window - 1, "tg"),  # long enough ago to have been drawn
        (2, Status.FINISHED, now - 5, "tg"),
        (3, Status.CANCELLED, now - 1, "tg"),
        (4, Status.EXPIRED, now, "tg"),
        (5, Status.PLAYING, now, "tg"),  # open: redrawn anyway
        (6, Status.FINISHED, now, "discord"),  # another platform's
        (7, Status.FINISHED, now + 1000, "discord"),
    ]:
        table = a_table(run(store.new_table_id()))
        assert table.id == table_id
        table.status, table.updated_at, table.deadlines = status, updated_at, []
        table.chat = ChatRef(platform, "-100")
        run(store.save(table, -1))
    assert [t.id for t in run(store.recently_closed(window, "tg"))] == [2, 3, 4]
    assert [t.id for t in run(store.recently_closed(window))] == [7]
    assert [t.id for t in run(store.all_open("tg"))] == [5]
    assert run(store.all_open("discord")) == []


def test_each_platform_fires_only_its_own_deadlines(store):
    for due, platform in [(10.0, "tg"), (20.0, "discord")]:
        table = a_table(run(store.new_table_id()))
        table.chat = ChatRef(platform, "-100")
        table.deadlines = [Deadline(table.id, Kind.TURN, due, 0, 0)]
        run(store.save(table, -1))

    def due(platform: str | None) -> list[int]:
        return [d.table_id for d in run(store.due_batch(30.0, 10, platform))]

    assert (due("discord"), due("tg"), due(None), due("console")) == ([2], [1], [1, 2], [])
    assert (run(store.next_due("discord")), run(store.next_due("tg")), run(store.next_due())) == (20.0, 10.0, 10.0)
    assert run(store.next_due("console")) is None


@pytest.mark.filterwarnings("error::sqlalchemy.exc.SAWarning")  # a rollback on a connection already closed
def test_a_change_cancelled_while_it_commits_is_committed_whole_and_the_store_goes_on(store, monkeypatch):
    """A stopping bot cancels its tasks; one may be committing on the store's thread. The commit
    ends first (no rollback races it on the same connection), and the next change works."""
    from adapters.sql.together import Together
    from adapters.sql.transaction import SqlTransaction

    committing, cancelled = threading.Event(), threading.Event()

    def slowly(commit):  # on the store's thread: the commit is under way when the cancel comes
        def slow(*args):
            committing.set()
            cancelled.wait(10)
            return commit(*args)

        return slow

    monkeypatch.setattr(SqlTransaction, "finish", slowly(SqlTransaction.finish))  # in a transaction held (PostgreSQL)
    monkeypatch.setattr(Together, "_write", slowly(Together._write))  # with others (SQLite)

    async def go() -> None:
        table = a_table(await store.new_table_id())

        async def change() -> None:
            async with store.transaction() as tx:
                await tx.save(table, -1)

        task = asyncio.create_task(change())
        await asyncio.to_thread(committing.wait)
        task.cancel()
        cancelled.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await store.load(table.id) == table
        async with store.transaction() as tx:
            again = await tx.load(table.id)
            assert again is not None
            await tx.save(again, table.version)
        await store.close()

    run(go())
