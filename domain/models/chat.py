"""Trip chat (SPEC §3 Chat, Chat message). A trip's chat has the trip's id: its users are the trip's host and
active members, so joining and leaving the trip are joining and leaving the chat."""

from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class ChatMessage(Base):
    """One message, written before it is fanned out. (sender, client_message_identifier) makes a resend a no-op."""

    __tablename__ = "chat_messages"
    __table_args__ = (
        CheckConstraint("type IN ('normal', 'number', 'media')", name="type"),
        UniqueConstraint("sender_id", "client_message_identifier"),
        Index("ix_chat_messages_trip_id_id", "trip_id", "id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    type: Mapped[str] = mapped_column(String(10))
    message: Mapped[str] = mapped_column(String(500))
    client_message_identifier: Mapped[str] = mapped_column(String(100))
    # The socket connection that announced a document; the upload must name it (SPEC §7 session_id).
    upload_session_id: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = created_at_column()


class ChatDocument(Base):
    """An attachment of a media message: stored, then checked against the community guidelines, then delivered."""

    __tablename__ = "chat_documents"
    __table_args__ = (
        CheckConstraint("type IN ('image', 'gif', 'video', 'pdf')", name="type"),
        CheckConstraint("status IN ('checking', 'delivered', 'refused')", name="status"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id", ondelete="CASCADE"), unique=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), index=True)
    storage_key: Mapped[str] = mapped_column(String(200))
    type: Mapped[str] = mapped_column(String(10))
    content_type: Mapped[str] = mapped_column(String(100))
    file_name: Mapped[str] = mapped_column(String(200))
    size_bytes: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), default="checking", server_default="checking")
    failure_message: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = created_at_column()
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ChatReadMark(Base):
    """The newest message a user has seen in a chat; a newer message from someone else makes the chat unread."""

    __tablename__ = "chat_read_marks"

    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    last_read_message_id: Mapped[int] = mapped_column(BigInteger)
