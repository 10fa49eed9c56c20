"""Reviews of co-riders after a trip (SPEC §3 Review, §4 Review screen, §5 and §8 review rules); the rules are
domain/rules/review.py; they are kept, and the ratings they make recounted, by domain/reviews.py."""

from sqlalchemy import and_, func, select, true
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from api.errors import refuse
from api.media.service import media_url
from api.reviews.schemas import (
    AttributeTally,
    ReceivedReview,
    ReviewableMember,
    ReviewedTrip,
    ReviewIn,
    ReviewSent,
    ReviewSummary,
    TripReviews,
)
from api.users.blocks import are_blocked
from domain import clock
from domain.models import Trip, TripCompletion, TripPassenger, TripReview, User
from domain.reviews import keep_reviews
from domain.rules import messages
from domain.rules.choices import REVIEW_ATTRIBUTES
from domain.rules.join import PassengerStatus
from domain.rules.places import locality_name
from domain.rules.refusal import not_found
from domain.rules.review import ReviewEntry, Thumb, reviewer_refusal, reviews_refusal
from domain.rules.trip import TripStatus
from workflows.push.contracts import push_start

# A received review's notice opens one's own profile, where the new average shows.


async def _reviewable_trip(session: AsyncSession, trip_id: int, reviewer: User) -> tuple[Trip, list[User]]:
    """The trip and the others who travelled on it, once the reviewer may review it; else the spec's refusal."""
    trip = await session.get(Trip, trip_id)
    if trip is None:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    travellers = (
        await session.scalars(
            select(User)
            .join(TripPassenger, TripPassenger.user_id == User.id)
            .where(TripPassenger.trip_id == trip_id, TripPassenger.status == PassengerStatus.ACTIVE)
            .order_by(TripPassenger.type, TripPassenger.created_at)
        )
    ).all()
    refuse(
        reviewer_refusal(
            trip_status=trip.status,
            departed=trip.scheduled_at <= clock.now(),
            travelled=any(person.id == reviewer.id for person in travellers),
        )
    )
    return trip, [person for person in travellers if person.id != reviewer.id and person.deleted_at is None]


async def reviews_of_trip(session: AsyncSession, trip_id: int, viewer: User) -> TripReviews:
    """What the viewer sent about this trip's co-riders, and whom they may review."""
    _, co_riders = await _reviewable_trip(session, trip_id, viewer)
    sent = await session.scalars(
        select(TripReview).where(TripReview.trip_id == trip_id, TripReview.reviewer_id == viewer.id)
    )
    return TripReviews(
        reviews=[
            ReviewSent(
                reviewee_id=review.reviewee_id,
                stars=review.stars,
                attributes=review.attributes,
                is_flagged=review.is_flagged,
                flagged_review=review.flagged_review,
            )
            for review in sent
        ],
        members=[
            ReviewableMember(
                id=person.id,
                name=person.name,
                small_image_url=media_url(person.small_image_key),
                is_kyc_verified=person.is_kyc_verified,
            )
            for person in co_riders
        ],
    )


async def send_reviews(session: AsyncSession, trip_id: int, reviewer: User, cards: list[ReviewIn]) -> None:
    """Keeps the reviewer's cards for this trip, each replacing their earlier review of that person (an empty card
    takes it back), and tells each newly reviewed person."""
    trip, co_riders = await _reviewable_trip(session, trip_id, reviewer)
    entries = [ReviewEntry(**card.model_dump()) for card in cards]
    refuse(reviews_refusal(reviewer.id, entries, {person.id for person in co_riders}))
    await keep_reviews(session, trip, reviewer.id, entries, push_start)


