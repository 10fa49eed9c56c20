"""Trip chat: messages, their documents and read marks

Revision ID: b345bed8e1ce
Revises: ef0a5f18c1b2
Create Date: 2026-11-21 23:31:07.710630
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "b345bed8e1ce"
down_revision: str | None = "ef0a5f18c1b2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("sender_id", sa.BigInteger(), nullable=False),
        sa.Column("type", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        sa.Column("client_message_identifier", sa.String(length=100), nullable=False),
        sa.Column("upload_session_id", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("type IN ('normal', 'number', 'media')", name=op.f("ck_chat_messages_type")),
        sa.ForeignKeyConstraint(["sender_id"], ["users.id"], name=op.f("fk_chat_messages_sender_id_users")),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_chat_messages_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_messages")),
        sa.UniqueConstraint("sender_id", "client_message_identifier", name=op.f("uq_chat_messages_sender_id")),
    )
    op.create_index("ix_chat_messages_trip_id_id", "chat_messages", ["trip_id", "id"], unique=False)
    op.create_table(
        "chat_read_marks",
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("last_read_message_id", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_chat_read_marks_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_chat_read_marks_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("trip_id", "user_id", name=op.f("pk_chat_read_marks")),
    )
    op.create_table(
        "chat_documents",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
        sa.Column("trip_id", sa.BigInteger(), nullable=False),
        sa.Column("storage_key", sa.String(length=200), nullable=False),
        sa.Column("type", sa.String(length=10), nullable=False),
        sa.Column("content_type", sa.String(length=100), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("size_bytes", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=10), server_default="checking", nullable=False),
        sa.Column("failure_message", sa.String(length=300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('checking', 'delivered', 'refused')", name=op.f("ck_chat_documents_status")),
        sa.CheckConstraint("type IN ('image', 'gif', 'video', 'pdf')", name=op.f("ck_chat_documents_type")),
        sa.ForeignKeyConstraint(
            ["message_id"],
            ["chat_messages.id"],
            name=op.f("fk_chat_documents_message_id_chat_messages"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["trip_id"], ["trips.id"], name=op.f("fk_chat_documents_trip_id_trips"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_documents")),
        sa.UniqueConstraint("message_id", name=op.f("uq_chat_documents_message_id")),
    )
    op.create_index(op.f("ix_chat_documents_trip_id"), "chat_documents", ["trip_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_chat_documents_trip_id"), table_name="chat_documents")
    op.drop_table("chat_documents")
    op.drop_table("chat_read_marks")
    op.drop_index("ix_chat_messages_trip_id_id", table_name="chat_messages")
    op.drop_table("chat_messages")
