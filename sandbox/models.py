"""The sandbox vendors' own records, as each real vendor keeps them on its side: tables of their own in the
PostgreSQL schema `sandbox`, with metadata of their own, created by the sandbox's migrations (sandbox/migrations)
only when SANDBOX=true. Production's models (domain/models) and migrations never see them."""

from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, DateTime, Integer, MetaData, String, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from domain.models.base import NAMING_CONVENTION, created_at_column

SCHEMA = "sandbox"


class SandboxBase(DeclarativeBase):
    metadata = MetaData(schema=SCHEMA, naming_convention=NAMING_CONVENTION)


class SandboxSms(SandboxBase):
    """The sandbox SMS outbox: what a real gateway would have delivered."""

    __tablename__ = "sms"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    mobile_number: Mapped[str] = mapped_column(String(10), index=True)
    message: Mapped[str] = mapped_column(String(500))
    code: Mapped[str | None] = mapped_column(String(10))
    # The sender's idempotency reference: a message sent again with it is kept once.
    reference: Mapped[str | None] = mapped_column(String(80), unique=True)
    created_at: Mapped[datetime] = created_at_column()


class SandboxKycTransaction(SandboxBase):
    """The sandbox KYC vendor's own record of a transaction, as the real vendor keeps it on its side."""

    __tablename__ = "kyc_transactions"

    transaction_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    app_id: Mapped[str] = mapped_column(String(100))
    workflow_id: Mapped[str] = mapped_column(String(100))
    redirect_url: Mapped[str] = mapped_column(String(1000))
    application_status: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SandboxCabBooking(SandboxBase):
    """The sandbox aggregator's own record of a booking, as a real aggregator keeps it on its side."""

    __tablename__ = "cab_bookings"

    booking_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(80), unique=True)
    reference: Mapped[str] = mapped_column(String(80))
    trip_id: Mapped[int] = mapped_column(BigInteger, index=True)
    vendor_code: Mapped[str] = mapped_column(String(40))
    category: Mapped[str] = mapped_column(String(20))
    status: Mapped[str] = mapped_column(String(30))
    callback_url: Mapped[str] = mapped_column(String(1000))
    driver: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    vehicle: Mapped[dict[str, Any] | None] = mapped_column(JSONB)
    cancel_reason: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SandboxLinkedInGrant(SandboxBase):
    """The sandbox LinkedIn's own record of a consent: its code (used once), then its access token."""

    __tablename__ = "linkedin_grants"

    code: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_id: Mapped[str] = mapped_column(String(100))
    redirect_uri: Mapped[str] = mapped_column(String(1000))
    code_challenge: Mapped[str] = mapped_column(String(128))
    member_sub: Mapped[str] = mapped_column(String(64))
    member_name: Mapped[str] = mapped_column(String(100))
    access_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SandboxBecknSubscriber(SandboxBase):
    """The sandbox network registry's own record of a participant's key, as the registry lists it."""

    __tablename__ = "beckn_subscribers"

    subscriber_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    unique_key_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    subscriber_url: Mapped[str] = mapped_column(String(1000))
    type: Mapped[str] = mapped_column(String(3))
    domain: Mapped[str] = mapped_column(String(40))
    signing_public_key: Mapped[str] = mapped_column(String(100))
    status: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SandboxBecknCallback(SandboxBase):
    """A callback the sandbox buyer app received from Humsafar (on_search, on_select, ...), verified, kept once by
    its message id and action; `deliveries` counts how many times it came."""

    __tablename__ = "beckn_buyer_callbacks"
    __table_args__ = (UniqueConstraint("message_id", "action", name="uq_beckn_buyer_callbacks_message_id_action"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    transaction_id: Mapped[str] = mapped_column(String(100), index=True)
    message_id: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(20))
    # Who signed it, as the registry lists the key: Humsafar's subscriber id.
    signed_by: Mapped[str] = mapped_column(String(200))
    body: Mapped[dict[str, Any]] = mapped_column(JSONB)
    deliveries: Mapped[int] = mapped_column(Integer, server_default="1")
    received_at: Mapped[datetime] = created_at_column()
