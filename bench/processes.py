"""Several bot processes on one PostgreSQL database (docs/operating.md "Several processes on one
database"): bench.load's tables, people and figures, with the tables' people spread over 1, 2 and 4
processes (`--processes`) sharing one database, each process (bench/bot_process.py) running the
real scheduler as the apps do. The total number of tables stays the same (`--tables`, default 500), so the ratio of each
run's moves per second to the one-process run's is the scaling.

How the work is shared is production's: every process's scheduler fires any table's due deadline
(each claimed with `FOR UPDATE SKIP LOCKED`, so it fires in one process only), and a change to a
table, whichever process makes it, loads it with `SELECT … FOR UPDATE`. What a platform does
between the processes is played by the bench: table i's person (bench.load's `Person`, pressing
through `Driver`) lives in process i mod N and their presses go to that process, as a chat's updates
reach the process that takes them; a panel drawn for them by any process reaches them (a panel
drawn elsewhere is sent over a loopback TCP connection, as the platform shows any process's
message), and a panel of an older table version than one they have seen is dropped, as a chat
adapter never draws an older board over a newer one (adapters/chat/records.py `claim`). So each process holds
(opens, and answers the presses of) tables/N tables, while their computers and windows fire
wherever a scheduler claims them first.

The processes open their tables at once, then measure the same `--seconds` of wall time. Printed
for each number of processes: bench.load's figures for all of them together (moves from the
database; presses, deadline lateness and event-loop lag over every process's samples; errors:
exceptions, refused presses and ERROR log lines of every process, tables set aside and stalled
tables, counted as bench.load counts them), then per process: the tables it holds, the moves it
committed (from each commit's table version and move count, every process's commits put in order),
the deadlines it fired and their lateness, those it took but found held or fired by another
process, its people's press latency, its CPU; the CPU time of the bot processes and of the
PostgreSQL server (when it runs on this machine, read from /proc), in all and per move; and at the
end a line per run with moves per second as a ratio of the one-process run's. The exit code is 1 on
any error. Moves per second grow with processes only while the tables ask for more than the
processes give (saturation): below it they are the tables' pace, and lateness tells the runs apart.

    python -m bench.processes [--processes 1,2,4] [--tables 500] [--seconds 20] [--think 0.6]
                              [--window 1.0] [--database-url URL]

A fresh migrated database per run on a throwaway server with fsync on (tests/postgres.py, as
bench.load; CARDBOT_TEST_POSTGRES_URL names a running server instead), or the database at
--database-url (an empty or throwaway one; the tables of the "bench" platform's chats are cancelled
before and after each run). Without a server it says so and exits 0.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sqlalchemy import make_url, text
from sqlalchemy.pool import NullPool

from adapters.sql.engine import make_engine
from bench.bot_process import ARRAYS, SAY, SUMMED, load_of
from bench.load import CONFIG, Load, config_for, moves_between, overdue, report, retire, snapshot, tally
from bench.process_cpu import is_postgres, parent_of, tree_seconds
from bench.scale import load_average, machine
from bench.tables import p50_p99, postgres_url
from bot.settings import ServiceConfig

PROCESSES = "1,2,4"
TABLES = 500  # in all, on a 2-core machine (the server shares the cores); --tables for more
LEAD = 0.3  # seconds from telling the processes when to measure to the start
ROOT = Path(__file__).resolve().parents[1]


def merged(loads: Sequence[Load], tables: int, seconds: float) -> Load:
    """Every process's samples and counts as one run's."""
    total = Load(tables, seconds=seconds, max_lag_all=max(x.max_lag_all for x in loads))
    total.open_seconds = max(x.open_seconds for x in loads)
    for x in loads:
        for name in ARRAYS:
            getattr(total, name).extend(getattr(x, name))
        for name in SUMMED:
            setattr(total, name, getattr(total, name) + getattr(x, name))
        total.fired += x.fired
        for message in x.messages:
            total.error(message)
    return total


# ----- the parent: N processes on one database ------------------------------------------------


@dataclass
class Run:
    processes: int
    total: Load
    shares: list[Load]  # each process's
    held: list[list[int]]  # the tables each process holds
    moves: list[int]  # moves each process committed in the measured time
    changes: list[int]  # changes it committed then
    sent: list[int]  # panels it sent to another process's people (whole run)
    not_here: list[int]  # due deadlines it took but another process held or had fired (measured time)
    server_cpu: float | None = None  # the PostgreSQL server's CPU seconds in the measured time
    begin: float = 0.0
    end: float = 0.0
    failures: list[str] = field(default_factory=list)  # a process that ended early, what it said

    @property
    def errors(self) -> int:
        return self.total.errors + len(self.failures)


class Child:
    """One bot process, started by the parent, and its lines."""

    def __init__(self, index: int, count: int, url: str, tables: int, config: ServiceConfig) -> None:
        argv = [sys.executable, "-m", "bench.bot_process", str(index), str(count), url, str(tables)]
        argv += [str(config.computer_think), str(config.window_seconds)]
        self.index = index
        self.proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def hear(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(SAY):
                return dict(json.loads(line.removeprefix(SAY)))
            sys.stdout.write(line)
        raise ChildEnded(f"process {self.index + 1} ended early (exit code {self.proc.wait()})")

    def tell(self, **message: Any) -> None:
        stdin: IO[str] | None = self.proc.stdin
        assert stdin is not None
        stdin.write(json.dumps(message) + "\n")
        stdin.flush()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


class ChildEnded(Exception):
    pass


def measure(url: str, count: int, tables: int, seconds: float, config: ServiceConfig) -> Run:
    """`count` processes on the database at `url` holding `tables` tables between them."""
    children = [Child(k, count, url, tables, config) for k in range(count)]
    server = server_pid(url)
    try:
        ports = [c.hear()["port"] for c in children]
        for c in children:
            c.tell(ports=ports)
        for c in children:
            c.hear()  # connected
        for c in children:
            c.tell(open=True)
        opened = [c.hear() for c in children]
        begin = time.time() + LEAD
        end = begin + seconds
        for c in children:
            c.tell(begin=begin, end=end)
        ids = [i for o in opened for i in o["ids"]]
        time.sleep(max(0.0, begin - time.time()))
        before, overdue_before = snapshot(url, ids), overdue(url, begin)
        cpu_before = None if server is None else tree_seconds(server)
        time.sleep(max(0.0, end - time.time()))
        overdue_after = overdue(url, end)
        cpu_after = None if server is None else tree_seconds(server)
        for c in children:
            c.tell(stop=True)
        said = [c.hear() for c in children]
    except ChildEnded as e:
        for c in children:
            c.stop()
        return Run(count, Load(tables), [], [], [], [], [], [], failures=[str(e)])
    for c in children:
        c.proc.wait()
    after = snapshot(url, ids)
    shares = [load_of(len(range(k, tables, count)), seconds, s["load"]) for k, s in enumerate(said)]
    for share, o in zip(shares, opened, strict=True):
        share.open_seconds = o["open_seconds"]
        tally(share, {i: before[i] for i in o["ids"] if i in before}, {i: after[i] for i in o["ids"] if i in after})
    total = merged(shares, tables, seconds)
    total.moves_by = moves_between(url, ids, begin, end)
    total.overdue = overdue_before, overdue_after
    tally(total, before, after)
    moves, changes = committed_by(count, [s["commits"] for s in said], begin, end)
    server_cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    held = [list(o["ids"]) for o in opened]
    sent, not_here = [s["sent"] for s in said], [s["not_here"] for s in said]
    return Run(count, total, shares, held, moves, changes, sent, not_here, server_cpu, begin, end)


def committed_by(
    count: int, commits: Sequence[Sequence[Sequence[float]]], begin: float, end: float
) -> tuple[list[int], list[int]]:
    """The moves and the changes each process committed from `begin` to `end`: a change's moves
    are its table's move count less that of the table's commit before it, whichever process made it."""
    rows = sorted((int(t), int(v), int(m), at, k) for k, own in enumerate(commits) for t, v, m, at in own)
    moves, changes = [0] * count, [0] * count
    last: dict[int, int] = {}  # each table's move count at its latest commit
    for table_id, _, logged, at, k in rows:
        if begin <= at < end:
            moves[k] += logged - last.get(table_id, 0)
            changes[k] += 1
        last[table_id] = logged
    return moves, changes


def server_pid(url: str) -> int | None:
    """The PostgreSQL server's postmaster, if it runs on this machine: the parent of a backend."""
    if make_url(url).host not in ("127.0.0.1", "localhost", "::1", None):
        return None
    engine = make_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:  # (read while the backend runs)
            backend = int(conn.scalar(text("SELECT pg_backend_pid()")) or 0)
            postmaster = parent_of(backend)
            if postmaster is None or not (is_postgres(backend) and is_postgres(postmaster)):
                return None
            return postmaster
    finally:
        engine.dispose()


