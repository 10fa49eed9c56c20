"""Questions to a trip's host and their answers (SPEC §3 Query, §5 message rules, §8). Each is told to the other
side as a notification, stored in the same transaction and pushed after its commit.

One person may ask a few questions a day on one trip (domain/asks.py), and the host hears of a burst of them once:
the notice of the latest takes the place of the burst's notice, unpushed (domain/notifications.py burst_key).
"""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.users.blocks import are_blocked
from domain import clock
from domain.asks import AskKind, count_ask
from domain.live import Kind, tell_trip
from domain.models import Trip, TripQuery, User
from domain.notifications import burst_key, notice_draft, person, store_notifications
from domain.rules import messages, notices
from domain.rules.refusal import Refusal, RefusalKind, invalid, not_found, not_now, not_theirs, too_many
from domain.rules.trip import TRIP_IS_CANCELLED, TripStatus
from domain.settings import Settings
from workflows.push.contracts import push_start

# A question's notice opens the trip it was asked on.


async def ask_host(session: AsyncSession, settings: Settings, asker: User, trip_id: int, question: str) -> None:
    """The question on the trip, told to its host; refused with 429, changing nothing, beyond the day's questions
    of the person on the trip."""
    trip = await session.get(Trip, trip_id)
    # A host and an asker who have blocked each other: the trip is not found, as in search (api/users/blocks.py).
    if trip is None or await are_blocked(session, asker.id, trip.host_id):
        refuse(not_found(messages.TRIP_NOT_FOUND))
    if trip.status == TripStatus.CANCELLED:
        refuse(TRIP_IS_CANCELLED)
    if trip.host_id == asker.id:
        refuse(invalid(messages.QUERY_OWN_TRIP))
    if trip.scheduled_at <= clock.now():
        refuse(Refusal(RefusalKind.TRIP_IN_PAST, messages.QUERY_PAST))
    if not await count_ask(session, AskKind.QUESTION, asker.id, trip.id, settings.questions_per_trip_per_day):
        refuse(too_many(messages.QUERY_TOO_MANY))
    session.add(TripQuery(trip_id=trip.id, created_by_id=asker.id, question=question))
    await session.flush()
    notice = notice_draft(
        recipient_id=trip.host_id,
        sender_id=asker.id,
        kind="NEW_QUESTION",
        fields={"name": person(asker.name), "question": question},
        entity_type=notices.ABOUT_QUERY,
        entity_id=str(trip.id),
        dedupe_key=burst_key("question", trip.id, asker.id, clock.now()),
        replaces=True,
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
        refuse(not_found(messages.QUERY_NOT_FOUND))
    query, trip = found
    if trip.host_id != host.id:
        refuse(not_theirs(messages.TRIP_HOST_ONLY))
    if await are_blocked(session, host.id, query.created_by_id):
        # The answer would reach someone the host blocked or was blocked by.
        refuse(not_found(messages.QUERY_NOT_FOUND))
    if query.answer is not None:
        refuse(not_now(messages.QUERY_ALREADY_ANSWERED))
    query.answer = answer
    query.answered_by_id = host.id
    query.answered_at = clock.now()
    notice = notice_draft(
        recipient_id=query.created_by_id,
        sender_id=host.id,
        kind="QUESTION_ANSWERED",
        fields={"name": person(host.name), "answer": answer},
        entity_type=notices.ABOUT_QUERY,
        entity_id=str(trip.id),
    )
    await store_notifications(session, [notice], push_start)
    await tell_trip(session, Kind.QUESTION, trip.id, also=[query.created_by_id])
