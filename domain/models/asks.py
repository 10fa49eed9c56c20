from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base


class TripAskWindow(Base):
    """What one person asked of one trip (`kind`: a request to join it, a question to its host) in the day that
    began at window_started_at (domain/asks.py): one row a person, trip and kind, counted up atomically."""

    __tablename__ = "trip_ask_windows"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), primary_key=True, index=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    window_started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    asks: Mapped[int] = mapped_column(Integer)
