"""CPU time of processes, read from /proc (Linux): a process and its children (the PostgreSQL
server's, whose postmaster forks a backend per connection, beside the bot processes sharing its
cores), and every process's at one moment (`running`, which bench/command_cpu.py samples)."""

from __future__ import annotations

import os
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def _fields(pid: int | str) -> list[str]:
    """/proc/<pid>/stat's fields after the command's name (which may hold spaces): state first."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def parent_of(pid: int) -> int | None:
    try:
        return int(_fields(pid)[1])
    except (OSError, ValueError, IndexError):
        return None


def tree_seconds(pid: int) -> float | None:
    """CPU seconds of `pid` (user and system), of its children that ended (and were waited for)
    and of those still running; None if it is gone or unreadable."""
    try:
        own = _fields(pid)
    except OSError:
        return None
    ticks = sum(int(x) for x in own[11:15])  # utime, stime, cutime, cstime
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            child = _fields(entry.name)
        except OSError:  # ended meanwhile
            continue
        if int(child[1]) == pid:
            ticks += int(child[11]) + int(child[12])
    return ticks / TICKS


def is_postgres(pid: int) -> bool:
    """Whether `pid` is a PostgreSQL server process here (its postmaster or a backend)."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip() in ("postgres", "postmaster")
    except OSError:
        return False


def running() -> dict[tuple[int, int], tuple[float, str]]:
    """Every process now, by (pid, start time): its own CPU seconds (user and system) and its
    command line (empty for the kernel's)."""
    found = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fields = _fields(entry.name)
            command = Path(f"/proc/{entry.name}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        found[int(entry.name), int(fields[19])] = ((int(fields[11]) + int(fields[12])) / TICKS, command)
    return found
