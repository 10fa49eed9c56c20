"""LinkedIn verification

The OAuth states of LinkedIn verifications under way, and the sandbox provider's grants.

Revision ID: 7e9f1a3b4c56
Revises: 6d8e0f2a3b45
Create Date: 2026-11-25 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "7e9f1a3b4c56"
down_revision: str | None = "6d8e0f2a3b45"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "linkedin_states",
        sa.Column("state", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("code_verifier", sa.String(length=128), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_linkedin_states_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("state", name=op.f("pk_linkedin_states")),
    )
    op.create_index(op.f("ix_linkedin_states_user_id"), "linkedin_states", ["user_id"])
    op.create_table(
        "sandbox_linkedin_grants",
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("client_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_uri", sa.String(length=1000), nullable=False),
        sa.Column("code_challenge", sa.String(length=128), nullable=False),
        sa.Column("member_sub", sa.String(length=64), nullable=False),
        sa.Column("member_name", sa.String(length=100), nullable=False),
        sa.Column("access_token", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("code", name=op.f("pk_sandbox_linkedin_grants")),
        sa.UniqueConstraint("access_token", name=op.f("uq_sandbox_linkedin_grants_access_token")),
    )


def downgrade() -> None:
    op.drop_table("sandbox_linkedin_grants")
    op.drop_table("linkedin_states")
