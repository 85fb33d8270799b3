"""Tournaments in rows (bot/store/tournaments.py): each one's whole data as JSON beside the columns
the scheduler and a chat ask about (stage, next due time, chat), saved only over the version it
was loaded at. Each function runs on a connection the store gives it."""

from __future__ import annotations

from sqlalchemy import Connection, func, insert, select, update

from adapters.sql.models import Base
from bot.history_tournaments import SHOWN
from bot.people import ChatRef
from bot.store.errors import StaleTournament
from bot.tournament import Stage, Tournament

tournaments = Base.metadata.tables["tournaments"]
OPEN = [s.value for s in Stage if s.open]


def load(conn: Connection, tournament_id: int) -> Tournament | None:
    data = conn.scalar(select(tournaments.c.data).where(tournaments.c.id == tournament_id))
    return None if data is None else Tournament.from_dict(data)


def save(conn: Connection, tournament: Tournament, expected_version: int) -> None:
    t = tournament
    row = {
        "platform": t.chat.platform,
        "chat_id": t.chat.chat_id,
        "stage": t.stage.value,
        "due": t.due,
        "version": t.version,
        "data": t.to_dict(),
        "updated_at": t.updated_at,
    }
    if expected_version == -1:
        if conn.scalar(select(tournaments.c.id).where(tournaments.c.id == t.id)) is not None:
            raise StaleTournament(f"tournament {t.id} exists already")
        conn.execute(insert(tournaments).values(id=t.id, **row))
        return
    where = (tournaments.c.id == t.id, tournaments.c.version == expected_version)
    if conn.execute(update(tournaments).where(*where).values(**row)).rowcount != 1:
        raise StaleTournament(f"tournament {t.id} is no longer at version {expected_version}")


def open_of(conn: Connection, chat: ChatRef | None, platform: str | None) -> list[Tournament]:
    query = select(tournaments.c.data).where(tournaments.c.stage.in_(OPEN)).order_by(tournaments.c.id)
    if chat is not None:
        query = query.where(tournaments.c.platform == chat.platform, tournaments.c.chat_id == chat.chat_id)
    elif platform is not None:
        query = query.where(tournaments.c.platform == platform)
    return [Tournament.from_dict(data) for data in conn.scalars(query)]


def due_of(conn: Connection, now: float, platform: str | None) -> list[int]:
    query = (
        select(tournaments.c.id)
        .where(tournaments.c.stage.in_(OPEN), tournaments.c.due <= now)
        .order_by(tournaments.c.due, tournaments.c.id)
    )
    if platform is not None:
        query = query.where(tournaments.c.platform == platform)
    return list(conn.scalars(query))


def next_due_of(conn: Connection, platform: str | None) -> float | None:
    query = select(func.min(tournaments.c.due)).where(tournaments.c.stage.in_(OPEN))
    if platform is not None:
        query = query.where(tournaments.c.platform == platform)
    due: float | None = conn.scalar(query)
    return due


def shown_of(conn: Connection, chat: ChatRef, most: int) -> list[Tournament]:
    """A chat's tournaments its group page lists (bot/history_tournaments.py): open or finished,
    newest first, at most `most` (one indexed read: platform, chat_id, stage)."""
    query = (
        select(tournaments.c.data)
        .where(tournaments.c.platform == chat.platform, tournaments.c.chat_id == chat.chat_id)
        .where(tournaments.c.stage.in_([s.value for s in SHOWN]))
        .order_by(tournaments.c.id.desc())
        .limit(most)
    )
    return [Tournament.from_dict(data) for data in conn.scalars(query)]
