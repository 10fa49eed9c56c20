from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Computed,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Numeric,
    SmallInteger,
    String,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import UserDefinedType

from domain.models.base import Base, created_at_column
from domain.models.ends import TripEnd, trip_end_columns
from domain.rules.choices import DETOUR_CHOICES
from domain.rules.geo import approximate_earth_sql, corridor_sql


class Earth(UserDefinedType[str]):
    """earthdistance's point on the earth's surface (a domain over cube)."""

    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "earth"


class Cube(UserDefinedType[str]):
    """The cube extension's box (here a box in earthdistance's space)."""

    cache_ok = True

    def get_col_spec(self, **kw: object) -> str:
        return "cube"


DETOUR_CHECK = f"max_detour_minutes IN {DETOUR_CHOICES}"


class Trip(Base):
    """A ride a host publishes (SPEC §3 Trip). Times are stored as timestamptz and shown in IST."""

    __tablename__ = "trips"
    __table_args__ = (
        CheckConstraint("status IN ('ACTIVE', 'CANCELLED')", name="status"),
        CheckConstraint("total_passengers BETWEEN 2 AND 4", name="total_passengers"),
        CheckConstraint("estimated_cost >= 0 AND estimated_cost <= 100000", name="estimated_cost"),
        CheckConstraint(DETOUR_CHECK, name="max_detour_minutes"),
        Index("ix_trips_status_scheduled_at", "status", "scheduled_at"),
        Index(
            "uq_trips_series_id_series_date",
            "series_id",
            "series_date",
            unique=True,
            postgresql_where=text("series_id IS NOT NULL"),
        ),
        # Route and around-me search (api/trips/queries/search.py): one GiST over the departure day in IST (btree_gist)
        # and both ends' cells, for active trips only: within a day its pages are split by the ends (migration
        # 7c1d2e9a4b60).
        Index(
            "ix_trips_active_search",
            text("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)"),
            "origin_cell_earth",
            "destination_cell_earth",
            postgresql_using="gist",
            postgresql_where=text("status = 'ACTIVE'"),
        ),
        # Riders along the way (api/trips/queries/search.py): the departure day and each trip's corridor (where its
        # detour budget reaches and which way it goes), for active trips with a budget (migration e8a0c2d4f6b8).
        Index(
            "ix_trips_active_corridor",
            text("((scheduled_at AT TIME ZONE 'Asia/Kolkata')::date)"),
            "corridor",
            postgresql_using="gist",
            postgresql_where=text("status = 'ACTIVE' AND detour_budget_m > 0"),
        ),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    host_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    status: Mapped[str] = mapped_column(String(10), default="ACTIVE", server_default="ACTIVE")
    scheduled_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    origin: Mapped[TripEnd] = trip_end_columns("origin")
    destination: Mapped[TripEnd] = trip_end_columns("destination")
    # Both ends as the earthdistance points search measures from: the centres of their cells (domain/rules/geo.py
    # approximate), the ends everyone outside the trip is shown, so no distance, ranking or radius tells more than
    # the cell. Computed once when written rather than by every search for every candidate (ll_to_earth builds three
    # cubes and checks the earth domain). Read by search's SQL only, so not loaded, and not part of the ends' values.
    origin_cell_earth: Mapped[str] = mapped_column(
        Earth(), Computed(approximate_earth_sql("origin"), persisted=True), deferred=True
    )
    destination_cell_earth: Mapped[str] = mapped_column(
        Earth(), Computed(approximate_earth_sql("destination"), persisted=True), deferred=True
    )
    # How many minutes the host will go out of their way for a rider along it (domain/rules/along.py), and that
    # budget as straight-line metres (domain/routing.py detour_budget_m), written with the trip's mode and time.
    max_detour_minutes: Mapped[int] = mapped_column(SmallInteger, server_default="0")
    detour_budget_m: Mapped[float] = mapped_column(Float, server_default="0")
    # Where the trip's detour budget reaches round its way, and its heading, from the ends' cells: search's index.
    corridor: Mapped[str | None] = mapped_column(
        Cube(), Computed(corridor_sql("detour_budget_m"), persisted=True), deferred=True
    )
    total_passengers: Mapped[int] = mapped_column(SmallInteger)
    preferred_mode_of_transport: Mapped[int] = mapped_column(SmallInteger)
    is_vehicle_booked: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    estimated_cost: Mapped[Decimal] = mapped_column(Numeric(10, 2), default=0, server_default="0")
    additional_note: Mapped[str | None] = mapped_column(String(300))
    distance_km: Mapped[float] = mapped_column(Float)
    cancellation_reason: Mapped[str | None] = mapped_column(String(300))
    # A trip of a commute series: the series and the day it is for; one trip per series and day.
    series_id: Mapped[int | None] = mapped_column(ForeignKey("trip_series.id", ondelete="SET NULL"))
    series_date: Mapped[date | None] = mapped_column(Date)
    cancelled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class TripPassenger(Base):
    """A person's relation to a trip (SPEC §3 Passenger, §4 transitions). The host has a row too."""

    __tablename__ = "trip_passengers"
    __table_args__ = (
        UniqueConstraint("trip_id", "user_id"),
        CheckConstraint("type IN ('host', 'member')", name="type"),
        CheckConstraint(
            "status IN ('requested', 'active', 'rejected', 'removed', 'left', 'revoked', 'expired')", name="status"
        ),
        CheckConstraint("small_luggage BETWEEN 0 AND 20 AND large_luggage BETWEEN 0 AND 20", name="luggage"),
        Index("ix_trip_passengers_user_id_status", "user_id", "status"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    type: Mapped[str] = mapped_column(String(10))
    status: Mapped[str] = mapped_column(String(10))
    additional_note: Mapped[str | None] = mapped_column(String(300))
    small_luggage: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    large_luggage: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    request_number: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    # When the host moved the trip by more than half an hour and the member was asked "Still coming?"; cleared
    # when they keep their seat. While it is set, leaving is no late cancellation (domain/rules/reliability.py).
    still_coming_asked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The rider's own pick-up and drop on the host's way (domain/rules/along.py); none: the trip's own ends.
    pickup_name: Mapped[str | None] = mapped_column(String(200))
    pickup_place_id: Mapped[str | None] = mapped_column(String(200))
    pickup_latitude: Mapped[float | None] = mapped_column(Float)
    pickup_longitude: Mapped[float | None] = mapped_column(Float)
    drop_name: Mapped[str | None] = mapped_column(String(200))
    drop_place_id: Mapped[str | None] = mapped_column(String(200))
    drop_latitude: Mapped[float | None] = mapped_column(Float)
    drop_longitude: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), server_default=func.now(), onupdate=func.now()
    )


class TripQuery(Base):
    """A question someone asked the host of a trip, and its answer (SPEC §3 Query)."""

    __tablename__ = "trip_queries"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), index=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    question: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = created_at_column()
    answer: Mapped[str | None] = mapped_column(String(500))
    answered_by_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    answered_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class UserBlock(Base):
    """One user blocking (and maybe reporting) another: neither sees nor joins the other's trips."""

    __tablename__ = "user_blocks"

    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    reason: Mapped[str | None] = mapped_column(String(500))
    reported: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = created_at_column()


