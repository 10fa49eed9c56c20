from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, Float, ForeignKey, Index, SmallInteger, String, text
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column

INCIDENT_STATUSES = "('open', 'escalated', 'acknowledged', 'resolved')"


class EmergencyContact(Base):
    """One of a person's emergency contacts (at most three), in the order they gave them."""

    __tablename__ = "emergency_contacts"
    __table_args__ = (Index("uq_emergency_contacts_user_id_position", "user_id", "position", unique=True),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(SmallInteger)
    name: Mapped[str] = mapped_column(String(100))
    mobile_number: Mapped[str] = mapped_column(String(10))
    created_at: Mapped[datetime] = created_at_column()


class TripShare(Base):
    """A live link to a trip that its host or a member shared. The link's token is derived from the secret key and
    (trip, person, generation), so sharing again gives the same link; only its hash is kept, to find it. Turning
    it off ends this generation; sharing after that makes a new link."""

    __tablename__ = "trip_shares"
    __table_args__ = (
        Index("uq_trip_shares_trip_id_user_id_generation", "trip_id", "user_id", "generation", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    generation: Mapped[int] = mapped_column(SmallInteger)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = created_at_column()
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SafetyIncident(Base):
    """An SOS a person raised on a trip, the n-th, with its SafetyIncidentWorkflow. One stands per person and trip
    until they say they are safe (a second press is the same incident)."""

    __tablename__ = "safety_incidents"
    __table_args__ = (
        CheckConstraint(f"status IN {INCIDENT_STATUSES}", name="status"),
        Index("uq_safety_incidents_trip_id_user_id_number", "trip_id", "user_id", "number", unique=True),
        Index(
            "uq_safety_incidents_standing",
            "trip_id",
            "user_id",
            unique=True,
            postgresql_where=text("status <> 'resolved'"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(SmallInteger)
    status: Mapped[str] = mapped_column(String(20))
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    escalations: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    opened_at: Mapped[datetime] = created_at_column()
    acknowledged_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SafetySms(Base):
    """One SMS of one step of an SOS to one contact (`alert`, `reminder-<n>`, `resolved`), kept so that each is sent
    once: a retried step sends only what has no `sent_at`, with the row's id as the gateway's message reference."""

    __tablename__ = "safety_sms"
    __table_args__ = (
        Index("uq_safety_sms_incident_id_step_mobile_number", "incident_id", "step", "mobile_number", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("safety_incidents.id", ondelete="CASCADE"))
    step: Mapped[str] = mapped_column(String(20))
    mobile_number: Mapped[str] = mapped_column(String(10))
    message: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = created_at_column()
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
