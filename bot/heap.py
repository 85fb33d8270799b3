"""The heap a process holds once started: modules, libraries, settings, the database engine, all
living as long as the process. `freeze` moves it out of the garbage collector's sight, so a
later full collection walks only what came after, not everything the process ever loaded. Its
pause grew with the heap: 0.1 s over a bare bot's 140k objects, 0.35 s over 2 million, long enough
for a busy machine to hold the event loop past a second (bench/load.py measured both)."""

from __future__ import annotations

import gc


def freeze() -> None:
    """Collect what start-up left over, then freeze the rest (`gc.unfreeze` undoes it)."""
    gc.collect()
    gc.freeze()
