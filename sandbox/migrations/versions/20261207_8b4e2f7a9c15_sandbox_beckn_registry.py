"""The sandbox network registry's participants: each buyer app's (or gateway's) signing key, by subscriber id and
unique key id.

Revision ID: 8b4e2f7a9c15
Revises: 3c6e9a1d4b27
Create Date: 2026-12-07 03:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "8b4e2f7a9c15"
down_revision: str | None = "3c6e9a1d4b27"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCHEMA = "sandbox"


def upgrade() -> None:
    op.create_table(
        "beckn_subscribers",
        sa.Column("subscriber_id", sa.String(length=200), nullable=False),
        sa.Column("unique_key_id", sa.String(length=200), nullable=False),
        sa.Column("subscriber_url", sa.String(length=1000), nullable=False),
        sa.Column("type", sa.String(length=3), nullable=False),
        sa.Column("domain", sa.String(length=40), nullable=False),
        sa.Column("signing_public_key", sa.String(length=100), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("subscriber_id", "unique_key_id", name=op.f("pk_beckn_subscribers")),
        schema=SCHEMA,
    )


def downgrade() -> None:
    op.drop_table("beckn_subscribers", schema=SCHEMA)
