"""Vendor webhook deliveries already taken: a delivery id seen again within the window is a replay (domain/webhooks.py).
Rows older than the window are purged: a replay of one of them is refused for its timestamp anyway."""

from datetime import datetime

from sqlalchemy import DateTime, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class WebhookDelivery(Base):
    __tablename__ = "webhook_deliveries"
    __table_args__ = (Index("ix_webhook_deliveries_signed_at", "signed_at"),)

    vendor: Mapped[str] = mapped_column(String(20), primary_key=True)
    delivery_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    # The delivery's signed timestamp: the row is kept while a delivery signed then could still be taken.
    signed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    received_at: Mapped[datetime] = created_at_column()
