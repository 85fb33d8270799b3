"""quick match (issue #38): one row per person, waiting in a game's queue or seated at the table
it matched them to

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-06 11:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "quick_match",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=True),
        sa.Column("joined", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("computers_after", sa.Float(), nullable=True),
        sa.Column("table_id", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("platform", "user_id"),
    )
    op.create_index("ix_quick_match_waiting", "quick_match", ["table_id", "joined"])


def downgrade() -> None:
    op.drop_index("ix_quick_match_waiting", table_name="quick_match")
    op.drop_table("quick_match")
