"""KYC verifications

Each attempt at identity verification with the vendor's transaction, and the sandbox vendor's own record of it.

Revision ID: 6d8e0f2a3b45
Revises: 5c7d9e1f2a34
Create Date: 2026-11-25 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "6d8e0f2a3b45"
down_revision: str | None = "5c7d9e1f2a34"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

KYC_STATUSES = "('initiated', 'needs_review', 'approved', 'rejected', 'cancelled', 'error')"


def upgrade() -> None:
    op.create_table(
        "kyc_verifications",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("number", sa.SmallInteger(), nullable=False),
        sa.Column("transaction_id", sa.String(length=80), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("vendor_status", sa.String(length=40), nullable=True),
        sa.Column("start_url", sa.String(length=1000), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint(f"status IN {KYC_STATUSES}", name=op.f("ck_kyc_verifications_status")),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_kyc_verifications_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_kyc_verifications")),
        sa.UniqueConstraint("transaction_id", name=op.f("uq_kyc_verifications_transaction_id")),
    )
    op.create_index("uq_kyc_verifications_user_id_number", "kyc_verifications", ["user_id", "number"], unique=True)
    op.create_table(
        "sandbox_kyc_transactions",
        sa.Column("transaction_id", sa.String(length=80), nullable=False),
        sa.Column("app_id", sa.String(length=100), nullable=False),
        sa.Column("workflow_id", sa.String(length=100), nullable=False),
        sa.Column("redirect_url", sa.String(length=1000), nullable=False),
        sa.Column("application_status", sa.String(length=40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("transaction_id", name=op.f("pk_sandbox_kyc_transactions")),
    )


def downgrade() -> None:
    op.drop_table("sandbox_kyc_transactions")
    op.drop_table("kyc_verifications")
