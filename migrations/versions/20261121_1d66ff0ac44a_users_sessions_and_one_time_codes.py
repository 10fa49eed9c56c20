"""users sessions and one-time codes

Revision ID: 1d66ff0ac44a
Revises:
Create Date: 2026-11-21 22:27:14.016863
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "1d66ff0ac44a"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for extension in ("cube", "earthdistance", "pg_trgm", "btree_gist"):
        op.execute(f"CREATE EXTENSION IF NOT EXISTS {extension}")
    op.create_table(
        "otp_challenges",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("login_token_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("code_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("failed_attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("requester_ip", sa.String(length=45), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("consumed_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_otp_challenges")),
        sa.UniqueConstraint("login_token_hash", name=op.f("uq_otp_challenges_login_token_hash")),
    )
    op.create_index(op.f("ix_otp_challenges_mobile_number"), "otp_challenges", ["mobile_number"], unique=False)
    op.create_index(op.f("ix_otp_challenges_requester_ip"), "otp_challenges", ["requester_ip"], unique=False)
    op.create_table(
        "sandbox_sms",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        sa.Column("code", sa.String(length=10), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sandbox_sms")),
    )
    op.create_index(op.f("ix_sandbox_sms_mobile_number"), "sandbox_sms", ["mobile_number"], unique=False)
    op.create_table(
        "users",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("gender", sa.String(length=10), nullable=True),
        sa.Column("dob", sa.Date(), nullable=True),
        sa.Column("small_image_key", sa.String(length=100), nullable=True),
        sa.Column("medium_image_key", sa.String(length=100), nullable=True),
        sa.Column("is_kyc_verified", sa.Boolean(), server_default="false", nullable=False),
        sa.Column("kyc_status", sa.String(length=30), nullable=True),
        sa.Column("kyc_message", sa.String(length=300), nullable=True),
        sa.Column("linked_in_url", sa.String(length=300), nullable=True),
        sa.Column("flagged_count", sa.Integer(), server_default="0", nullable=False),
        sa.Column("average_rating", sa.Numeric(precision=3, scale=2), server_default="0", nullable=False),
        sa.Column("referral_code", sa.String(length=20), nullable=False),
        sa.Column("referred_by_id", sa.BigInteger(), nullable=True),
        sa.Column("receive_notification", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("current_latitude", sa.Numeric(precision=9, scale=6), nullable=True),
        sa.Column("current_longitude", sa.Numeric(precision=9, scale=6), nullable=True),
        sa.Column("current_location_updated_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("gender IN ('MALE', 'FEMALE', 'OTHERS')", name=op.f("ck_users_gender")),
        sa.ForeignKeyConstraint(["referred_by_id"], ["users.id"], name=op.f("fk_users_referred_by_id_users")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("referral_code", name=op.f("uq_users_referral_code")),
    )
    op.create_index(op.f("ix_users_referred_by_id"), "users", ["referred_by_id"], unique=False)
    op.create_index(
        "uq_users_live_mobile_number",
        "users",
        ["mobile_number"],
        unique=True,
        postgresql_where=sa.text("deleted_at IS NULL"),
    )
    op.create_table(
        "auth_sessions",
        sa.Column("token_hash", sa.LargeBinary(length=32), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("user_agent", sa.String(length=300), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_auth_sessions_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_auth_sessions")),
    )
    op.create_index(op.f("ix_auth_sessions_user_id"), "auth_sessions", ["user_id"], unique=False)
    op.create_table(
        "user_trips_insights",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("total_trips_joined", sa.Integer(), server_default="0", nullable=False),
        sa.Column("trips_hosted", sa.Integer(), server_default="0", nullable=False),
        sa.Column("new_people_met", sa.Integer(), server_default="0", nullable=False),
        sa.Column("total_co2_saved", sa.Numeric(precision=10, scale=2), server_default="0", nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_user_trips_insights_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_user_trips_insights")),
    )


def downgrade() -> None:
    op.drop_table("user_trips_insights")
    op.drop_index(op.f("ix_auth_sessions_user_id"), table_name="auth_sessions")
    op.drop_table("auth_sessions")
    op.drop_index("uq_users_live_mobile_number", table_name="users", postgresql_where=sa.text("deleted_at IS NULL"))
    op.drop_index(op.f("ix_users_referred_by_id"), table_name="users")
    op.drop_table("users")
    op.drop_index(op.f("ix_sandbox_sms_mobile_number"), table_name="sandbox_sms")
    op.drop_table("sandbox_sms")
    op.drop_index(op.f("ix_otp_challenges_requester_ip"), table_name="otp_challenges")
    op.drop_index(op.f("ix_otp_challenges_mobile_number"), table_name="otp_challenges")
    op.drop_table("otp_challenges")
