from datetime import datetime

from sqlalchemy import BigInteger, CheckConstraint, DateTime, ForeignKey, Index, SmallInteger, String, func
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column

KYC_STATUSES = "('initiated', 'needs_review', 'approved', 'rejected', 'cancelled', 'error')"


class KycVerification(Base):
    """One attempt at identity verification: the n-th of its user, one vendor transaction, one KycWorkflow."""

    __tablename__ = "kyc_verifications"
    __table_args__ = (
        CheckConstraint(f"status IN {KYC_STATUSES}", name="status"),
        Index("uq_kyc_verifications_user_id_number", "user_id", "number", unique=True),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(SmallInteger)
    transaction_id: Mapped[str] = mapped_column(String(80), unique=True)
    status: Mapped[str] = mapped_column(String(20))
    vendor_status: Mapped[str | None] = mapped_column(String(40))
    start_url: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
