"""The ONDC network's requests Humsafar took and the callbacks it answers them with (api/beckn, activities/beckn/).

A request is kept once by its (message_id, action): the same request sent again finds its row and changes nothing.
A callback is kept, its exact bytes, before it is sent, and marked sent after: a crash before the mark sends the same
bytes again (same message_id, which the buyer app takes once), never a second answer."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, ForeignKey, Index, LargeBinary, SmallInteger, String, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class BecknMessage(Base):
    """A signed request from a buyer app (search, select, init, ...), as received."""

    __tablename__ = "beckn_messages"
    __table_args__ = (
        UniqueConstraint("message_id", "action", name="uq_beckn_messages_message_id_action"),
        Index("ix_beckn_messages_transaction_id", "transaction_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(20))
    transaction_id: Mapped[str] = mapped_column(String(100))
    bap_id: Mapped[str] = mapped_column(String(200))
    bap_uri: Mapped[str] = mapped_column(String(1000))
    # The request's JSON as the buyer app sent it.
    request: Mapped[dict[str, Any]] = mapped_column(JSONB)
    # Which of the order's flows took it (workflows/beckn/contracts.py beckn_order_workflow_id); none for a search.
    order_round: Mapped[int | None] = mapped_column(SmallInteger)
    received_at: Mapped[datetime] = created_at_column()


class BecknCallback(Base):
    """An `on_{action}` to a buyer app: its exact body, signed when sent; sent_at once the buyer app took it. One per
    (message_id, action): an answer carries its request's message_id."""

    __tablename__ = "beckn_callbacks"
    __table_args__ = (
        UniqueConstraint("message_id", "action", name="uq_beckn_callbacks_message_id_action"),
        Index("ix_beckn_callbacks_transaction_id", "transaction_id"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    # The request answered; none for an unsolicited callback (the host's approval told as on_status).
    request_id: Mapped[int | None] = mapped_column(ForeignKey("beckn_messages.id", ondelete="CASCADE"), index=True)
    message_id: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(20))
    transaction_id: Mapped[str] = mapped_column(String(100))
    url: Mapped[str] = mapped_column(String(1100))
    body: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = created_at_column()
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
