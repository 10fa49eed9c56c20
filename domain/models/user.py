from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    ARRAY,
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    func,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from domain.i18n.languages import LANGUAGES
from domain.models.base import Base, created_at_column
from domain.rules.choices import GENDERS


class User(Base):
    __tablename__ = "users"
    __table_args__ = (
        CheckConstraint(f"gender IN {GENDERS}", name="gender"),
        CheckConstraint(f"language IN {LANGUAGES}", name="language"),
        Index(
            "uq_users_live_mobile_number",
            "mobile_number",
            unique=True,
            postgresql_where=text("deleted_at IS NULL"),
        ),
        # A network rider (domain/network_riders.py) is one person a buyer app's: found again by its phone there.
        Index(
            "uq_users_network_rider",
            "network_bap_id",
            "network_phone",
            unique=True,
            postgresql_where=text("network_bap_id IS NOT NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    mobile_number: Mapped[str | None] = mapped_column(String(10))
    name: Mapped[str | None] = mapped_column(String(100))
    gender: Mapped[str | None] = mapped_column(String(10))
    dob: Mapped[date | None] = mapped_column(Date)
    small_image_key: Mapped[str | None] = mapped_column(String(100))
    medium_image_key: Mapped[str | None] = mapped_column(String(100))
    is_kyc_verified: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    kyc_status: Mapped[str | None] = mapped_column(String(30))
    kyc_message: Mapped[str | None] = mapped_column(String(300))
    linked_in_url: Mapped[str | None] = mapped_column(String(300))
    flagged_count: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    average_rating: Mapped[Decimal] = mapped_column(Numeric(3, 2), default=0, server_default="0")
    referral_code: Mapped[str] = mapped_column(String(20), unique=True)
    referred_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    receive_notification: Mapped[bool] = mapped_column(Boolean, default=True, server_default="true")
    # The language the app, its notices and its SMS speak to the person (domain/i18n); none chosen: English.
    language: Mapped[str | None] = mapped_column(String(2))
    current_latitude: Mapped[Decimal | None] = mapped_column(Numeric(9, 6))
    current_longitude: Mapped[Decimal | None] = mapped_column(Numeric(9, 6))
    current_location_updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # A rider an ONDC buyer app booked for (docs/interop.md, "A network rider"): the buyer app's subscriber id and the
    # phone it gave. Such a person has no mobile_number, so never signs in, and no member sees the phone.
    network_bap_id: Mapped[str | None] = mapped_column(String(200))
    network_phone: Mapped[str | None] = mapped_column(String(20))

    insights: Mapped["UserTripsInsights"] = relationship(lazy="raise", uselist=False)

    @property
    def is_profile_complete(self) -> bool:
        return bool(self.name and self.gender and self.dob)


class UserTripsInsights(Base):
    __tablename__ = "user_trips_insights"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    total_trips_joined: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    trips_hosted: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    new_people_met: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    total_co2_saved: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=0, server_default="0")
    late_cancellations: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    no_shows: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ReliabilityRecord(Base):
    """One late cancellation or no-show of a person on a trip; at most one of each kind per person and trip."""

    __tablename__ = "reliability_records"
    __table_args__ = (
        CheckConstraint("kind IN ('late_cancellation', 'no_show')", name="kind"),
        Index("uq_reliability_records_user_id_trip_id_kind", "user_id", "trip_id", "kind", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = created_at_column()


class Feedback(Base):
    """What a user told us from Help and Feedback (SPEC §5 feedback rules)."""

    __tablename__ = "feedback"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    services: Mapped[list[str]] = mapped_column(ARRAY(String(40)))
    features: Mapped[list[str]] = mapped_column(ARRAY(String(40)))
    note: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = created_at_column()
