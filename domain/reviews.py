"""Keeping reviews of co-riders (SPEC §3 Review): the app's review screen (api/reviews) and a network rider's rating
from their buyer app (activities/beckn) alike. The caller has checked who may review whom (domain/rules/review.py).

A reviewee's average rating and flag count are columns of their user row, written in the transaction that changes
their reviews, so every view of them (profile card, passengers, host header) follows at once. The rows of the
reviewees are locked first, in id order: two sends that touch the same person run one after the other, and each sums
what the other committed, so nothing is counted twice or lost."""

from collections.abc import Sequence

from sqlalchemy import and_, delete, func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import Trip, TripReview, User
from domain.notifications import PushStart, notice_draft, store_notifications
from domain.rules import notices
from domain.rules.review import ReviewEntry


async def keep_reviews(
    session: AsyncSession, trip: Trip, reviewer_id: int, entries: Sequence[ReviewEntry], push_start: PushStart
) -> None:
    """Keeps the reviewer's cards for this trip, each replacing their earlier review of that person (an empty card
    takes it back), and tells each newly reviewed person."""
    reviewee_ids = sorted(entry.reviewee_id for entry in entries)
    await session.execute(
        select(User.id).where(User.id.in_(reviewee_ids)).order_by(User.id).with_for_update(key_share=True)
    )
    kept = [entry for entry in entries if not entry.is_empty]
    taken_back = [entry.reviewee_id for entry in entries if entry.is_empty]
    if taken_back:
        await session.execute(
            delete(TripReview).where(
                TripReview.trip_id == trip.id,
                TripReview.reviewer_id == reviewer_id,
                TripReview.reviewee_id.in_(taken_back),
            )
        )
    if kept:
        statement = insert(TripReview).values(
            [
                {
                    "trip_id": trip.id,
                    "reviewer_id": reviewer_id,
                    "reviewee_id": entry.reviewee_id,
                    "stars": entry.stars,
                    "attributes": entry.thumbs,
                    "is_flagged": entry.is_flagged,
                    "flagged_review": entry.flagged_review.strip()
                    if entry.is_flagged and entry.flagged_review
                    else None,
                }
                for entry in kept
            ]
        )
        await session.execute(
            statement.on_conflict_do_update(
                index_elements=[TripReview.trip_id, TripReview.reviewer_id, TripReview.reviewee_id],
                set_={
                    "stars": statement.excluded.stars,
                    "attributes": statement.excluded.attributes,
                    "is_flagged": statement.excluded.is_flagged,
                    "flagged_review": statement.excluded.flagged_review,
                    "updated_at": func.now(),
                },
            )
        )
    await _recount(session, reviewee_ids)
    await _tell_reviewees(session, trip, reviewer_id, [entry.reviewee_id for entry in kept], push_start)


async def _recount(session: AsyncSession, user_ids: list[int]) -> None:
    """Each user's average rating (mean of the stars given, one decimal; flags and unrated cards excluded) and flag
    count, from their reviews as they now stand."""
    rated = and_(TripReview.reviewee_id == User.id, TripReview.stars > 0, TripReview.is_flagged.is_(False))
    flagged = and_(TripReview.reviewee_id == User.id, TripReview.is_flagged.is_(True))
    await session.execute(
        update(User)
        .where(User.id.in_(user_ids))
        .values(
            average_rating=func.coalesce(
                select(func.round(func.avg(TripReview.stars), 1)).where(rated).scalar_subquery(), 0
            ),
            flagged_count=select(func.count()).where(flagged).scalar_subquery(),
        )
        .execution_options(synchronize_session=False)
    )


async def _tell_reviewees(
    session: AsyncSession, trip: Trip, reviewer_id: int, reviewee_ids: list[int], push_start: PushStart
) -> None:
    """A notice to each person reviewed, once per reviewer and trip, that does not say who wrote it."""
    drafts = [
        notice_draft(
            recipient_id=reviewee_id,
            sender_id=None,
            kind="REVIEW_RECEIVED",
            fields={"origin": trip.origin.name, "destination": trip.destination.name},
            entity_type=notices.ABOUT_REVIEW,
            entity_id="",
            dedupe_key=f"review-received:{trip.id}:{reviewer_id}:{reviewee_id}",
        )
        for reviewee_id in reviewee_ids
    ]
    await store_notifications(session, drafts, push_start)
