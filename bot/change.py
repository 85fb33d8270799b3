"""One change of one table in progress: the transaction it runs in, and what is to be done once it
is committed (bot/changer.py runs it). A step of a change (what a button, a move, a kick does)
gets the table and this, changes the table, and may answer its sender."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.people import PersonRef
from bot.store.tables import Transaction
from bot.tables import Table
from bot.ui.screen import Reply


@dataclass(slots=True)
class Change:
    """Its transaction; other tables to redraw once it is committed (a rematch's new table); the
    seats whose private panels are redrawn then although the board waits for its window (a
    person's own real-time move: they see its effect at once); the people it removed, told once it
    is committed: (person, their seat's language)."""

    tx: Transaction
    redraw: list[Table] = field(default_factory=list)
    panels: list[int] = field(default_factory=list)
    removed: list[tuple[PersonRef, str | None]] = field(default_factory=list)


# What a command does to a table, inside its change: None or a reply to its sender.
Step = Callable[[Table, Change], Awaitable[Reply | None]]
