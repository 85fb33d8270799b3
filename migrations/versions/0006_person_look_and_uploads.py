"""a person's own look for their panels, and the file ids of pictures uploaded to a platform

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("people", sa.Column("look", sa.String(length=16), nullable=True))
    op.create_table(
        "uploads",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("file_id", sa.String(length=256), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "digest"),
    )


def downgrade() -> None:
    op.drop_table("uploads")
    with op.batch_alter_table("people") as batch:
        batch.drop_column("look")
