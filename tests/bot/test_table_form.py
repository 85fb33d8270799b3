"""A table's saved form (`Table.to_dict`, written out by hand for speed) holds every field of the
table and of everything in it: a field added to `Table` (or to a seat, a vote, a logged move …)
and not to its serialisation fails here, not in a game that silently loses it. (Its columns in
the database: tests/sql/test_community_store.py.)"""

from __future__ import annotations

import json
from dataclasses import MISSING, fields, is_dataclass
from typing import Any

from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
from bot.tables import Award, Invite, LoggedMove, Notice, Seat, Status, Table, Vote

ANN, BOB = PersonRef("telegram", "1"), PersonRef("telegram", "2")
NOT_SAVED = {"unsaved"}  # the moves logged since loading: the store appends them to the log


def every_field_set() -> Table:
    """A table in which every field, and every field of what it holds, differs from its default."""
    move = LoggedMove(1, "play 8H", 12.5, by="computer", notes=("reversed",))
    return Table(
        id=7,
        chat=ChatRef("telegram", "-100", thread_id="3"),
        game="svolota",
        creator=ANN,
        status=Status.PLAYING,
        options={"free_pass": True},
        seats=[
            Seat(
                "Ann", ANN, level="hard", stand_in=True, missed=1, last_active=3.0, lang="uk", forgotten=True, left=BOB
            )
        ],
        version=4,
        state='{"game": "svolota"}',
        moves=9,
        recent=[move],
        invites=[Invite(BOB, "Bob", accepted=True)],
        fill_with_computers=True,
        created_at=1.0,
        updated_at=2.0,
        deadlines=[Deadline(7, Kind.TURN, 99.0, version=4, seat=1)],
        shown=3,
        summary_from=2,
        stalemate_windows=1,
        rematch_of=5,
        rematch=8,
        seed=42,
        result=[0, 3],
        changes=[12, None],
        stopped="ValueError: broken",
        started_at=1.5,
        level="easy",
        rules_open=True,
        kicked=[BOB],
        vote=Vote(target=1, by=0, due=60.0, yes=[0], no=[2], number=2),
        votes=2,
        notice=Notice("removed", "Bob", 5.0),
        moments=[move],
        earned=[Award(0, "first_win")],
        tournament=12,
        unsaved=[move],
    )


def unset_fields(value: Any, path: str = "table") -> list[str]:
    """The fields (by path) left at their default anywhere in `value`."""
    if isinstance(value, list | tuple):
        return [p for i, v in enumerate(value) for p in unset_fields(v, f"{path}[{i}]")]
    if not is_dataclass(value):
        return []
    found = []
    for f in fields(value):
        own = getattr(value, f.name)
        default = (
            f.default
            if f.default is not MISSING
            else (f.default_factory() if f.default_factory is not MISSING else MISSING)
        )
        if own == default:
            found.append(f"{path}.{f.name}")
        found += unset_fields(own, f"{path}.{f.name}")
    return found


def test_the_example_sets_every_field_of_a_table_and_of_what_it_holds():
    assert unset_fields(every_field_set()) == []


def test_every_field_of_a_table_is_in_its_saved_form_and_comes_back():
    table = every_field_set()
    saved = json.loads(json.dumps(table.to_dict()))  # as a store keeps it
    assert set(saved) == {f.name for f in fields(Table)} - NOT_SAVED
    back = Table.from_dict(saved)
    table.unsaved = []
    assert back == table
    assert unset_fields(back) == ["table.unsaved"]
