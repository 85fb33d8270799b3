"""bench.command_cpu runs a command and sums the CPU its processes spent, by kind: a busy child
shows under its kind, and the command's exit status is passed on. No timing asserts."""

from __future__ import annotations

import sys

import pytest

from bench import command_cpu


def test_a_busy_command_shows_its_cpu_under_its_kind(capsys: pytest.CaptureFixture[str]) -> None:
    # (the command's own process is seen once more when it has ended: all of its CPU counts, however
    # seldom the sampler ran meanwhile on a loaded machine)
    busy = "import time\nwhile time.process_time() < 0.5: pass"
    spent, _, status = command_cpu.sampled([sys.executable, "-c", busy], 30.0)
    assert status == 0 and spent.get("other", 0.0) > 0.4
    command_cpu.main(["--every", "0.05", "--", sys.executable, "-c", "raise SystemExit(3)"])
    assert "exit status 3" in capsys.readouterr().out


def test_kinds_are_told_by_the_command_line() -> None:
    assert command_cpu.kind_of("/usr/lib/chromium/chromium --type=renderer") == "Chromium"
    assert command_cpu.kind_of("postgres: cardbot cardbot_1 127.0.0.1 idle") == "PostgreSQL"
    assert command_cpu.kind_of("/usr/lib/postgresql/15/bin/postgres -D /tmp/pg -p 5433") == "PostgreSQL"
    assert command_cpu.kind_of("python -m bench.load --store postgres --tables 500") == "other"
    assert command_cpu.kind_of("python -c from multiprocessing.forkserver import main") == "picture workers"
    assert command_cpu.kind_of("") == "the kernel"
