from datetime import date, datetime, time
from decimal import Decimal

from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Numeric,
    SmallInteger,
    String,
    Time,
)
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column
from domain.models.ends import TripEnd, trip_end_columns
from domain.models.trip import DETOUR_CHECK


class TripSeries(Base):
    """A commute a host repeats: the same trip on some weekdays at one time, until a day or until stopped. Its
    Temporal Schedule keeps its trips created a horizon ahead, one per day (trips.series_id, trips.series_date)."""

    __tablename__ = "trip_series"
    __table_args__ = (CheckConstraint(DETOUR_CHECK, name="max_detour_minutes"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    origin: Mapped[TripEnd] = trip_end_columns("origin")
    destination: Mapped[TripEnd] = trip_end_columns("destination")
    departs_at: Mapped[time] = mapped_column(Time)
    weekdays: Mapped[list[int]] = mapped_column(ARRAY(SmallInteger))
    total_passengers: Mapped[int] = mapped_column(SmallInteger)
    preferred_mode_of_transport: Mapped[int] = mapped_column(SmallInteger)
    # How far the host goes out of their way for riders along it; each trip of the series copies it.
    max_detour_minutes: Mapped[int] = mapped_column(SmallInteger, server_default="0")
    is_vehicle_booked: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    estimated_cost: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=0, server_default="0")
    additional_note: Mapped[str | None] = mapped_column(String(300))
    until: Mapped[date | None] = mapped_column(Date)
    stopped_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = created_at_column()
