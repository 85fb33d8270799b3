"""The shape of an SQLite database's schema, read from sqlite_master and PRAGMAs, and the first
way two shapes differ: what `cardbot db restore` compares a backup with.

Columns, indexes and foreign keys are compared as SQLite reports them, not by their CREATE text
(which another SQLAlchemy version may spell differently); triggers and views, which no migration
creates, by name and text. SQLite's own tables (`sqlite_sequence`, `sqlite_stat1`…) are left out:
SQLite makes them as it goes."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: str
    notnull: bool
    pk: int  # its place in the primary key, from 1; 0 when not in it
    hidden: int  # 0: stored as written; 2, 3: generated from other columns (table_xinfo)


@dataclass(frozen=True, slots=True)
class Index:
    table: str
    columns: tuple[str, ...]
    unique: bool
    partial: bool  # it has a WHERE clause


@dataclass(frozen=True, slots=True)
class ForeignKey:
    columns: tuple[str, ...]
    parent: str
    parent_columns: tuple[str | None, ...]  # None: the parent's primary key


@dataclass(frozen=True, slots=True)
class Table:
    columns: tuple[Column, ...]
    foreign_keys: frozenset[ForeignKey]


@dataclass(frozen=True, slots=True)
class Shape:
    tables: dict[str, Table]
    indexes: dict[str, Index]
    triggers: dict[str, str]  # name → its CREATE TRIGGER text
    views: dict[str, str]  # name → its CREATE VIEW text


def shape_of(db: sqlite3.Connection) -> Shape:
    """The schema of the database open on `db`."""
    rows = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    # indexes SQLite makes for UNIQUE and PRIMARY KEY constraints (sqlite_autoindex_…) are listed too
    tables = {name: _table(db, name) for kind, name, _, _ in rows if kind == "table" and not _internal(name)}
    indexes = {name: _index(db, name, table) for kind, name, table, _ in rows if kind == "index"}
    return Shape(
        tables=tables,
        indexes=indexes,
        triggers={name: sql for kind, name, _, sql in rows if kind == "trigger"},
        views={name: sql for kind, name, _, sql in rows if kind == "view"},
    )


def first_difference(made: Shape, found: Shape) -> str | None:
    """How `found` (a backup) differs from `made` (what the migrations create), first difference
    only, as a sentence; None when they are the same."""
    named = _named_difference("table", made.tables, found.tables)
    if named:
        return named
    for table in sorted(made.tables):
        if made.tables[table] != found.tables[table]:
            return _table_difference(table, made.tables[table], found.tables[table])
    return (
        _named_difference("index", made.indexes, found.indexes)
        or _named_difference("trigger", made.triggers, found.triggers)
        or _named_difference("view", made.views, found.views)
    )


def _named_difference(kind: str, want: Mapping[str, object], have: Mapping[str, object]) -> str | None:
    """The first name in one and not the other, or (but for tables) named alike and different."""
    extra, missing = sorted(have.keys() - want.keys()), sorted(want.keys() - have.keys())
    if extra:
        return f"it has {'an' if kind[0] in 'aeiou' else 'a'} {kind} '{extra[0]}' that no migration creates"
    if missing:
        return f"it lacks the {kind} '{missing[0]}' that its migrations create"
    changed = [name for name in sorted(want) if kind != "table" and want[name] != have[name]]
    return f"its {kind} '{changed[0]}' is not the one its migrations create" if changed else None


def _table_difference(name: str, want: Table, have: Table) -> str:
    columns = {c.name: c for c in want.columns}
    present = {c.name: c for c in have.columns}
    extra, missing = sorted(present.keys() - columns.keys()), sorted(columns.keys() - present.keys())
    if extra:
        return f"its table '{name}' has a column '{extra[0]}' that no migration creates"
    if missing:
        return f"its table '{name}' lacks the column '{missing[0]}' that its migrations create"
    for column in columns:
        if columns[column] != present[column]:
            return (
                f"its column '{name}.{column}' is {_spelled(present[column])}"
                f" where its migrations make it {_spelled(columns[column])}"
            )
    if want.columns != have.columns:
        return f"its table '{name}' has its columns in another order than its migrations create"
    return f"its table '{name}' has other foreign keys than its migrations create"


def _table(db: sqlite3.Connection, name: str) -> Table:
    # table_xinfo: generated columns too (table_info leaves them out)
    columns = tuple(
        Column(name=col, type=kind, notnull=bool(notnull), pk=pk, hidden=hidden)
        for _, col, kind, notnull, _, pk, hidden in db.execute(f"PRAGMA table_xinfo({_quoted(name)})")
    )
    keys: dict[int, list[tuple[str, str, str | None]]] = {}
    for key_id, _, parent, column, parent_column, *_ in db.execute(f"PRAGMA foreign_key_list({_quoted(name)})"):
        keys.setdefault(key_id, []).append((column, parent, parent_column))
    foreign_keys = frozenset(
        ForeignKey(
            columns=tuple(c for c, _, _ in parts),
            parent=parts[0][1],
            parent_columns=tuple(p for _, _, p in parts),
        )
        for parts in keys.values()
    )
    return Table(columns=columns, foreign_keys=foreign_keys)


def _index(db: sqlite3.Connection, name: str, table: str) -> Index:
    # index_xinfo's key columns (key=1); a column of None is an expression
    columns = tuple(str(col) for _, _, col, _, _, key in db.execute(f"PRAGMA index_xinfo({_quoted(name)})") if key)
    listed = [row for row in db.execute(f"PRAGMA index_list({_quoted(table)})") if row[1] == name]
    unique, partial = (bool(listed[0][2]), bool(listed[0][4])) if listed else (False, False)
    return Index(table=table, columns=columns, unique=unique, partial=partial)


def _internal(table: str) -> bool:
    """SQLite's own tables (AUTOINCREMENT's counters, ANALYZE's statistics); nobody else may
    create a name starting `sqlite_`."""
    return table.startswith("sqlite_")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _spelled(column: Column) -> str:
    words = [column.type or "untyped"]
    if column.notnull:
        words.append("NOT NULL")
    if column.pk:
        words.append("PRIMARY KEY")
    if column.hidden:
        words.append("GENERATED")
    return "'" + " ".join(words) + "'"
