"""The schema. Alembic's migrations in migrations/versions/ create exactly this (a test runs
autogenerate against a migrated database and expects no difference)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class PersonRow(Base):
    __tablename__ = "people"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128), default="")
    lang: Mapped[str | None] = mapped_column(String(8))
    look: Mapped[str | None] = mapped_column(String(16))  # their own panels' look (None: each chat's)
    __table_args__ = (UniqueConstraint("platform", "user_id", name="uq_people_identity"),)


class ChatRow(Base):
    __tablename__ = "chats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    __table_args__ = (UniqueConstraint("platform", "chat_id", name="uq_chats_identity"),)


class TableIdRow(Base):
    """Hands out table ids before a table's first save (its deadlines name it)."""

    __tablename__ = "table_ids"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    thread_id: Mapped[str | None] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(Integer)
    creator_platform: Mapped[str] = mapped_column(String(16))
    creator_user_id: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[str | None] = mapped_column(Text)  # the game's to_json()
    moves: Mapped[int] = mapped_column(Integer, default=0)
    recent: Mapped[list[Any]] = mapped_column(JSON)
    invites: Mapped[list[Any]] = mapped_column(JSON)
    fill_with_computers: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    shown: Mapped[int] = mapped_column(Integer, default=0)
    summary_from: Mapped[int] = mapped_column(Integer, default=0)
    stalemate_windows: Mapped[int] = mapped_column(Integer, default=0)
    rematch_of: Mapped[int | None] = mapped_column(Integer)
    rematch: Mapped[int | None] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(BigInteger)
    result: Mapped[list[int] | None] = mapped_column(JSON)
    changes: Mapped[list[int | None] | None] = mapped_column(JSON)  # rating changes by seat, shown at the end
    seats: Mapped[list[Any]] = mapped_column(JSON)  # a few small records, always read with the table
    stopped: Mapped[str | None] = mapped_column(Text)  # set aside after repeated errors: why
    started_at: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    level: Mapped[str] = mapped_column(String(16), default="normal", server_default="normal")  # the computers'
    rules_open: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    kicked: Mapped[list[Any]] = mapped_column(JSON, server_default="[]")  # people removed: may not join again
    vote: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # a vote to remove someone, while it runs
    votes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    notice: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # the latest removal or vote, for the board
    moments: Mapped[list[Any]] = mapped_column(JSON, server_default="[]")  # a finished game's key moves
    earned: Mapped[list[Any]] = mapped_column(JSON, server_default="[]")  # achievements earned at it
    tournament: Mapped[int | None] = mapped_column(Integer)  # the tournament it is a match of (issue #38)
    __table_args__ = (
        Index("ix_tables_chat_status", "platform", "chat_id", "status"),
        Index("ix_tables_status", "status"),
    )


class MoveRow(Base):
    """The move log: every accepted move, so a game can be replayed and audited."""

    __tablename__ = "moves"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # from 1, in the order applied
    seat: Mapped[int] = mapped_column(Integer)
    move: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)
    by: Mapped[str] = mapped_column(String(16))
    notes: Mapped[list[str]] = mapped_column(JSON, server_default="[]")  # what it made happen (bot/happened.py)


class TimerRow(Base):
    """Durable deadlines; the scheduler fires the earliest through the service."""

    __tablename__ = "timers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(24))
    due: Mapped[float] = mapped_column(Float)
    version: Mapped[int | None] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    # PostgreSQL: the process that took it in a batch to fire, until when (adapters/sql/leases.py)
    leased_by: Mapped[str | None] = mapped_column(String(16))
    leased_until: Mapped[float | None] = mapped_column(Float)
    __table_args__ = (Index("ix_timers_due", "due"), Index("ix_timers_table", "table_id"))


class MessageRow(Base):
    """The platform messages a table is drawn in, so an adapter edits rather than resends."""

    __tablename__ = "messages"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    audience: Mapped[str] = mapped_column(String(96), primary_key=True)  # "" for the chat, else a person
    slot: Mapped[str] = mapped_column(String(16), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(128))
    # the newest table version drawn (or being drawn) in it: processes sharing the database never
    # draw an older screen over a newer one
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class DeliveryRow(Base):
    """Updates that reached an open table (Telegram's update ids): one delivered again after the
    bot died before confirming it is recognised. Deleted when the table closes."""

    __tablename__ = "deliveries"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    delivery: Mapped[str] = mapped_column(String(64), primary_key=True)


