from datetime import datetime

from sqlalchemy import BigInteger, Boolean, CheckConstraint, DateTime, ForeignKey, Index, SmallInteger, String, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class TripReview(Base):
    """What one person who travelled said about another after the trip (SPEC §3 Review per Humsafar): one row per
    trip, reviewer and reviewee; sending again replaces it. `attributes` keeps only the thumbs that say something."""

    __tablename__ = "trip_reviews"
    __table_args__ = (
        CheckConstraint("stars BETWEEN 0 AND 5", name="stars"),
        CheckConstraint("reviewer_id <> reviewee_id", name="not_oneself"),
        CheckConstraint(
            "NOT is_flagged OR (flagged_review IS NOT NULL AND stars = 0 AND attributes = '{}'::jsonb)",
            name="flag_alone",
        ),
        Index("uq_trip_reviews_trip_reviewer_reviewee", "trip_id", "reviewer_id", "reviewee_id", unique=True),
        # A person's reviews, newest first (the review summary), and the sums behind their rating.
        Index("ix_trip_reviews_reviewee_id_updated_at", "reviewee_id", "updated_at"),
    )

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    trip_id: Mapped[int] = mapped_column(ForeignKey("trips.id", ondelete="CASCADE"))
    reviewer_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    reviewee_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    stars: Mapped[int] = mapped_column(SmallInteger, default=0, server_default="0")
    attributes: Mapped[dict[str, int]] = mapped_column(JSONB, default=dict, server_default="{}")
    is_flagged: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    flagged_review: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = created_at_column()
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
