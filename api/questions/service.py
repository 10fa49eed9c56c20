"""Questions to a trip's host and their answers (SPEC §3 Query, §5 message rules, §8). Each is told to the other
side as a notification, stored in the same transaction and pushed after its commit."""

from fastapi import status
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import ApiError
from api.users.blocks import are_blocked
from domain import clock
from domain.live import Kind, tell_trip
from domain.models import Trip, TripQuery, User
from domain.notifications import NotificationDraft, store_notifications
from domain.rules import messages, notices
from domain.rules.trip import TripStatus
from workflows.push.contracts import push_start

# A question's notice opens the trip it was asked on.


async def ask_host(session: AsyncSession, asker: User, trip_id: int, question: str) -> None:
    trip = await session.get(Trip, trip_id)
    # A host and an asker who have blocked each other: the trip is not found, as in search (api/users/blocks.py).
    if trip is None or await are_blocked(session, asker.id, trip.host_id):
        raise ApiError(messages.TRIP_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    if trip.status == TripStatus.CANCELLED:
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.host_id == asker.id:
        raise ApiError(messages.QUERY_OWN_TRIP)
    if trip.scheduled_at <= clock.now():
        raise ApiError(messages.QUERY_PAST)
    session.add(TripQuery(trip_id=trip.id, created_by_id=asker.id, question=question))
    await session.flush()
    notice = NotificationDraft(
        recipient_id=trip.host_id,
        sender_id=asker.id,
        title=notices.NEW_QUESTION_TITLE,
        message=notices.NEW_QUESTION_BODY.format(name=asker.name, question=question),
        entity_type=notices.ABOUT_QUERY,
        entity_id=str(trip.id),
    )
    await store_notifications(session, [notice], push_start)
    await tell_trip(session, Kind.QUESTION, trip.id, also=[asker.id])


async def answer_question(session: AsyncSession, host: User, query_id: int, answer: str) -> None:
    """The host's answer, once: the question's row is locked, so two answers sent together cannot both land."""
    row = await session.execute(
        select(TripQuery, Trip)
        .join(Trip, Trip.id == TripQuery.trip_id)
        .where(TripQuery.id == query_id)
        .with_for_update()
    )
    found = row.first()
    if found is None:
        raise ApiError(messages.QUERY_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    query, trip = found
    if trip.host_id != host.id:
        raise ApiError(messages.TRIP_HOST_ONLY, status.HTTP_403_FORBIDDEN)
    if await are_blocked(session, host.id, query.created_by_id):
        # The answer would reach someone the host blocked or was blocked by.
        raise ApiError(messages.QUERY_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    if query.answer is not None:
        raise ApiError(messages.QUERY_ALREADY_ANSWERED, status.HTTP_409_CONFLICT)
    query.answer = answer
    query.answered_by_id = host.id
    query.answered_at = clock.now()
    notice = NotificationDraft(
        recipient_id=query.created_by_id,
        sender_id=host.id,
        title=notices.QUESTION_ANSWERED_TITLE,
        message=notices.QUESTION_ANSWERED_BODY.format(name=host.name, answer=answer),
        entity_type=notices.ABOUT_QUERY,
        entity_id=str(trip.id),
    )
    await store_notifications(session, [notice], push_start)
    await tell_trip(session, Kind.QUESTION, trip.id, also=[query.created_by_id])