class ResultRow(Base):
    """How each seat of a finished table ended."""

    __tablename__ = "results"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(128))
    platform: Mapped[str | None] = mapped_column(String(16))  # None: a computer
    user_id: Mapped[str | None] = mapped_column(String(64))
    score: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    won: Mapped[bool] = mapped_column(Boolean)
    # a person who asked to be forgotten (bot/forgotten.py): name "", platform and user_id None
    forgotten: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    # a person's games, newest first, with their place (head-to-head reads only the index)
    __table_args__ = (Index("ix_results_person", "platform", "user_id", "table_id", "place"),)


class RatingRow(Base):
    """A person's record in one game, in one chat or globally (scope)."""

    __tablename__ = "ratings"
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    # "<platform>:<chat_id>" or "global", each also "…@<season>" (bot/seasons.py): at most 16 + 1 + 64 + 8
    scope: Mapped[str] = mapped_column(String(96), primary_key=True)
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(128))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    wins: Mapped[int] = mapped_column(Integer)
    practice_games: Mapped[int] = mapped_column(Integer)
    practice_wins: Mapped[int] = mapped_column(Integer)
    best: Mapped[int | None] = mapped_column(Integer)
    trend: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # rated wins in a row, now
    best_streak: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    __table_args__ = (
        Index("ix_ratings_person", "platform", "user_id", "scope"),
        Index("ix_ratings_scope", "scope", "game"),  # a chat's people (most active), its seasons
    )


class RatingPointRow(Base):
    """A person's rating in one game right after one rated game, in a lifetime scope (the chat's or
    "global"; bot/outcome.py `points`): the history the player page charts. Written with the table
    that finished; a database upgraded to 0009 keeps the points of the games finished since."""

    __tablename__ = "rating_points"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    scope: Mapped[str] = mapped_column(String(96), primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    at: Mapped[float] = mapped_column(Float)  # when the game finished
    rating: Mapped[int] = mapped_column(Integer)  # shown (bot/ratings.py `shown`)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    __table_args__ = (Index("ix_rating_points_time", "platform", "user_id", "game", "scope", "at"),)


class FinishedRow(Base):
    """A finished game's line, for the pages (bot/history.py): where and when, how long, and the
    figures a chat's records rank by, so that each is one indexed read. Written with its results;
    the seats are its `results` rows, the shown rating changes its table's `changes`."""

    __tablename__ = "finished"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    thread_id: Mapped[str | None] = mapped_column(String(64))
    season: Mapped[str | None] = mapped_column(String(16))
    higher: Mapped[bool] = mapped_column(Boolean)  # the scores are points
    started_at: Mapped[float] = mapped_column(Float)  # 0: not known
    finished_at: Mapped[float] = mapped_column(Float)
    moves: Mapped[int] = mapped_column(Integer)
    won_seconds: Mapped[float | None] = mapped_column(Float)  # deal to a person's win (bot/history_lines.py)
    top_score: Mapped[int | None] = mapped_column(Integer)  # a person's best points
    __table_args__ = (
        Index("ix_finished_chat", "platform", "chat_id", "table_id"),
        Index("ix_finished_moves", "platform", "chat_id", "game", "moves"),
        Index("ix_finished_seconds", "platform", "chat_id", "game", "won_seconds"),
        Index("ix_finished_score", "platform", "chat_id", "game", "top_score"),
    )


class UploadRow(Base):
    """The id a platform gave each picture uploaded to it (Telegram's `file_id`), by the picture's
    content hash: a picture is uploaded once, then sent by its id."""

    __tablename__ = "uploads"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    file_id: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[float] = mapped_column(Float)  # UNIX time the id was remembered


class AchievementRow(Base):
    """An achievement a person earned (bot/achievements.py): once each, the first time kept."""

    __tablename__ = "achievements"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    achievement: Mapped[str] = mapped_column(String(32), primary_key=True)
    table_id: Mapped[int] = mapped_column(Integer)  # the table it was earned at
    chat: Mapped[str] = mapped_column(String(96))  # that table's chat, as its rating scope
    at: Mapped[float] = mapped_column(Float)


class TallyRow(Base):
    """A person's running count that some achievements need (games played, wins in a row)."""

    __tablename__ = "tallies"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)