# ----- reports --------------------------------------------------------------------------------


def _late(load: Load) -> str:
    l50, l99 = p50_p99(load.lateness)
    return f"p50 {l50:.1f} ms  p99 {l99:.1f} ms  max {max(load.lateness, default=0) * 1000:.1f} ms"


def report_run(run: Run, config: ServiceConfig) -> None:
    for failure in run.failures:
        print(f"postgresql, {run.processes} processes: {failure}")
    if run.failures:
        return
    many = f"{run.processes} processes" if run.processes > 1 else "1 process"
    report("postgresql", run.total, config, f", {many} on one database")
    seconds = run.total.seconds
    print(
        "  per process (the tables whose people it serves; the moves and changes it committed; the deadlines "
        "it fired, wherever their table's people are, and their lateness; its people's presses; its CPU):"
    )
    for k, share in enumerate(run.shares):
        p50, p99 = p50_p99(share.presses)
        fired = share.fired.total()
        print(
            f"    process {k + 1}: {len(run.held[k])} tables; moves {run.moves[k]} ({run.moves[k] / seconds:,.0f}/s), "
            f"changes {run.changes[k]}; deadlines fired {fired} ({fired / seconds:,.0f}/s; taken but held or fired "
            f"by another process {run.not_here[k]}), "
            f"late by {_late(share)}; presses {len(share.presses)}, p50 {p50:.1f} ms  p99 {p99:.1f} ms; "
            f"CPU {share.cpu_seconds / seconds:.2f} of a core; panels sent to other processes {run.sent[k]}; "
            f"errors {share.errors}"
        )
    bots, cores = run.total.cpu_seconds, os.cpu_count() or 1
    server = "not measured (not on this machine)" if run.server_cpu is None else f"{run.server_cpu:.1f} s"
    together = "" if run.server_cpu is None else f": together {(bots + run.server_cpu) / (cores * seconds):.0%} of them"
    moves = max(1, run.total.moves)
    per_move = f"bot processes {bots / moves * 1000:.1f} ms" + (
        "" if run.server_cpu is None else f", PostgreSQL server {run.server_cpu / moves * 1000:.1f} ms"
    )
    print(
        f"  CPU in the measured time: bot processes {bots:.1f} s, PostgreSQL server {server}; "
        f"{cores} cores x {seconds:.0f} s = {cores * seconds:.0f} core-seconds{together} (other work on the machine "
        "takes the rest, and more processes take a larger share of a busy machine)"
    )
    print(f"  CPU per move: {per_move}")


