"""Reviews of co-riders (SPEC §3 Review per Humsafar, Review summary; §7 review calls)."""

from pydantic import BaseModel, Field, StrictInt

from domain.rules import limits


class ReviewIn(BaseModel):
    """One card of the review screen. Its rules (SPEC §5) are those of domain/rules/review.py."""

    reviewee_id: int = Field(strict=True)
    stars: int = Field(default=0, strict=True, description=f"1 to {limits.REVIEW_STARS_MAX}; 0 when unrated")
    attributes: dict[str, StrictInt] = Field(
        default_factory=dict, description="a key of review_attributes to -1, 0 or 1"
    )
    is_flagged: bool = False
    flagged_review: str | None = Field(default=None, description="the reason, required with a flag")


class ReviewSent(BaseModel):
    """A review the viewer sent: what their review screen starts from."""

    reviewee_id: int
    stars: int
    attributes: dict[str, int]
    is_flagged: bool
    flagged_review: str | None


class ReviewableMember(BaseModel):
    id: int
    name: str | None
    small_image_url: str | None
    is_kyc_verified: bool


class TripReviews(BaseModel):
    reviews: list[ReviewSent]
    members: list[ReviewableMember] = Field(description="the people who travelled, whom the viewer may review")


class ReviewedTrip(BaseModel):
    id: int
    source: str
    destination: str
    scheduled_at: str


class ReceivedReview(BaseModel):
    """A review someone received; who wrote it is never told."""

    stars: int
    attributes: dict[str, int]
    flagged_review: str | None
    trip: ReviewedTrip


class AttributeTally(BaseModel):
    positive: int
    negative: int


class ReviewSummary(BaseModel):
    reviews: list[ReceivedReview] = Field(description="newest first")
    overall_attributes: dict[str, AttributeTally]
    average_rating: float = Field(description="the mean of the stars given, flags and unrated cards excluded")
    flagged_count: int
    page: int
    has_more: bool
