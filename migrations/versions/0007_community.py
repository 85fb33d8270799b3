"""table control and community (issue #18): a table's lobby and vote fields, its recap, each move's
notes; achievements, tallies, who to notify when a game opens, and each chat's season-end claims

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 16:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TABLE_COLUMNS = ("started_at", "level", "rules_open", "kicked", "vote", "votes", "notice", "moments", "earned")


def upgrade() -> None:
    # Columns added in place (ALTER TABLE ADD COLUMN, constant defaults), never by a batch that
    # copies the table: on SQLite that DROPs it, and with foreign keys on, dropping `tables`
    # deletes every move, timer, message and result of every table (ON DELETE CASCADE).
    op.add_column("tables", sa.Column("started_at", sa.Float(), server_default="0", nullable=False))
    op.add_column("tables", sa.Column("level", sa.String(length=16), server_default="normal", nullable=False))
    op.add_column("tables", sa.Column("rules_open", sa.Boolean(), server_default="0", nullable=False))
    op.add_column("tables", sa.Column("kicked", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("tables", sa.Column("vote", sa.JSON(), nullable=True))
    op.add_column("tables", sa.Column("votes", sa.Integer(), server_default="0", nullable=False))
    op.add_column("tables", sa.Column("notice", sa.JSON(), nullable=True))
    op.add_column("tables", sa.Column("moments", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("tables", sa.Column("earned", sa.JSON(), server_default="[]", nullable=False))
    op.add_column("moves", sa.Column("notes", sa.JSON(), server_default="[]", nullable=False))
    op.create_table(
        "achievements",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("achievement", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("chat", sa.String(length=96), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "user_id", "achievement"),
    )
    op.create_table(
        "tallies",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "user_id", "name"),
    )
    op.create_table(
        "notify",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("person_platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("platform", "chat_id", "person_platform", "user_id", name="uq_notify_person"),
    )
    op.create_table(
        "season_claims",
        sa.Column("scope", sa.String(length=96), nullable=False),
        sa.Column("season", sa.String(length=16), nullable=False),
        sa.Column("claimed_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "season"),
    )


def downgrade() -> None:
    op.drop_table("season_claims")
    op.drop_table("notify")
    op.drop_table("tallies")
    op.drop_table("achievements")
    # ALTER TABLE DROP COLUMN, in place on SQLite too (3.35+), not by a batch copy (see upgrade)
    op.drop_column("moves", "notes")
    for name in reversed(TABLE_COLUMNS):
        op.drop_column("tables", name)
