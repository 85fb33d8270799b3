"""What the store keeps beside the tables, as rows: a chat's settings, a person's language and look,
the platform message that shows each screen of a table (its id and the newest version drawn in
it), and the id a platform gave each picture uploaded to it. Each function runs on a connection
the store gives it (SqlStore._reading / _writing)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import ColumnElement, Connection, Table, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from adapters.chat.records import Claim
from adapters.sql.models import Base
from adapters.sql.rows import chats, messages, people, uploads
from bot.people import ChatRef, PersonRef
from bot.settings import ChatSettings


def _upsert(conn: Connection, table: Table, key: dict[str, Any], values: dict[str, Any]) -> None:
    """Update the row with `key`, or insert it with `values`."""
    where = [table.c[name] == value for name, value in key.items()]
    if conn.execute(update(table).where(*where).values(**values)).rowcount == 0:
        conn.execute(insert(table).values(**key, **values))


def chat_settings_of(conn: Connection, chat: ChatRef) -> ChatSettings:
    query = select(chats.c.settings).where(chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
    data = conn.scalar(query)
    return ChatSettings() if data is None else ChatSettings.from_dict(data)


def save_chat_settings(conn: Connection, chat: ChatRef, settings: ChatSettings) -> None:
    _upsert(conn, chats, {"platform": chat.platform, "chat_id": chat.chat_id}, {"settings": settings.to_dict()})


def person_lang_of(conn: Connection, person: PersonRef) -> str | None:
    query = select(people.c.lang).where(people.c.platform == person.platform, people.c.user_id == person.user_id)
    lang: str | None = conn.scalar(query)
    return lang


def set_person_lang(conn: Connection, person: PersonRef, lang: str) -> None:
    _upsert(conn, people, {"platform": person.platform, "user_id": person.user_id}, {"lang": lang})


def person_look_of(conn: Connection, person: PersonRef) -> str | None:
    query = select(people.c.look).where(people.c.platform == person.platform, people.c.user_id == person.user_id)
    look: str | None = conn.scalar(query)
    return look


def set_person_look(conn: Connection, person: PersonRef, look: str) -> None:
    _upsert(conn, people, {"platform": person.platform, "user_id": person.user_id}, {"look": look})


def file_id_of(conn: Connection, platform: str, digest: str) -> str | None:
    query = select(uploads.c.file_id).where(uploads.c.platform == platform, uploads.c.digest == digest)
    found: str | None = conn.scalar(query)
    return found


def remember_file_id(conn: Connection, platform: str, digest: str, file_id: str) -> None:
    """One statement, INSERT … ON CONFLICT DO UPDATE (SQLite and PostgreSQL say it alike): two
    processes that uploaded the same picture both succeed, and the newest id stays."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    values = {"file_id": file_id, "created_at": time.time()}
    statement = dialect.insert(uploads).values(platform=platform, digest=digest, **values)
    conn.execute(statement.on_conflict_do_update(index_elements=["platform", "digest"], set_=values))


tournament_messages = Base.metadata.tables["tournament_messages"]


def _rows(table_id: int) -> Table:
    """Where a screen's message is kept: a tournament's screens (bot/ui/tournament.py) name it by
    its id negated, and have rows of their own (their id is no table's)."""
    return tournament_messages if table_id < 0 else messages


def _screen(table_id: int, audience: str, slot: str) -> list[ColumnElement[bool]]:
    if table_id < 0:
        rows = tournament_messages
        return [rows.c.tournament_id == -table_id, rows.c.audience == audience, rows.c.slot == slot]
    return [messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot]


def message_id_of(conn: Connection, table_id: int, audience: str, slot: str) -> str | None:
    rows = _rows(table_id)
    found: str | None = conn.scalar(select(rows.c.message_id).where(*_screen(table_id, audience, slot)))
    return found


def remember_message(conn: Connection, table_id: int, audience: str, slot: str, message_id: str, version: int) -> None:
    """The message showing a screen. Its version was claimed before drawing, unless this is the
    first drawing: then the row is made with `version`."""
    rows = _rows(table_id)
    if conn.execute(update(rows).where(*_screen(table_id, audience, slot)).values(message_id=message_id)).rowcount:
        return
    key = {"tournament_id": -table_id} if table_id < 0 else {"table_id": table_id}
    conn.execute(insert(rows).values(**key, audience=audience, slot=slot, message_id=message_id, version=version))


def claim(conn: Connection, table_id: int, audience: str, slot: str, version: int) -> Claim:
    """Whether the screen's version may be drawn in its place, and (if so) the message there: one
    conditional UPDATE that returns the message (two processes cannot both win it; SQLite has had
    RETURNING since 3.35); a place never drawn is free and has none."""
    rows, where = _rows(table_id), _screen(table_id, audience, slot)
    claim = update(rows).where(*where, rows.c.version <= version).values(version=version)
    won = conn.execute(claim.returning(rows.c.message_id)).first()
    if won is not None:
        return Claim(True, won.message_id)
    return Claim(conn.scalar(select(rows.c.version).where(*where)) is None)
