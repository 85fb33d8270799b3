"""a table that has finished keeps each seat's rating change in the chat, for its result screen

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("changes", sa.JSON(), nullable=True))


def downgrade() -> None:
    # in place: a batch copy drops `tables`, and SQLite's foreign keys would take every move,
    # timer and message with it (SQLite drops a column in place since 3.35)
    op.drop_column("tables", "changes")