class TripCompletion(Base):
    """Marks a trip whose completion (insights, review prompts) has been applied; makes it happen once."""

    __tablename__ = "trip_completions"

    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"), primary_key=True)
    completed_at: Mapped[datetime] = created_at_column()


class Notification(Base):
    """A stored notification (SPEC §3 Notification). dedupe_key makes a retried send a no-op."""

    __tablename__ = "notifications"
    __table_args__ = (
        CheckConstraint("entity_type IN ('request', 'trip', 'query', 'chat', 'review', 'profile')", name="entity_type"),
        Index("ix_notifications_recipient_id_created_at", "recipient_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    recipient_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    sender_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    title: Mapped[str] = mapped_column(String(200))
    message: Mapped[str] = mapped_column(String(1000))
    entity_type: Mapped[str] = mapped_column(String(20))
    entity_id: Mapped[str] = mapped_column(String(100))
    dedupe_key: Mapped[str | None] = mapped_column(String(200), unique=True)
    # Which notice this is and what fills it (domain/notifications.py): its title and message are made from them in
    # the reader's language when read; a notice without a kind is read as its stored English words.
    kind: Mapped[str | None] = mapped_column(String(40))
    params: Mapped[dict[str, object] | None] = mapped_column(JSONB)
    created_at: Mapped[datetime] = created_at_column()


class Place(Base):
    """The offline gazetteer of Indian places: post-office localities placed by their pincode."""

    __tablename__ = "places"
    __table_args__ = (
        Index(
            "ix_places_short_name_trgm",
            "short_name",
            postgresql_using="gin",
            postgresql_ops={"short_name": "gin_trgm_ops"},
        ),
        Index("ix_places_earth", text("ll_to_earth(latitude, longitude)"), postgresql_using="gist"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    place_id: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    # The name without the post office's disambiguating suffix ('Indiranagar (Bangalore)' is 'Indiranagar'): what
    # people type and what is shown. Searched through its trigram index.
    short_name: Mapped[str] = mapped_column(
        String(200), Computed(r"coalesce(nullif(btrim(regexp_replace(name, '\s*\([^()]*\)\s*$', '')), ''), name)")
    )
    district: Mapped[str] = mapped_column(String(100))
    state: Mapped[str] = mapped_column(String(100))
    pincode: Mapped[str] = mapped_column(String(6))
    latitude: Mapped[float] = mapped_column(Float)
    longitude: Mapped[float] = mapped_column(Float)
