"""privacy (issue #36): people who asked to be forgotten, by a keyed hash of their identity; a
result row may be a forgotten person's

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # in place (ALTER TABLE ADD COLUMN, a constant default), never a batch copy: see 0007
    op.add_column("results", sa.Column("forgotten", sa.Boolean(), server_default="0", nullable=False))
    op.create_table(
        "forgotten",
        sa.Column("mark", sa.String(length=64), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("mark"),
    )


def downgrade() -> None:
    op.drop_table("forgotten")
    op.drop_column("results", "forgotten")  # in place (SQLite 3.35+), not by a batch copy
