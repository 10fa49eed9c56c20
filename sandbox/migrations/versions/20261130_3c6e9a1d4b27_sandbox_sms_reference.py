"""The sandbox SMS gateway keeps a sender's reference: a message sent again with the same reference is kept once.

Revision ID: 3c6e9a1d4b27
Revises: 5a0d9c2e1b68
Create Date: 2026-11-30 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "3c6e9a1d4b27"
down_revision: str | None = "5a0d9c2e1b68"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SCHEMA = "sandbox"


def upgrade() -> None:
    op.add_column("sms", sa.Column("reference", sa.String(length=80), nullable=True), schema=SCHEMA)
    op.create_unique_constraint(op.f("uq_sms_reference"), "sms", ["reference"], schema=SCHEMA)


def downgrade() -> None:
    op.drop_constraint(op.f("uq_sms_reference"), "sms", schema=SCHEMA, type_="unique")
    op.drop_column("sms", "reference", schema=SCHEMA)
