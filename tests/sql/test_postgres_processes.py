"""PostgreSQL, several processes on one database: each process takes its own batch of due deadlines
(leases); an update delivered to two processes moves the table once; racing changes in processes
never lose a move (each a transaction from its locked load to its one-statement save)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from adapters.sql.leases import LEASE_SECONDS
from adapters.sql.store import SqlStore
from bot.commands import Play
from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
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
