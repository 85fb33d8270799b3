"""timers leased to the process firing them (PostgreSQL, several processes: each takes its own
batch of due deadlines)

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06 13:20:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("timers") as batch:
        batch.add_column(sa.Column("leased_by", sa.String(length=16), nullable=True))
        batch.add_column(sa.Column("leased_until", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("timers") as batch:
        batch.drop_column("leased_until")
        batch.drop_column("leased_by")