def report_scaling(runs: Sequence[Run], tables: int) -> None:
    print(
        f"scaling: {tables} tables in all on one PostgreSQL database; moves/s in the measured time; "
        "CPU/move: the bot processes' CPU time per move, and the server's"
    )
    print(
        f"  {'processes':>9}  {'moves/s':>8}  {'x 1 process':>11}  {'late p50':>9}  {'p99':>9}  {'max':>9}  "
        f"{'press p99':>9}  {'CPU/move':>8}  {'server':>8}  errors"
    )
    one = next((r for r in runs if r.processes == 1 and not r.failures), None)
    base = one.total.moves / one.total.seconds if one is not None else None
    for r in runs:
        if r.failures:
            print(f"  {r.processes:>9}  failed: {'; '.join(r.failures)}")
            continue
        rate = r.total.moves / r.total.seconds
        ratio = f"{rate / base:.2f}x" if base else "-"
        l50, l99 = p50_p99(r.total.lateness)
        _, p99 = p50_p99(r.total.presses)
        moves = max(1, r.total.moves)
        bots = r.total.cpu_seconds / moves * 1000
        server = "-" if r.server_cpu is None else f"{r.server_cpu / moves * 1000:.1f} ms"
        print(
            f"  {r.processes:>9}  {rate:>8,.0f}  {ratio:>11}  {l50:>6.1f} ms  {l99:>6.1f} ms  "
            f"{max(r.total.lateness, default=0) * 1000:>6.1f} ms  {p99:>6.1f} ms  {bots:>5.1f} ms  "
            f"{server:>8}  {r.errors}"
        )


# ----- the command line -----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", default=PROCESSES, help="numbers of processes, comma-separated (%(default)s)")
    parser.add_argument("--tables", type=int, default=TABLES, help="tables in all, shared by the processes")
    parser.add_argument("--seconds", type=float, default=20.0, help="wall time measured per run")
    parser.add_argument("--think", type=float, default=CONFIG.computer_think, help="Svolota computers' pause, s")
    parser.add_argument("--window", type=float, default=CONFIG.window_seconds, help="real-time window, s")
    parser.add_argument("--database-url", help="PostgreSQL: this database instead of fresh ones")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    config = config_for(args.think, args.window)
    counts = [int(n) for n in args.processes.split(",") if n.strip()]
    print(machine())
    runs = []
    for count in counts:
        url = args.database_url or postgres_url()
        if url is None:
            return 0
        if args.database_url:
            retire(url)
        sys.stdout.flush()
        try:
            run = measure(url, count, args.tables, args.seconds, config)
        finally:
            _done_with(url, args.database_url is not None)
        report_run(run, config)
        runs.append(run)
    report_scaling(runs, args.tables)
    print(f"at the end: {load_average()}")
    return 1 if any(r.errors for r in runs) else 0


def _done_with(url: str, shared: bool) -> None:
    if shared:
        retire(url)
    else:
        from tests import postgres

        postgres.drop_made()


if __name__ == "__main__":
    sys.exit(main())
