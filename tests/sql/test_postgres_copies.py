"""PostgreSQL, several processes on one database: a change plays on this process's copy of its
table and its save is refused if another process saved the table meanwhile (the service then runs
the change again on what is stored); a change that saved nothing, or was refused, on a copy that
was no longer the newest runs again too; an update delivered to two processes moves the table
once; a deadline fires once, and each process takes its own batch of due deadlines (leases)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from adapters.sql.leases import LEASE_SECONDS
from adapters.sql.store import SqlStore
from bot.commands import Play
from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
from bot.refusals import Refused
from bot.store import StaleTable
from bot.tables import LoggedMove, Seat, Table
from tests.bot.harness import Harness
from tests.sql.databases import fresh_url
from tests.sql.test_deliveries import play, started, to_play

pytestmark = pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py


def a_table_due_at(table_id: int, due: float) -> Table:
    table = Table(table_id, ChatRef("t", str(table_id)), "svolota", PersonRef("t", "a"), seats=[Seat("A", None)])
    table.arm(Deadline(table_id, Kind.TURN, due, 0, 0))
    return table


@pytest.fixture
def url(tmp_path) -> str:
    return fresh_url("postgres", tmp_path)


def test_each_process_takes_its_own_due_deadlines_until_their_lease_runs_out(url):
    first, second = SqlStore(url), SqlStore(url)
    run = asyncio.new_event_loop().run_until_complete
    for table_id, due in ((1, 10.0), (2, 20.0), (3, 25.0)):
        run(first.save(a_table_due_at(table_id, due), -1))

    assert [d.table_id for d in run(first.due_batch(30.0, 1))] == [1]
    assert [d.table_id for d in run(second.due_batch(30.0, 10, skip={3}))] == [2]  # 1 is the first's
    assert [d.table_id for d in run(first.due_batch(30.0, 10))] == [1, 3]  # its own again, and the one left
    assert [d.table_id for d in run(second.due_batch(30.0, 10))] == [2]
    later = 30.0 + LEASE_SECONDS
    assert [d.table_id for d in run(second.due_batch(later, 10))] == [1, 2, 3]  # the first stopped firing

    table = run(first.load(1))
    assert table is not None
    table.deadlines, before = [], table.version
    table.arm(Deadline(1, Kind.TURN, 11.0, 1, 0))
    table.bump(11.0)
    run(first.save(table, before))  # timers written again: the lease ends with them
    assert [d.table_id for d in run(first.due_batch(later, 10))] == [1]


def test_a_deadline_fired_in_two_processes_at_once_is_saved_once(url):
    first, second = SqlStore(url), SqlStore(url)
    run = asyncio.new_event_loop().run_until_complete
    run(first.save(a_table_due_at(1, 10.0), -1))
    run(second.load(1))  # each process has its copy
    deadline = Deadline(1, Kind.TURN, 10.0, 0, 0)

    async def fire(store: SqlStore, at: float, then: asyncio.Event | None = None) -> bool:
        async with store.transaction() as tx:
            table = await tx.claim(1)
            if table is None or deadline not in table.deadlines:
                return False  # fired already
            before = table.version
            table.deadlines.remove(deadline)
            table.unsaved.append(LoggedMove(0, "pass", at, "timer"))
            table.moves += 1
            table.bump(at)
            if then is not None:
                await then.wait()
            await tx.save(table, before)
        return True

    async def both() -> list[bool | BaseException]:
        first_saved = asyncio.Event()

        async def first_fires() -> bool:
            try:
                return await fire(first, 10.5)
            finally:
                first_saved.set()

        return await asyncio.gather(fire(second, 10.6, first_saved), first_fires(), return_exceptions=True)

    theirs, mine = run(both())
    assert mine is True and isinstance(theirs, StaleTable)
    assert run(fire(second, 10.7)) is False  # run again: the deadline is gone
    stored = run(first.load(1))
    assert stored is not None and (stored.version, stored.deadlines) == (1, [])
    assert [(m.move, m.at) for m in run(first.moves(1))] == [("pass", 10.5)]


def test_a_change_on_a_copy_another_process_moved_on_runs_again_even_if_it_saved_nothing(url):
    mine, other = SqlStore(url), SqlStore(url)
    run = asyncio.new_event_loop().run_until_complete
    run(mine.save(a_table_due_at(1, 10.0), -1))
    run(mine.load(1))  # this process's copy

    async def look() -> int:
        async with mine.transaction() as tx:
            table = await tx.load(1)
            assert table is not None
            return table.version

    async def refuse() -> None:
        async with mine.transaction() as tx:
            await tx.load(1)
            raise Refused("not your turn")

    assert run(look()) == 0
    with pytest.raises(Refused):  # the copy is the newest: the refusal stands
        run(refuse())

    table = run(other.load(1))
    assert table is not None
    table.bump(12.0)
    run(other.save(table, 0))  # another process moves the table on
    with pytest.raises(StaleTable):  # a refusal judged on the old copy
        run(refuse())
    assert run(look()) == 1  # read again
    table.bump(13.0)
    run(other.save(table, 1))
    with pytest.raises(StaleTable):  # nothing saved, yet played on the old copy
        run(look())
    assert run(look()) == 2


def test_an_update_delivered_to_two_processes_moves_the_table_once(url):
    h = Harness(store=SqlStore(url))
    t = started(h)
    elsewhere = Harness(store=SqlStore(url))
    elsewhere.table(t)  # its copy, at this version
    actor, move = to_play(h, t)
    assert h.run(h.service.handle(Play(actor, t, move, once="telegram:41"))).ok
    moves = len(h.log(t))
    # delivered again, to the other process, whose copy is from before the move
    again = elsewhere.run(elsewhere.service.handle(Play(actor, t, move, once="telegram:41")))
    assert again.ok and again.text is None and len(h.log(t)) == moves
    assert play(elsewhere, t, "telegram:42").ok and len(h.log(t)) == moves + 1


def test_racing_changes_in_processes_never_lose_a_move(url):
    setup = SqlStore(url)
    asyncio.new_event_loop().run_until_complete(setup.save(a_table_due_at(1, 10.0), -1))
    won: list[int] = []
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        store = SqlStore(url)  # its own engine and copies: like another process
        run = asyncio.new_event_loop().run_until_complete

        async def change(i: int) -> int:
            async with store.transaction() as tx:
                table = await tx.load(1)
                assert table is not None
                before = table.version
                table.unsaved.append(LoggedMove(0, f"{n}.{i}", float(i), "person"))
                table.moves += 1
                table.bump(float(i))
                table.arm(Deadline(1, Kind.TURN, 100.0 + table.version, table.version, 0))
                await tx.note_delivery(1, f"{n}.{i}")
                await tx.save(table, before)
            return table.version

        for i in range(20):
            try:
                won.append(run(change(i)))
            except StaleTable:
                pass
            except BaseException as e:
                errors.append(e)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    run = asyncio.new_event_loop().run_until_complete
    assert errors == []
    final = run(setup.load(1))
    assert final is not None and sorted(won) == list(range(1, final.version + 1))  # each version saved once
    assert len(run(setup.moves(1))) == final.moves == final.version  # and every saved move logged
    assert final.deadlines == [Deadline(1, Kind.TURN, 100.0 + final.version, final.version, 0)]
