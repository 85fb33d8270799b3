"""/link (issue #38): link codes, by a keyed digest, and accounts linked to one identity

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-06 11:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "link_codes",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("used", sa.Boolean(), server_default="0", nullable=False),
        sa.PrimaryKeyConstraint("digest"),
    )
    op.create_index("ix_link_codes_person", "link_codes", ["platform", "user_id"])
    op.create_table(
        "account_links",
        sa.Column("platform", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.String(length=64), nullable=False),
        sa.Column("identity_platform", sa.String(length=16), nullable=False),
        sa.Column("identity_user_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=128), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("platform", "user_id"),
    )
    op.create_index("ix_account_links_identity", "account_links", ["identity_platform", "identity_user_id"])


def downgrade() -> None:
    op.drop_index("ix_account_links_identity", table_name="account_links")
    op.drop_table("account_links")
    op.drop_index("ix_link_codes_person", table_name="link_codes")
    op.drop_table("link_codes")
