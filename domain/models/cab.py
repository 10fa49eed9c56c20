from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, Numeric, SmallInteger, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column

CAB_BOOKING_STATUSES = "('requested', 'booked', 'cancelled', 'unfulfilled', 'vendor_cancelled')"


class TripCabPlan(Base):
    """What the host wants of a cab for a trip: a category and up to three stops (each {name, place_id, latitude,
    longitude}), stated before asking vendors for quotes."""

    __tablename__ = "trip_cab_plans"

    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), primary_key=True)
    category: Mapped[str] = mapped_column(String(20))
    stops: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class CabBooking(Base):
    """One cab request of a trip, the n-th, with its CabBookingWorkflow; the vendor's quote as it was chosen, and its
    driver and vehicle once booked. `reference` is the idempotency key the vendor books by."""

    __tablename__ = "cab_bookings"
    __table_args__ = (
        CheckConstraint(f"status IN {CAB_BOOKING_STATUSES}", name="status"),
        Index("uq_cab_bookings_trip_id_number", "trip_id", "number", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(SmallInteger)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    reference: Mapped[str] = mapped_column(String(80), unique=True)
    status: Mapped[str] = mapped_column(String(20))
    category: Mapped[str] = mapped_column(String(20))
    stops: Mapped[list[dict[str, Any]]] = mapped_column(JSONB, default=list, server_default="[]")
    vendor_code: Mapped[str] = mapped_column(String(40))
    vendor_name: Mapped[str] = mapped_column(String(100))
    vendor_logo: Mapped[str | None] = mapped_column(String(2000))
    total_fare: Mapped[Decimal] = mapped_column(Numeric(10, 2))
    fare_breakup: Mapped[dict[str, Any]] = mapped_column(JSONB, default=dict, server_default="{}")
    vendor_booking_id: Mapped[str | None] = mapped_column(String(80))
    driver_name: Mapped[str | None] = mapped_column(String(100))
    driver_phone: Mapped[str | None] = mapped_column(String(20))
    vehicle_model: Mapped[str | None] = mapped_column(String(100))
    vehicle_registration: Mapped[str | None] = mapped_column(String(20))
    raised_issue: Mapped[str | None] = mapped_column(String(500))
    cancel_reason: Mapped[str | None] = mapped_column(String(300))
    # When the host asked to cancel: the booking's flow is cancelling it with the vendor; a second ask is refused.
    cancel_requested_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # Why the booking is being ended, once an end is asked (domain/rules/cab.py CabEnd): the cab block and the
    # notices say it.
    end_cause: Mapped[str | None] = mapped_column(String(20))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