async def review_summary(
    session: AsyncSession, page_size: int, user_id: int, page: int, viewer: User | None = None
) -> ReviewSummary:
    """The reviews a user received, newest first and without their authors, with their rating, flag count and the
    tally of each attribute. Another viewer across a block (either way, api/users/blocks.py) is told the user is not
    found, and sees each reviewed trip's ends by their localities only, unless they travelled on it too."""
    reviewee = await session.scalar(select(User).where(User.id == user_id, User.deleted_at.is_(None)))
    if reviewee is None or (viewer is not None and await are_blocked(session, viewer.id, user_id)):
        refuse(not_found(messages.USER_NOT_FOUND))
    rows = (
        await session.execute(
            select(TripReview, Trip)
            .join(Trip, Trip.id == TripReview.trip_id)
            .where(TripReview.reviewee_id == user_id)
            .order_by(TripReview.updated_at.desc(), TripReview.id.desc())
            .offset(page * page_size)
            .limit(page_size + 1)
        )
    ).all()
    shown = rows[:page_size]
    travelled = await _travelled_on(session, viewer, [trip.id for _, trip in shown]) if viewer else None
    return ReviewSummary(
        reviews=[
            ReceivedReview(
                stars=review.stars,
                attributes=review.attributes,
                flagged_review=review.flagged_review,
                trip=_reviewed_trip(trip, exact=travelled is None or trip.id in travelled),
            )
            for review, trip in shown
        ],
        overall_attributes=await _attribute_tally(session, user_id),
        average_rating=float(reviewee.average_rating),
        flagged_count=reviewee.flagged_count,
        page=page,
        has_more=len(rows) > page_size,
    )


async def _travelled_on(session: AsyncSession, viewer: User, trip_ids: list[int]) -> set[int]:
    """Those of these trips the viewer travelled on (their host, or a member still active)."""
    if not trip_ids:
        return set()
    found = await session.scalars(
        select(TripPassenger.trip_id).where(
            TripPassenger.trip_id.in_(trip_ids),
            TripPassenger.user_id == viewer.id,
            TripPassenger.status == PassengerStatus.ACTIVE,
        )
    )
    return set(found)


def _reviewed_trip(trip: Trip, *, exact: bool) -> ReviewedTrip:
    """A reviewed trip as the viewer may know it: its ends' names for those who travelled on it, else their
    localities (domain/rules/places.py), as a trip's ends are shown to a stranger."""
    origin, destination = trip.origin, trip.destination
    return ReviewedTrip(
        id=trip.id,
        source=origin.name if exact else locality_name(origin.name, origin.place_id),
        destination=destination.name if exact else locality_name(destination.name, destination.place_id),
        scheduled_at=clock.format_ist_minute(trip.scheduled_at),
    )


async def _attribute_tally(session: AsyncSession, user_id: int) -> dict[str, AttributeTally]:
    thumbs = func.jsonb_each_text(TripReview.attributes).table_valued("key", "value").render_derived()
    counted = await session.execute(
        select(thumbs.c.key, thumbs.c.value, func.count())
        .select_from(TripReview)
        .join(thumbs, true())
        .where(TripReview.reviewee_id == user_id)
        .group_by(thumbs.c.key, thumbs.c.value)
    )
    tally = {key: {"positive": 0, "negative": 0} for key in REVIEW_ATTRIBUTES}
    for key, value, count in counted:
        if key in tally:
            tally[key]["positive" if int(value) == Thumb.UP else "negative"] += count
    return {key: AttributeTally(**counts) for key, counts in tally.items()}


async def trips_to_rate(session: AsyncSession, viewer: User, limit: int) -> list[ReviewedTrip]:
    """The completed trips the viewer travelled on with at least one co-rider and has not reviewed, newest first:
    what home's 'Leave a rating' prompt offers."""
    mine, others = aliased(TripPassenger), aliased(TripPassenger)
    co_rider = (
        select(others.id)
        .join(User, User.id == others.user_id)
        .where(
            others.trip_id == Trip.id,
            others.user_id != viewer.id,
            others.status == PassengerStatus.ACTIVE,
            User.deleted_at.is_(None),
        )
        .exists()
    )
    reviewed = select(TripReview.id).where(TripReview.trip_id == Trip.id, TripReview.reviewer_id == viewer.id).exists()
    trips = await session.scalars(
        select(Trip)
        .join(TripCompletion, TripCompletion.trip_id == Trip.id)
        .join(mine, and_(mine.trip_id == Trip.id, mine.user_id == viewer.id, mine.status == PassengerStatus.ACTIVE))
        .where(Trip.status == TripStatus.ACTIVE, co_rider, ~reviewed)
        .order_by(Trip.scheduled_at.desc(), Trip.id.desc())
        .limit(limit)
    )
    return [_reviewed_trip(trip, exact=True) for trip in trips]
