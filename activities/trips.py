"""What a trip's flow does to the database: it reminds, tells of a cancellation, of the start, completes.

Every activity may run again after a crash or a lost answer and leaves the same result: notifications carry
dedupe keys, and completion is marked in the same transaction as the counts it adds.
"""

from datetime import UTC, datetime

from sqlalchemy import and_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import aliased
from temporalio import activity

from activities.beckn import tell_trip_riders
from activities.notifications import notify
from domain import notifications
from domain.cab import running_booking
from domain.cancellation import mark_cancelled
from domain.db import transaction
from domain.flows import signal_after_commit
from domain.live import Kind, tell_trip
from domain.models import Trip, TripCompletion, TripPassenger, User, UserTripsInsights
from domain.providers.beckn.seat import SeatState
from domain.rules import notices
from domain.rules.cab import CabEnd
from domain.rules.choices import reason_told_to_members
from domain.rules.co2 import co2_saved_per_person_kg
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.trip import TripStatus
from workflows.cab_booking.contracts import CabEndRequest, cab_end
from workflows.trip.contracts import TripCancellationNotice, TripReminder, TripSteps


def reminder_key(trip_id: int, user_id: int, scheduled_at: datetime) -> str:
    return f"trip-reminder:{trip_id}:{user_id}:{scheduled_at.astimezone(UTC).isoformat()}"


def cancellation_key(trip_id: int, user_id: int) -> str:
    return f"trip-cancelled:{trip_id}:{user_id}"


def review_key(trip_id: int, user_id: int) -> str:
    return f"trip-review:{trip_id}:{user_id}"


def trip_route_fields(trip: Trip) -> dict[str, object]:
    """The trip's route as a notice stores it, to be said in its reader's language (domain/notifications.py)."""
    return notifications.route(trip.origin.name, trip.destination.name)


class TripActivities(TripSteps):
    def __init__(self, session_maker: async_sessionmaker[AsyncSession]) -> None:
        self._session_maker = session_maker

    @activity.defn
    async def remind_trip(self, reminder: TripReminder) -> int:
        """Reminds the host and the active members of the departure; answers how many reminders were new."""
        trip_id = reminder.trip_id
        departure = datetime.fromisoformat(reminder.scheduled_at)
        async with transaction(self._session_maker) as session:
            trip = await session.get(Trip, trip_id)
            if trip is None or trip.status != TripStatus.ACTIVE:
                return 0
            fields = {"route": trip_route_fields(trip), "time": notifications.clock(departure)}
            drafts = [
                notifications.notice_draft(
                    recipient_id=user_id,
                    sender_id=None if user_id == trip.host_id else trip.host_id,
                    kind="TRIP_REMINDER",
                    fields=fields,
                    entity_type=notices.ABOUT_TRIP,
                    entity_id=str(trip_id),
                    dedupe_key=reminder_key(trip_id, user_id, departure),
                )
                for user_id in await live_people(session, trip_id, (PassengerStatus.ACTIVE,))
            ]
            return await notify(session, drafts)

    @activity.defn
    async def notify_trip_cancelled(self, notice: TripCancellationNotice) -> int:
        """Tells the active members and the people waiting for an answer; answers how many notices were new.

        Every cancellation ends here (domain/cancellation.py): a running cab booking is ended with the vendor. A trip
        still ACTIVE was cancelled from outside the API (support signalling the flow, with its reason) and is marked
        cancelled too; the API's own cancellation has already marked it, and its status and reason are kept. The
        members are told the reason given, or else the one the trip's row holds (the API's cancellation gives none);
        the cab's flow is told only the cause.
        """
        trip_id, reason = notice.trip_id, notice.reason
        async with transaction(self._session_maker) as session:
            trip = await session.scalar(select(Trip).where(Trip.id == trip_id).with_for_update())
            if trip is None:
                return 0
            if trip.status == TripStatus.ACTIVE:
                await mark_cancelled(session, trip, reason)
            if booking := await running_booking(session, trip_id):
                end = CabEndRequest(cause=CabEnd.TRIP_CANCELLED)
                await signal_after_commit(session, cab_end(trip_id, booking.number, end))
            told = reason_told_to_members(reason or trip.cancellation_reason)
            fields = {"route": trip_route_fields(trip), "when": notifications.day_and_clock(trip.scheduled_at)}
            added = [("REASON_BODY", {"reason": told})] if told else []
            members = await live_people(
                session, trip_id, (PassengerStatus.ACTIVE, PassengerStatus.REQUESTED), types=(PassengerType.MEMBER,)
            )
            drafts = [
                notifications.notice_draft(
                    recipient_id=user_id,
                    sender_id=trip.host_id,
                    kind="TRIP_CANCELLED",
                    fields=fields,
                    added=added,
                    entity_type=notices.ABOUT_TRIP,
                    entity_id=str(trip_id),
                    dedupe_key=cancellation_key(trip_id, user_id),
                )
                for user_id in members
            ]
            await tell_trip_riders(session, trip_id, SeatState.TRIP_CANCELLED)
            return await notify(session, drafts)

    @activity.defn
    async def start_trip(self, trip_id: int) -> int:
        """Tells each network rider's buyer app that the trip holding their seat has started (activities/beckn
        news.py); a trip cancelled meanwhile tells no one. Answers how many orders were told."""
        async with transaction(self._session_maker) as session:
            trip = await session.get(Trip, trip_id)
            if trip is None or trip.status != TripStatus.ACTIVE:
                return 0
            return await tell_trip_riders(session, trip_id, SeatState.STARTED)

    @activity.defn
    async def complete_trip(self, trip_id: int) -> bool:
        """Credits everyone who travelled, once; False when the trip is gone or cancelled instead.

        Marking the completion and adding the counts share one transaction, and the mark is the trip's primary
        key: a second run, after a crash or alongside the first, finds the mark and adds nothing.
        """
        async with transaction(self._session_maker) as session:
            trip = await session.scalar(select(Trip).where(Trip.id == trip_id).with_for_update())
            if trip is None or trip.status != TripStatus.ACTIVE:
                return False
            marked = await session.scalar(
                insert(TripCompletion)
                .values(trip_id=trip_id)
                .on_conflict_do_nothing(index_elements=[TripCompletion.trip_id])
                .returning(TripCompletion.trip_id)
            )
            if marked is None:
                return True
            await tell_trip(session, Kind.TRIP, trip_id)
            await tell_trip_riders(session, trip_id, SeatState.COMPLETED)
            people = (
                await session.execute(
                    select(TripPassenger.user_id, TripPassenger.type).where(
                        TripPassenger.trip_id == trip_id, TripPassenger.status == PassengerStatus.ACTIVE
                    )
                )
            ).all()
            # A hosted trip nobody joined was not shared: it counts in nobody's insights.
            if len(people) < 2:
                return True
            co2_each = co2_saved_per_person_kg(trip.preferred_mode_of_transport, trip.distance_km, len(people))
            met_before = await _met_before(session, trip_id, [user_id for user_id, _ in people])
            await _add_to_insights(
                session,
                [
                    {
                        "user_id": user_id,
                        "trips_hosted": int(kind == PassengerType.HOST),
                        "total_trips_joined": int(kind == PassengerType.MEMBER),
                        "new_people_met": sum(
                            1 for other, _ in people if other != user_id and (user_id, other) not in met_before
                        ),
                        "total_co2_saved": co2_each,
                    }
                    for user_id, kind in people
                ],
            )
            if len(people) > 1:
                review_fields = {"route": trip_route_fields(trip)}
                drafts = [
                    notifications.notice_draft(
                        recipient_id=user_id,
                        kind="REVIEW_ASKED",
                        fields=review_fields,
                        entity_type=notices.ABOUT_REVIEW,
                        entity_id=str(trip_id),
                        dedupe_key=review_key(trip_id, user_id),
                    )
                    for user_id in await live_people(session, trip_id, (PassengerStatus.ACTIVE,))
                ]
                await notify(session, drafts)
            return True


