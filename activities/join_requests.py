"""What a join request's flow does to the database: it opens the request, applies the host's and the member's
answers, nudges the host, and closes the request at departure.

Every activity locks the trip row first, then the passenger's. Approvals of different requests on one trip queue
on that lock, so the seat count read under it is the truth and no trip is ever overbooked. A refusal is a
non-retryable ApplicationError whose message is the product's text for the person acting and whose details hold
what the database says (trip status, departure, passenger status), so the flow can catch up with it.
Notifications carry dedupe keys and a repeated answer finds its own result, so a retry changes nothing twice. A
request and its withdrawal tell the host in one notice per person, trip and hour (domain/notifications.py
burst_key): asking, withdrawing and asking again in a burst leaves the host one notice, saying the latest.
"""

from datetime import UTC, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.beckn import tell_buyer_app
from activities.notifications import notify
from activities.trips import trip_route_fields
from domain import clock, notifications
from domain.db import transaction
from domain.join_notices import person_fields, request_key
from domain.live import Kind, tell_trip
from domain.models import JoinNote, Trip, TripPassenger
from domain.providers.beckn.seat import SeatState
from domain.reliability import record_reliability
from domain.rules import messages, notices
from domain.rules.join import TRANSITIONS, Move, PassengerStatus, full_trip_refusal, move_refusal
from domain.rules.refusal import Refusal, RefusalKind
from domain.rules.reliability import ReliabilityEvent, is_late, is_late_leave
from domain.rules.trip import TripStatus
from domain.trips import people_on_trip
from workflows.join_request.contracts import HostNudge, JoinMove, JoinRequestSteps

# A departure timer fires on the server's clock; the worker's may lag a little behind it.
CLOCK_TOLERANCE = timedelta(seconds=1)


# The host's answers a network rider's buyer app is told of (activities/beckn/news.py tell_buyer_app).
NETWORK_NEWS = {Move.APPROVE: SeatState.APPROVED, Move.REJECT: SeatState.REJECTED, Move.REMOVE: SeatState.REMOVED}

# The moves that, this close before departure, leave the others without a seat or a ride.
LATE_WHEN_CLOSE = frozenset({Move.LEAVE, Move.REMOVE})


def nudge_key(passenger: TripPassenger, nudge_number: int) -> str:
    return f"join-nudge:{passenger.id}:{passenger.request_number}:{nudge_number}"


def answer_key(passenger: TripPassenger, action: str) -> str:
    return f"join-{action}:{passenger.id}:{passenger.request_number}"


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _refusal(refusal: Refusal, trip: Trip | None, passenger: TripPassenger | None) -> ApplicationError:
    facts = {
        "trip_status": trip.status if trip else None,
        "departure": _iso(trip.scheduled_at) if trip else None,
        "passenger_status": passenger.status if passenger else None,
    }
    return ApplicationError(refusal.message, facts, type=refusal.kind, non_retryable=True)


REQUEST_GONE = Refusal(RefusalKind.REQUEST_GONE, messages.JOIN_REQUEST_NOT_FOUND)
TRIP_CANCELLED = Refusal(RefusalKind.TRIP_CANCELLED, messages.TRIP_CANCELLED)
NOT_PENDING = Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_NOT_PENDING)


