"""tournaments in a chat (issue #38): each tournament whole, with its stage and next due time in
columns; the messages its screens are drawn in; a table knows the tournament it is a match of

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06 11:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # in place (ALTER TABLE ADD COLUMN, nullable), never a batch copy: see 0007
    op.add_column("tables", sa.Column("tournament", sa.Integer(), nullable=True))
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("chat_id", sa.String(length=64), nullable=False),
        sa.Column("stage", sa.String(length=16), nullable=False),
        sa.Column("due", sa.Float(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_tournaments_chat_stage", "tournaments", ["platform", "chat_id", "stage"])
    op.create_index("ix_tournaments_stage_due", "tournaments", ["stage", "due"])
    op.create_table(
        "tournament_messages",
        sa.Column("tournament_id", sa.Integer(), nullable=False),
        sa.Column("audience", sa.String(length=96), nullable=False),
        sa.Column("slot", sa.String(length=16), nullable=False),
        sa.Column("message_id", sa.String(length=128), nullable=False),
        sa.Column("version", sa.Integer(), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("tournament_id", "audience", "slot"),
    )


def downgrade() -> None:
    op.drop_table("tournament_messages")
    op.drop_table("tournaments")
    op.drop_column("tables", "tournament")  # in place (SQLite 3.35+), not by a batch copy