async def live_people(
    session: AsyncSession,
    trip_id: int,
    statuses: tuple[str, ...],
    types: tuple[str, ...] = (PassengerType.HOST, PassengerType.MEMBER),
) -> list[int]:
    """The trip's people in these statuses whose accounts still exist, host first."""
    rows = await session.scalars(
        select(TripPassenger.user_id)
        .join(User, User.id == TripPassenger.user_id)
        .where(
            TripPassenger.trip_id == trip_id,
            TripPassenger.status.in_(statuses),
            TripPassenger.type.in_(types),
            User.deleted_at.is_(None),
        )
        .order_by(TripPassenger.type, TripPassenger.id)
    )
    return list(rows)


async def _met_before(session: AsyncSession, trip_id: int, user_ids: list[int]) -> set[tuple[int, int]]:
    """The pairs of these people who already travelled together on another completed trip: "New People" counts each
    person once, ever."""
    mine, theirs = aliased(TripPassenger), aliased(TripPassenger)
    rows = await session.execute(
        select(mine.user_id, theirs.user_id)
        .distinct()
        .join(theirs, and_(theirs.trip_id == mine.trip_id, theirs.user_id != mine.user_id))
        .join(TripCompletion, TripCompletion.trip_id == mine.trip_id)
        .where(
            mine.trip_id != trip_id,
            mine.user_id.in_(user_ids),
            theirs.user_id.in_(user_ids),
            mine.status == PassengerStatus.ACTIVE,
            theirs.status == PassengerStatus.ACTIVE,
        )
    )
    return {(first, second) for first, second in rows.all()}


async def _add_to_insights(session: AsyncSession, additions: list[dict[str, object]]) -> None:
    """Adds to each person's counts, creating the row for someone who has none yet."""
    statement = insert(UserTripsInsights).values(additions)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[UserTripsInsights.user_id],
            set_={
                column: getattr(UserTripsInsights, column) + getattr(statement.excluded, column)
                for column in ("trips_hosted", "total_trips_joined", "new_people_met", "total_co2_saved")
            },
        )
    )
