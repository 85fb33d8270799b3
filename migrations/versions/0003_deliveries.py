"""updates that reached an open table, so one delivered again changes nothing

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 05:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "deliveries",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("delivery", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "delivery"),
    )


def downgrade() -> None:
    op.drop_table("deliveries")