class JoinRequestActivities(JoinRequestSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        late_cancel_window: timedelta = timedelta(hours=2),
    ) -> None:
        self._session_maker = session_maker
        self._late_cancel_window = late_cancel_window

    @activity.defn
    async def open_join_request(self, passenger_id: int) -> str | None:
        """The trip's departure, for the flow's timers; None when the request is gone or no longer pending. The host
        was told of the request in its own transaction (api/joins/service/requests.py); the flow is started after that
        commit, so the request is there unless it moved on since."""
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is None:
                return None
            trip, passenger = found
            if passenger.status != PassengerStatus.REQUESTED:
                return None
            if trip.status != TripStatus.ACTIVE:
                raise _refusal(TRIP_CANCELLED, trip, passenger)
            return _iso(trip.scheduled_at)

    @activity.defn
    async def apply_join_action(self, move_of: JoinMove) -> str:
        """Makes one move of SPEC §4 and tells the other side; answers the passenger's new status.

        The move's note is the JoinNote row note_id names, written by the API before it asked the flow; an update
        that carried the words themselves passes them in note."""
        passenger_id, actor_id, note = move_of.passenger_id, move_of.actor_id, move_of.note
        try:
            move = Move(move_of.move)
        except ValueError:
            unknown = f"unknown join action {move_of.move!r}"
            raise ApplicationError(unknown, type="UnknownAction", non_retryable=True) from None
        transition = TRANSITIONS[move]
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is None:
                raise _refusal(REQUEST_GONE, None, None)
            trip, passenger = found
            if passenger.status == transition.target:
                # An earlier attempt committed this answer and its notice; its report was lost.
                return transition.target
            refusal = move_refusal(
                move,
                rightful_actor=actor_id == (trip.host_id if transition.by_host else passenger.user_id),
                trip_cancelled=trip.status != TripStatus.ACTIVE,
                departed=trip.scheduled_at <= clock.now(),
                status=passenger.status,
            )
            if refusal is not None:
                raise _refusal(refusal, trip, passenger)
            if move == Move.APPROVE:
                people = int(await session.scalar(people_on_trip(trip.id)) or 0)
                if full := full_trip_refusal(people_on_trip=people, seats=trip.total_passengers):
                    raise _refusal(full, trip, passenger)
            passenger.status = transition.target
            if move_of.note_id is not None:
                note = await _note(session, move_of.note_id, passenger_id, actor_id)
            if note:
                passenger.additional_note = note[:300]
            if move in LATE_WHEN_CLOSE and self._is_late(move, trip, passenger):
                # Leaving is the member's late cancellation; removing is the host's.
                late_one = passenger.user_id if move == Move.LEAVE else trip.host_id
                await record_reliability(session, late_one, trip.id, ReliabilityEvent.LATE_CANCELLATION)
            # "Still coming?" is asked of active members only: any move answers it.
            passenger.still_coming_asked_at = None
            await notify(session, [await _answer_notice(session, trip, passenger, move, note)])
            await tell_trip(session, Kind.JOIN, trip.id, also=[passenger.user_id])
            if move in NETWORK_NEWS:
                await tell_buyer_app(session, passenger.id, passenger.request_number, NETWORK_NEWS[move])
            return transition.target

    def _is_late(self, move: Move, trip: Trip, passenger: TripPassenger) -> bool:
        """The move, this close before departure, is a late cancellation; a member leaving while asked "Still
        coming?" after the host's long move is not."""
        if move == Move.LEAVE:
            asked = passenger.still_coming_asked_at is not None
            return is_late_leave(trip.scheduled_at, clock.now(), self._late_cancel_window, asked_still_coming=asked)
        return is_late(trip.scheduled_at, clock.now(), self._late_cancel_window)

    @activity.defn
    async def nudge_host(self, nudge: HostNudge) -> str:
        """Reminds the host of a request still waiting; answers the trip's departure, which may have moved."""
        async with transaction(self._session_maker) as session:
            trip, passenger = _pending(await _lock(session, nudge.passenger_id))
            if trip.scheduled_at > clock.now():
                draft = notifications.notice_draft(
                    recipient_id=trip.host_id,
                    sender_id=passenger.user_id,
                    kind="REQUEST_WAITING",
                    fields={"name": await person_fields(session, passenger.user_id), "route": trip_route_fields(trip)},
                    entity_type=notices.ABOUT_REQUEST,
                    entity_id=str(trip.id),
                    dedupe_key=nudge_key(passenger, nudge.number),
                )
                await notify(session, [draft])
            return _iso(trip.scheduled_at)

    @activity.defn
    async def expire_join_request(self, passenger_id: int) -> str | None:
        """At departure: a request the host never answered expires and the requester hears so (None).

        A trip moved later keeps the request open: the answer is the new departure to wait for.
        """
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is not None and found[1].status == PassengerStatus.EXPIRED:
                return None
            trip, passenger = _pending(found)
            if trip.scheduled_at > clock.now() + CLOCK_TOLERANCE:
                return _iso(trip.scheduled_at)
            passenger.status = PassengerStatus.EXPIRED
            draft = notifications.notice_draft(
                recipient_id=passenger.user_id,
                sender_id=trip.host_id,
                kind="REQUEST_EXPIRED",
                fields={"route": trip_route_fields(trip)},
                entity_type=notices.ABOUT_REQUEST,
                entity_id=str(trip.id),
                dedupe_key=answer_key(passenger, "expire"),
            )
            await notify(session, [draft])
            await tell_trip(session, Kind.JOIN, trip.id, also=[passenger.user_id])
            await tell_buyer_app(session, passenger.id, passenger.request_number, SeatState.EXPIRED)
            return None

    @activity.defn
    async def confirm_departure(self, passenger_id: int) -> str | None:
        """At departure: None when the member travels with the trip; the new departure when it was moved later."""
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is None:
                raise _refusal(REQUEST_GONE, None, None)
            trip, passenger = found
            if trip.status != TripStatus.ACTIVE:
                raise _refusal(TRIP_CANCELLED, trip, passenger)
            if passenger.status != PassengerStatus.ACTIVE:
                raise _refusal(Refusal(RefusalKind.NOT_ALLOWED_NOW, messages.JOIN_LEAVE_NOT_MEMBER), trip, passenger)
            if trip.scheduled_at > clock.now() + CLOCK_TOLERANCE:
                return _iso(trip.scheduled_at)
            return None


