"""the history the player and group pages read (issue #36): each finished game's line, each rated
game's rating points, the streaks in a rating row, and the indexes of the pages' reads

The new tables start empty: a database upgraded from 0008 shows on its pages the games finished
since (rating points, recent games, head-to-head, records); its ratings, leaderboards and
achievements are there from before, and streaks count from the upgrade. (A backfill would have to
guess: a table's `updated_at` is not its end after a rematch, and ratings before are not kept.)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # in place (ALTER TABLE ADD COLUMN), never a batch copy (see 0007)
    op.add_column("ratings", sa.Column("streak", sa.Integer(), server_default="0", nullable=False))
    op.add_column("ratings", sa.Column("best_streak", sa.Integer(), server_default="0", nullable=False))
    op.create_index("ix_ratings_scope", "ratings", ["scope", "game"])
    op.create_index("ix_results_person", "results", ["platform", "user_id", "table_id", "place"])
    op.create_table(
        "rating_points",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("scope", sa.String(length=96), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("platform", "user_id", "game", "scope", "table_id"),
    )
    op.create_index("ix_rating_points_time", "rating_points", ["platform", "user_id", "game", "scope", "at"])
    op.create_table(
        "finished",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("thread_id", sa.String(length=64), nullable=True),
        sa.Column("season", sa.String(length=16), nullable=True),
        sa.Column("higher", sa.Boolean(), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.Float(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("won_seconds", sa.Float(), nullable=True),
        sa.Column("top_score", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_index("ix_finished_chat", "finished", ["platform", "chat_id", "table_id"])
    op.create_index("ix_finished_moves", "finished", ["platform", "chat_id", "game", "moves"])
    op.create_index("ix_finished_seconds", "finished", ["platform", "chat_id", "game", "won_seconds"])
    op.create_index("ix_finished_score", "finished", ["platform", "chat_id", "game", "top_score"])


def downgrade() -> None:
    op.drop_table("finished")
    op.drop_table("rating_points")
    op.drop_index("ix_results_person", "results")
    op.drop_index("ix_ratings_scope", "ratings")
    # ALTER TABLE DROP COLUMN, in place on SQLite too (3.35+), not by a batch copy
    op.drop_column("ratings", "best_streak")
    op.drop_column("ratings", "streak")
