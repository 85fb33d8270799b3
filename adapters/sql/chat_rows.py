"""What the store keeps beside the tables, as rows: a chat's settings, a person's language and look,
the platform message that shows each screen of a table (its id and the newest version drawn in
it), and the id a platform gave each picture uploaded to it. Each function runs on a connection
the store gives it (SqlStore._reading / _writing)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Insert, Select, Table, Update, bindparam, insert, select, update
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


# Made once with bound parameters (the chat layer's statements below say why): a fired deadline reads
# its chat's settings, and a panel its person's look, whenever their cache (bot/chats.py, looks.py)
# has let them go.
CHAT_SETTINGS = select(chats.c.settings).where(
    chats.c.platform == bindparam("platform"), chats.c.chat_id == bindparam("chat_id")
)
_PERSON = (people.c.platform == bindparam("platform"), people.c.user_id == bindparam("user_id"))
PERSON_LANG = select(people.c.lang).where(*_PERSON)
PERSON_LOOK = select(people.c.look).where(*_PERSON)


def chat_settings_of(conn: Connection, chat: ChatRef) -> ChatSettings:
    data = conn.scalar(CHAT_SETTINGS, {"platform": chat.platform, "chat_id": chat.chat_id})
    return ChatSettings() if data is None else ChatSettings.from_dict(data)


def save_chat_settings(conn: Connection, chat: ChatRef, settings: ChatSettings) -> None:
    _upsert(conn, chats, {"platform": chat.platform, "chat_id": chat.chat_id}, {"settings": settings.to_dict()})


def person_lang_of(conn: Connection, person: PersonRef) -> str | None:
    lang: str | None = conn.scalar(PERSON_LANG, {"platform": person.platform, "user_id": person.user_id})
    return lang


def set_person_lang(conn: Connection, person: PersonRef, lang: str) -> None:
    _upsert(conn, people, {"platform": person.platform, "user_id": person.user_id}, {"lang": lang})


def person_look_of(conn: Connection, person: PersonRef) -> str | None:
    look: str | None = conn.scalar(PERSON_LOOK, {"platform": person.platform, "user_id": person.user_id})
    return look


def set_person_look(conn: Connection, person: PersonRef, look: str) -> None:
    _upsert(conn, people, {"platform": person.platform, "user_id": person.user_id}, {"look": look})


# The statements of the chat layer's calls, made once with bound parameters: a statement made anew
# is built, and its cache key built and hashed, on every call, which costs about as much as SQLite
# running it; and each press draws several screens, each claimed and remembered (bench.press_timeline).
FILE_ID = select(uploads.c.file_id).where(
    uploads.c.platform == bindparam("platform"), uploads.c.digest == bindparam("digest")
)


def _remember_upload(dialect: Any) -> Insert:
    """One statement, INSERT … ON CONFLICT DO UPDATE (SQLite and PostgreSQL say it alike): two
    processes that uploaded the same picture both succeed, and the newest id stays."""
    statement = dialect.insert(uploads)
    latest = {"file_id": statement.excluded.file_id, "created_at": statement.excluded.created_at}
    upsert: Insert = statement.on_conflict_do_update(index_elements=["platform", "digest"], set_=latest)
    return upsert


REMEMBER_UPLOAD = {"postgresql": _remember_upload(postgresql), "sqlite": _remember_upload(sqlite)}


def file_id_of(conn: Connection, platform: str, digest: str) -> str | None:
    found: str | None = conn.scalar(FILE_ID, {"platform": platform, "digest": digest})
    return found


def remember_file_id(conn: Connection, platform: str, digest: str, file_id: str) -> None:
    values = {"platform": platform, "digest": digest, "file_id": file_id, "created_at": time.time()}
    conn.execute(REMEMBER_UPLOAD[conn.dialect.name], values)


tournament_messages = Base.metadata.tables["tournament_messages"]


@dataclass(frozen=True, slots=True)
class ScreenRows:
    """Where a screen's message is kept, with its statements: a table's screens in `messages`, a
    tournament's (bot/ui/tournament.py names them by its id negated) in rows of their own (their id
    is no table's)."""

    key: str  # the column naming the table or tournament
    message_id: Select[str]
    version: Select[int]
    remember: Update
    first: Insert
    claim: Update

    @classmethod
    def of(cls, rows: Table, key: str) -> ScreenRows:
        # (a bound name is not a column's: an UPDATE keeps those for the values it sets)
        where = (
            rows.c[key] == bindparam("screen_of"),
            rows.c.audience == bindparam("screen_audience"),
            rows.c.slot == bindparam("screen_slot"),
        )
        newer = rows.c.version <= bindparam("drawn")
        return cls(
            key,
            select(rows.c.message_id).where(*where),
            select(rows.c.version).where(*where),
            update(rows).where(*where).values(message_id=bindparam("shown")),
            insert(rows),
            update(rows).where(*where, newer).values(version=bindparam("drawn")).returning(rows.c.message_id),
        )


TABLE_SCREENS = ScreenRows.of(messages, "table_id")
TOURNAMENT_SCREENS = ScreenRows.of(tournament_messages, "tournament_id")


def _screen(table_id: int, audience: str, slot: str) -> tuple[ScreenRows, dict[str, Any]]:
    """The rows a screen's message is kept in, and the screen's place there."""
    rows = TOURNAMENT_SCREENS if table_id < 0 else TABLE_SCREENS
    return rows, {"screen_of": abs(table_id), "screen_audience": audience, "screen_slot": slot}


def message_id_of(conn: Connection, table_id: int, audience: str, slot: str) -> str | None:
    rows, where = _screen(table_id, audience, slot)
    found: str | None = conn.scalar(rows.message_id, where)
    return found


def remember_message(conn: Connection, table_id: int, audience: str, slot: str, message_id: str, version: int) -> None:
    """The message showing a screen. Its version was claimed before drawing, unless this is the
    first drawing: then the row is made with `version`."""
    rows, where = _screen(table_id, audience, slot)
    if conn.execute(rows.remember, {**where, "shown": message_id}).rowcount:
        return
    place = {rows.key: where["screen_of"], "audience": audience, "slot": slot}
    conn.execute(rows.first, {**place, "message_id": message_id, "version": version})


def claim(conn: Connection, table_id: int, audience: str, slot: str, version: int) -> Claim:
    """Whether the screen's version may be drawn in its place, and (if so) the message there: one
    conditional UPDATE that returns the message (two processes cannot both win it; SQLite has had
    RETURNING since 3.35); a place never drawn is free and has none."""
    rows, where = _screen(table_id, audience, slot)
    won = conn.execute(rows.claim, {**where, "drawn": version}).first()
    if won is not None:
        return Claim(True, won.message_id)
    return Claim(conn.scalar(rows.version, where) is None)