async def _lock(session: AsyncSession, passenger_id: int) -> tuple[Trip, TripPassenger] | None:
    """The request and its trip, locked trip first so every writer takes the locks in one order."""
    trip_id = await session.scalar(select(TripPassenger.trip_id).where(TripPassenger.id == passenger_id))
    if trip_id is None:
        return None
    trip = await session.scalar(select(Trip).where(Trip.id == trip_id).with_for_update())
    passenger = await session.scalar(select(TripPassenger).where(TripPassenger.id == passenger_id).with_for_update())
    if trip is None or passenger is None:
        return None
    return trip, passenger


def _pending(found: tuple[Trip, TripPassenger] | None) -> tuple[Trip, TripPassenger]:
    """The locked request and its trip, refused unless the trip is on and the request still waits for an answer."""
    if found is None:
        raise _refusal(REQUEST_GONE, None, None)
    trip, passenger = found
    if trip.status != TripStatus.ACTIVE:
        raise _refusal(TRIP_CANCELLED, trip, passenger)
    if passenger.status != PassengerStatus.REQUESTED:
        raise _refusal(NOT_PENDING, trip, passenger)
    return trip, passenger


async def _note(session: AsyncSession, note_id: int, passenger_id: int, actor_id: int) -> str | None:
    """The words of the note this person wrote on this request's move; None when there is no such note."""
    return await session.scalar(
        select(JoinNote.note).where(
            JoinNote.id == note_id, JoinNote.passenger_id == passenger_id, JoinNote.author_id == actor_id
        )
    )


async def _answer_notice(
    session: AsyncSession, trip: Trip, passenger: TripPassenger, move: Move, note: str | None
) -> notifications.NotificationDraft:
    """Host's answers go to the member; the member's own moves go to the host."""
    transition = TRANSITIONS[move]
    fields: dict[str, object] = {"trip": notifications.trip(trip.origin.name, trip.destination.name, trip.scheduled_at)}
    if transition.by_host:
        # The rider's own request's outcome: it sits with their requests (the Request tab) and opens the trip.
        recipient_id, sender_id = passenger.user_id, trip.host_id
    else:
        recipient_id, sender_id = trip.host_id, passenger.user_id
        fields["name"] = await person_fields(session, passenger.user_id)
    told = note if transition.tells_reason and note else None
    return notifications.notice_draft(
        recipient_id=recipient_id,
        sender_id=sender_id,
        kind=notifications.kind_of_title(transition.notice_title),
        fields=fields,
        added=[("REASON_BODY", {"reason": told})] if told else (),
        entity_type=transition.notice_about,
        entity_id=str(trip.id),
        dedupe_key=request_key(trip, passenger) if move == Move.REVOKE else answer_key(passenger, move),
        replaces=move == Move.REVOKE,
    )
