"""The heap a process holds once started: modules, libraries, settings, the database engine, all
living as long as the process.

`hold` keeps the garbage collector off while a process starts: nearly everything start-up allocates
lives on, yet importing a bot's libraries ran 412 collections over it; held, the same imports take
0.8-0.9 of the CPU (`python -m bench.start`). `freeze` then collects once, moves what is left out of
the collector's sight, and turns it back on: a later full collection walks only what came after, not
everything the process ever loaded. Its pause grew with the heap: 0.1 s over a bare bot's 140k
objects, 0.35 s over 2 million, long enough for a busy machine to hold the event loop past a second
(bench/load.py measured both)."""

from __future__ import annotations

import gc


def hold() -> None:
    """No collections until `freeze` (or `release`)."""
    gc.disable()


def release() -> None:
    """Collections again, as usual (a command that is not a long-lived bot, after `hold`)."""
    gc.enable()


def freeze() -> None:
    """Collect what start-up left over, freeze the rest (`gc.unfreeze` undoes it), and collect as
    usual from now on."""
    gc.collect()
    gc.freeze()
    gc.enable()
