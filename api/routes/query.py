"""Questions to the host of a trip and their answers (SPEC §3 Query, §5 message rules, §8)."""

from fastapi import APIRouter, status
from sqlalchemy import select

from api.deps import CurrentUser, SessionDep
from api.envelope import MessageOnly, done
from api.errors import ApiError, refusals
from api.schemas.join import QueryAnswer, QueryCreate
from domain import clock
from domain.models import Trip, TripQuery
from domain.notifications import NotificationDraft, store_notifications
from domain.rules import messages
from domain.rules.trip import TripStatus
from workflows.contracts import push_start

router = APIRouter(prefix="/trip/query", tags=["query"])


@router.post("", responses=refusals(404, 409))
async def ask_query(body: QueryCreate, user: CurrentUser, session: SessionDep) -> MessageOnly:
    trip = await session.get(Trip, body.trip_id)
    if trip is None:
        raise ApiError(messages.TRIP_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    if trip.status == TripStatus.CANCELLED:
        raise ApiError(messages.TRIP_CANCELLED, status.HTTP_409_CONFLICT)
    if trip.host_id == user.id:
        raise ApiError(messages.QUERY_OWN_TRIP)
    if trip.scheduled_at <= clock.now():
        raise ApiError(messages.QUERY_PAST)
    query = TripQuery(trip_id=trip.id, created_by_id=user.id, question=body.question)
    session.add(query)
    await session.flush()
    notice = NotificationDraft(
        recipient_id=trip.host_id,
        sender_id=user.id,
        title="New question",
        message=f"{user.name} asked: {body.question}",
        entity_type="query",
        entity_id=str(trip.id),
    )
    await store_notifications(session, [notice], push_start)
    return done(messages.QUERY_ASKED)


@router.put("/{query_id}", responses=refusals(403, 409))
async def answer_query(
    query_id: int,
    body: QueryAnswer,
    user: CurrentUser,
    session: SessionDep,
) -> MessageOnly:
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
    if trip.host_id != user.id:
        raise ApiError(messages.TRIP_HOST_ONLY, status.HTTP_403_FORBIDDEN)
    if query.answer is not None:
        raise ApiError(messages.QUERY_ALREADY_ANSWERED, status.HTTP_409_CONFLICT)
    query.answer = body.answer
    query.answered_by_id = user.id
    query.answered_at = clock.now()
    notice = NotificationDraft(
        recipient_id=query.created_by_id,
        sender_id=user.id,
        title="Your question was answered",
        message=f"{user.name} answered: {body.answer}",
        entity_type="query",
        entity_id=str(trip.id),
    )
    await store_notifications(session, [notice], push_start)
    return done(messages.QUERY_ANSWERED)
