"""Where a command's CPU goes, by kind of process: the command is run while every process on the
machine is sampled from /proc (bench/process_cpu.py `running`) every `--every` seconds, and each
process's CPU while it was seen is summed under its kind (Chromium, Playwright's driver,
PostgreSQL, the picture workers and their fork server, the pytest workers, bot processes, other).
Made to see what the test suite spends (issue 32); it counts the whole machine, so run it on an
otherwise quiet one. A process that lived less than one interval is missed, and one's last
interval before it ended too (but for the command's own process, seen once more when it has
ended): the figures are a little low.

    python -m bench.command_cpu [--every 0.3] -- .venv/bin/python -m pytest tests/browser -n 2
"""

from __future__ import annotations

import argparse
import os
import subprocess
import threading
import time
from collections.abc import Sequence

from bench.process_cpu import running

KINDS = (  # (kind, what its command line holds), the first that matches
    ("Playwright's driver", "driver/node"),
    ("Chromium", "chrom"),
    ("Chromium", "/proc/self/exe"),
    ("PostgreSQL", "bin/postgres"),  # the server (not a command naming it, `--store postgres`)
    ("PostgreSQL", "postgres: "),  # its backends and helpers
    ("picture workers", "multiprocessing.forkserver"),
    ("spawned processes", "multiprocessing.spawn"),
    ("pytest workers", "exec(eval(sys.stdin.readline()))"),
    ("bot processes", "bin/cardbot"),
    ("pytest", "pytest"),
)


def kind_of(command: str) -> str:
    return next((kind for kind, mark in KINDS if mark in command), "other" if command else "the kernel")


def sampled(command: Sequence[str], every: float) -> tuple[dict[str, float], float, int]:
    """CPU seconds by kind while `command` ran, its wall seconds and its exit status. The command's
    own process is seen once more when it has ended, before it is reaped: its whole CPU counts,
    however late the sampler ran on a busy machine."""
    first = running()
    last = dict(first)
    done = threading.Event()

    def sample(pid: int = 0) -> None:
        for key, (seconds, line) in running().items():
            # (an ended process's command line reads empty: it keeps the one it was seen with)
            known = last.get(key, (0.0, " ".join(command) if key[0] == pid else ""))[1]
            last[key] = (seconds, line or known)

    def keep_sampling() -> None:
        while not done.wait(every):
            sample()

    sampler = threading.Thread(target=keep_sampling, daemon=True)
    started = time.perf_counter()
    sampler.start()
    process = subprocess.Popen(command)
    try:
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)  # ended, not yet reaped
    except BaseException:  # (interrupted: the command is stopped, as subprocess.run does)
        process.kill()
        process.wait()
        raise
    finally:
        done.set()
    sampler.join()
    sample(process.pid)
    status = process.wait()
    wall = time.perf_counter() - started
    spent: dict[str, float] = {}
    for key, (seconds, line) in last.items():
        if key[0] == os.getpid():  # (the sampling itself)
            continue
        kind = kind_of(line)
        spent[kind] = spent.get(kind, 0.0) + seconds - first.get(key, (0.0, ""))[0]
    spent.pop("the kernel", None)
    return spent, wall, status


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--every", type=float, default=0.3, help="seconds between samples (default 0.3)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    spent, wall, status = sampled(command, args.every)
    print(f"{' '.join(command)}: {wall:.1f} s of wall time, exit status {status}; CPU seconds by kind of process:")
    for kind, seconds in sorted(spent.items(), key=lambda item: -item[1]):
        if seconds >= 0.05:
            print(f"  {kind:<22}{seconds:8.1f}")
    print(f"  {'all':<22}{sum(spent.values()):8.1f}")


if __name__ == "__main__":
    main()
