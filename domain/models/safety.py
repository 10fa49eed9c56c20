from datetime import date, datetime

from sqlalchemy import (
    BigInteger,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    text,
)
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


class KeptSms:
    """An SMS kept before it is sent, so that it is sent once (domain/sms_cap.py): counted against its number's daily
    cap once (`counted_at`), withheld when the cap was reached (`withheld_at`, never retried), and marked sent after
    the gateway took it (`sent_at`)."""

    mobile_number: Mapped[str] = mapped_column(String(10))
    message: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = created_at_column()
    counted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    withheld_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    sent_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class SafetySms(KeptSms, Base):
    """One SMS of one step of an SOS to one contact (`alert`, `reminder-<n>`, `resolved`) or to support's on-call
    number (`support`), kept so that each is sent once: a retried step sends only what has no `sent_at`, with the
    row's id as the gateway's message reference."""

    __tablename__ = "safety_sms"
    __table_args__ = (
        Index("uq_safety_sms_incident_id_step_mobile_number", "incident_id", "step", "mobile_number", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("safety_incidents.id", ondelete="CASCADE"))
    step: Mapped[str] = mapped_column(String(20))


class SafetyIncidentContact(Base):
    """One of the emergency contacts an incident tells, as the person's list stood when they raised it: the incident
    tells these, whatever the person saves later."""

    __tablename__ = "safety_incident_contacts"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    incident_id: Mapped[int] = mapped_column(ForeignKey("safety_incidents.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(SmallInteger)
    name: Mapped[str] = mapped_column(String(100))
    mobile_number: Mapped[str] = mapped_column(String(10))


class EmergencyContactNotice(KeptSms, Base):
    """The one SMS a number is sent when a person first adds it as an emergency contact: who added it and how to
    stop it. One per person and number, ever."""

    __tablename__ = "emergency_contact_notices"
    __table_args__ = (
        Index("uq_emergency_contact_notices_user_id_mobile_number", "user_id", "mobile_number", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))


class EmergencyContactSaves(Base):
    """How many times a person changed their emergency contacts on one IST day."""

    __tablename__ = "emergency_contact_saves"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    saves: Mapped[int] = mapped_column(SmallInteger)


class SmsDailyCount(Base):
    """How many SMS other than sign-in codes went to one number on one IST day, from anyone (domain/sms_cap.py)."""

    __tablename__ = "sms_daily_counts"

    mobile_number: Mapped[str] = mapped_column(String(10), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    sent: Mapped[int] = mapped_column(Integer)
