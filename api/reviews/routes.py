"""Reviews of co-riders after a trip, and the reviews a user received (SPEC §7 review calls)."""

from typing import Annotated

from fastapi import APIRouter, Body, Query

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.openapi import refusals
from api.reviews.schemas import ReviewedTrip, ReviewIn, ReviewSummary, TripReviews
from api.reviews.service import review_summary, reviews_of_trip, send_reviews, trips_to_rate
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import limits, messages

router = APIRouter(prefix="/user/review", tags=["review"])

Page = Annotated[int, Query(ge=0, le=10_000)]
# Home offers one prompt at a time; a few are enough to go on after one is rated or put aside.
TRIPS_TO_RATE = 10
Cards = Annotated[list[ReviewIn], Body(max_length=limits.PASSENGERS_MAX)]


@router.get("/trip/{trip_id}", responses=refusals(403, 409))
async def read_trip_reviews(trip_id: int, user: CurrentUser, session: SessionDep) -> Envelope[TripReviews]:
    """What the signed-in user sent about this trip's co-riders, and whom they may review."""
    return ok(await reviews_of_trip(session, trip_id, user))


@router.put("/trip/{trip_id}", responses=refusals(403, 409))
async def review_trip(trip_id: int, body: Cards, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Rates or flags co-riders; sending again replaces one's earlier review of each person sent."""
    await send_reviews(session, trip_id, user, body)
    return done(messages.REVIEW_SAVED)


@router.get("/pending")
async def read_trips_to_rate(user: CurrentUser, session: SessionDep) -> Envelope[list[ReviewedTrip]]:
    """The completed trips the signed-in user travelled on with others and has not reviewed yet, newest first (the
    'Leave a rating' prompt)."""
    return ok(await trips_to_rate(session, user, TRIPS_TO_RATE))


@router.get("/my")
async def read_my_reviews(
    user: CurrentUser, session: SessionDep, settings: SettingsDep, page: Page = 0
) -> Envelope[ReviewSummary]:
    return ok(await review_summary(session, settings.review_page_size, user.id, page))


@router.get("/{user_id}/trip")
async def read_user_reviews(
    user_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep, page: Page = 0
) -> Envelope[ReviewSummary]:
    """The reviews another user received, without their authors; not found across a block, and the reviewed trips'
    ends by their localities unless the viewer travelled on them too."""
    return ok(await review_summary(session, settings.review_page_size, user_id, page, user))
