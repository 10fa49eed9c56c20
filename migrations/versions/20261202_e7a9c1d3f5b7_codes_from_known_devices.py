"""Codes from known devices

A code asked for by a browser that signed in as the number before is marked so: its caps are its own, and wrong
guesses made from other addresses cannot lock that device out (api/security/otp.py).

Revision ID: e7a9c1d3f5b7
Revises: d5f7a9b1c3e5
Create Date: 2026-12-02 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e7a9c1d3f5b7"
down_revision: str | None = "d5f7a9b1c3e5"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "otp_challenges",
        sa.Column("from_known_device", sa.Boolean(), server_default=sa.text("false"), nullable=False),
    )


def downgrade() -> None:
    op.drop_column("otp_challenges", "from_known_device")