class NotifyRow(Base):
    """Who asked to be told when a game opens in a chat (its threads share it), in the order they
    asked (`id`)."""

    __tablename__ = "notify"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    person_platform: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))  # as they were called when they last asked
    __table_args__ = (UniqueConstraint("platform", "chat_id", "person_platform", "user_id", name="uq_notify_person"),)


class SeasonClaimRow(Base):
    """A season's end announced in a chat (by its rating scope): the first process to insert the
    row announces it, once."""

    __tablename__ = "season_claims"
    scope: Mapped[str] = mapped_column(String(96), primary_key=True)
    season: Mapped[str] = mapped_column(String(16), primary_key=True)
    claimed_at: Mapped[float] = mapped_column(Float)


class ForgottenRow(Base):
    """People who asked to be forgotten (bot/forgotten.py), by their mark: a keyed hash of their
    platform identity, never the identity itself."""

    __tablename__ = "forgotten"
    mark: Mapped[str] = mapped_column(String(64), primary_key=True)  # hex HMAC-SHA256
    at: Mapped[float] = mapped_column(Float)  # UNIX time they were (last) forgotten


class QuickMatchRow(Base):
    """A person's quick-match row (bot/store/queue.py): waiting in a queue (`table_id` NULL), or
    the quick-match table they were seated at, until they queue again. One per person (issue #38)."""

    __tablename__ = "quick_match"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(128))
    lang: Mapped[str | None] = mapped_column(String(8))
    joined: Mapped[float] = mapped_column(Float)
    ordinal: Mapped[float] = mapped_column(Float)
    computers_after: Mapped[float | None] = mapped_column(Float)  # NULL: never
    table_id: Mapped[int | None] = mapped_column(Integer)  # NULL: waiting
    __table_args__ = (Index("ix_quick_match_waiting", "table_id", "joined"),)


# ----- linked accounts (/link: bot/account_links.py, adapters/sql/account_links.py) ---------------------------


class LinkCodeRow(Base):
    """A link code shown to an account, by its keyed digest (never the code itself): valid until
    `expires_at`, once (`used`: kept until it expires, so a second use is told so)."""

    __tablename__ = "link_codes"
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)  # hex HMAC-SHA256
    platform: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))  # the account's name when it asked
    expires_at: Mapped[float] = mapped_column(Float)
    used: Mapped[bool] = mapped_column(Boolean, default=False, server_default="0")
    __table_args__ = (Index("ix_link_codes_person", "platform", "user_id"),)


class LinkRow(Base):
    """An account linked to an identity (the account that showed the code, linked to itself too)."""

    __tablename__ = "account_links"
    platform: Mapped[str] = mapped_column(String(16), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    identity_platform: Mapped[str] = mapped_column(String(16))
    identity_user_id: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(128))  # the account's name when it was linked
    at: Mapped[float] = mapped_column(Float)  # UNIX time linked
    __table_args__ = (Index("ix_account_links_identity", "identity_platform", "identity_user_id"),)


# ----- tournaments (issue #38: bot/tournament.py, adapters/sql/tournament_rows.py) ---------------


class TournamentRow(Base):
    """A tournament whole (its entrants, rounds and matches as JSON, read and written together),
    with what the scheduler and a chat ask of it in columns: where, its stage and next due time."""

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    platform: Mapped[str] = mapped_column(String(16))
    chat_id: Mapped[str] = mapped_column(String(64))
    stage: Mapped[str] = mapped_column(String(16))
    due: Mapped[float | None] = mapped_column(Float)  # sign-up's close or the round's limit (None: nothing)
    version: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[float] = mapped_column(Float)
    __table_args__ = (
        Index("ix_tournaments_chat_stage", "platform", "chat_id", "stage"),
        Index("ix_tournaments_stage_due", "stage", "due"),
    )


class TournamentMessageRow(Base):
    """The platform messages a tournament's screens are drawn in (its board, round announcements):
    the chat layer's records of a screen whose table id is the tournament's, negated
    (adapters/sql/chat_rows.py)."""

    __tablename__ = "tournament_messages"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    audience: Mapped[str] = mapped_column(String(96), primary_key=True)
    slot: Mapped[str] = mapped_column(String(16), primary_key=True)
    message_id: Mapped[str] = mapped_column(String(128))
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
