"""a table set aside after repeated errors says why, and is skipped by timers and moves

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 15:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("stopped", sa.Text(), nullable=True))


def downgrade() -> None:
    # in place: a batch copy drops `tables`, and SQLite's foreign keys would take every move,
    # timer and message with it (SQLite drops a column in place since 3.35)
    op.drop_column("tables", "stopped")
