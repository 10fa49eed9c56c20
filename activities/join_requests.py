"""What a join request's flow does to the database: it opens the request, applies the host's and the member's
answers, nudges the host, and closes the request at departure.

Every activity locks the trip row first, then the passenger's. Approvals of different requests on one trip queue
on that lock, so the seat count read under it is the truth and no trip is ever overbooked. A refusal is a
non-retryable ApplicationError whose message is the product's text for the person acting and whose details hold
what the database says (trip status, departure, passenger status), so the flow can catch up with it.
Notifications carry dedupe keys and a repeated answer finds its own result, so a retry changes nothing twice.
"""

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.notifications import NotificationDraft, PushStarter, store_notifications
from activities.trips import _day_and_clock, _route
from domain import clock
from domain.db import transaction
from domain.models import Trip, TripPassenger, User
from domain.rules import messages

ACTIVE_TRIP = "ACTIVE"
REQUESTED = "requested"
ACTIVE = "active"
EXPIRED = "expired"

# The API commits a request moments after it starts the flow; a request still unseen after this was rolled back.
COMMIT_PATIENCE = timedelta(seconds=30)
COMMIT_POLL_SECONDS = 0.2
# A departure timer fires on the server's clock; the worker's may lag a little behind it.
CLOCK_TOLERANCE = timedelta(seconds=1)

NEW_REQUEST_TITLE = "New request"
NUDGE_TITLE = "Request waiting"
EXPIRED_TITLE = "Request expired"


@dataclass(frozen=True)
class Transition:
    """One passenger transition of SPEC §4: who may make it, from which status to which, and the refusals."""

    by_host: bool
    source: str
    target: str
    not_allowed: str
    in_past: str
    title: str


TRANSITIONS = {
    "approve": Transition(
        True, REQUESTED, ACTIVE, messages.JOIN_NOT_PENDING, messages.JOIN_ACCEPT_PAST, "Request accepted"
    ),
    "reject": Transition(
        True, REQUESTED, "rejected", messages.JOIN_NOT_PENDING, messages.JOIN_DECLINE_PAST, "Request declined"
    ),
    "remove": Transition(
        True, ACTIVE, "removed", messages.JOIN_REMOVE_NOT_MEMBER, messages.JOIN_REMOVE_PAST, "Removed from trip"
    ),
    "revoke": Transition(
        False, REQUESTED, "revoked", messages.JOIN_NOT_PENDING, messages.JOIN_REVOKE_PAST, "Request cancelled"
    ),
    "leave": Transition(False, ACTIVE, "left", messages.JOIN_LEAVE_NOT_MEMBER, messages.JOIN_LEAVE_PAST, "Member left"),
}


def request_key(passenger: TripPassenger) -> str:
    return f"join-request:{passenger.id}:{passenger.request_number}"


def nudge_key(passenger: TripPassenger, nudge_number: int) -> str:
    return f"join-nudge:{passenger.id}:{passenger.request_number}:{nudge_number}"


def answer_key(passenger: TripPassenger, action: str) -> str:
    return f"join-{action}:{passenger.id}:{passenger.request_number}"


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _refusal(kind: str, message: str, trip: Trip | None, passenger: TripPassenger | None) -> ApplicationError:
    facts = {
        "trip_status": trip.status if trip else None,
        "departure": _iso(trip.scheduled_at) if trip else None,
        "passenger_status": passenger.status if passenger else None,
    }
    return ApplicationError(message, facts, type=kind, non_retryable=True)


def _with_reason(message: str, note: str | None) -> str:
    return f"{message} Reason: {note}" if note else message


class JoinRequestActivities:
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        commit_patience: timedelta = COMMIT_PATIENCE,
        pushes: PushStarter | None = None,
    ) -> None:
        self._session_maker = session_maker
        self._commit_patience = commit_patience
        self._pushes = pushes

    @activity.defn
    async def open_join_request(self, passenger_id: int) -> str | None:
        """The trip's departure once the API's request has committed, after telling the host; None when the
        request never appears or is not pending."""
        deadline = asyncio.get_running_loop().time() + self._commit_patience.total_seconds()
        while True:
            async with transaction(self._session_maker) as session:
                found = await _lock(session, passenger_id)
                if found is not None:
                    trip, passenger = found
                    if passenger.status != REQUESTED:
                        return None
                    if trip.status != ACTIVE_TRIP:
                        raise _refusal("TripCancelled", messages.TRIP_CANCELLED, trip, passenger)
                    name = await _name(session, passenger.user_id)
                    message = f"{name} wants to join your trip {_route(trip)} on {_day_and_clock(trip.scheduled_at)}."
                    if passenger.large_luggage or passenger.small_luggage:
                        message += f" Luggage: {passenger.large_luggage}, handheld: {passenger.small_luggage}."
                    draft = NotificationDraft(
                        recipient_id=trip.host_id,
                        sender_id=passenger.user_id,
                        title=NEW_REQUEST_TITLE,
                        message=message,
                        entity_type="request",
                        entity_id=str(trip.id),
                        dedupe_key=request_key(passenger),
                    )
                    await store_notifications(session, [draft], self._pushes)
                    return _iso(trip.scheduled_at)
            if asyncio.get_running_loop().time() >= deadline:
                return None
            await asyncio.sleep(COMMIT_POLL_SECONDS)

    @activity.defn
    async def apply_join_action(self, passenger_id: int, action: str, actor_id: int, note: str | None) -> str:
        """Makes one transition of SPEC §4 and tells the other side; answers the passenger's new status."""
        transition = TRANSITIONS.get(action)
        if transition is None:
            raise ApplicationError(f"unknown join action {action!r}", type="UnknownAction", non_retryable=True)
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is None:
                raise _refusal("RequestGone", messages.JOIN_REQUEST_NOT_FOUND, None, None)
            trip, passenger = found
            if passenger.status == transition.target:
                # An earlier attempt committed this answer and its notice; its report was lost.
                return transition.target
            if actor_id != (trip.host_id if transition.by_host else passenger.user_id):
                only = messages.TRIP_HOST_ONLY if transition.by_host else messages.JOIN_REQUESTER_ONLY
                raise _refusal("NotTheirs", only, trip, passenger)
            if trip.status != ACTIVE_TRIP:
                raise _refusal("TripCancelled", messages.TRIP_CANCELLED, trip, passenger)
            if trip.scheduled_at <= clock.now():
                raise _refusal("TripInPast", transition.in_past, trip, passenger)
            if passenger.status != transition.source:
                raise _refusal("NotAllowedNow", transition.not_allowed, trip, passenger)
            if action == "approve" and await _active_count(session, trip.id) >= trip.total_passengers:
                raise _refusal("TripFull", messages.JOIN_TRIP_FULL, trip, passenger)
            passenger.status = transition.target
            if note:
                passenger.additional_note = note[:300]
            notice = await _answer_notice(session, trip, passenger, action, note)
            await store_notifications(session, [notice], self._pushes)
            return transition.target

    @activity.defn
    async def nudge_host(self, passenger_id: int, nudge_number: int) -> str:
        """Reminds the host of a request still waiting; answers the trip's departure, which may have moved."""
        async with transaction(self._session_maker) as session:
            trip, passenger = _pending(await _lock(session, passenger_id))
            if trip.scheduled_at > clock.now():
                name = await _name(session, passenger.user_id)
                draft = NotificationDraft(
                    recipient_id=trip.host_id,
                    sender_id=passenger.user_id,
                    title=NUDGE_TITLE,
                    message=f"{name} is still waiting for your answer to join your trip {_route(trip)}.",
                    entity_type="request",
                    entity_id=str(trip.id),
                    dedupe_key=nudge_key(passenger, nudge_number),
                )
                await store_notifications(session, [draft], self._pushes)
            return _iso(trip.scheduled_at)

    @activity.defn
    async def expire_join_request(self, passenger_id: int) -> str | None:
        """At departure: a request the host never answered expires and the requester hears so (None).

        A trip moved later keeps the request open: the answer is the new departure to wait for.
        """
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is not None and found[1].status == EXPIRED:
                return None
            trip, passenger = _pending(found)
            if trip.scheduled_at > clock.now() + CLOCK_TOLERANCE:
                return _iso(trip.scheduled_at)
            passenger.status = EXPIRED
            draft = NotificationDraft(
                recipient_id=passenger.user_id,
                sender_id=trip.host_id,
                title=EXPIRED_TITLE,
                message=f"The host did not answer your request to join the trip {_route(trip)} before it left.",
                entity_type="trip",
                entity_id=str(trip.id),
                dedupe_key=answer_key(passenger, "expire"),
            )
            await store_notifications(session, [draft], self._pushes)
            return None

    @activity.defn
    async def confirm_departure(self, passenger_id: int) -> str | None:
        """At departure: None when the member travels with the trip; the new departure when it was moved later."""
        async with transaction(self._session_maker) as session:
            found = await _lock(session, passenger_id)
            if found is None:
                raise _refusal("RequestGone", messages.JOIN_REQUEST_NOT_FOUND, None, None)
            trip, passenger = found
            if trip.status != ACTIVE_TRIP:
                raise _refusal("TripCancelled", messages.TRIP_CANCELLED, trip, passenger)
            if passenger.status != ACTIVE:
                raise _refusal("NotAllowedNow", messages.JOIN_LEAVE_NOT_MEMBER, trip, passenger)
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
        raise _refusal("RequestGone", messages.JOIN_REQUEST_NOT_FOUND, None, None)
    trip, passenger = found
    if trip.status != ACTIVE_TRIP:
        raise _refusal("TripCancelled", messages.TRIP_CANCELLED, trip, passenger)
    if passenger.status != REQUESTED:
        raise _refusal("NotAllowedNow", messages.JOIN_NOT_PENDING, trip, passenger)
    return trip, passenger


async def _active_count(session: AsyncSession, trip_id: int) -> int:
    """Active people on the trip, the host included."""
    count = await session.scalar(
        select(func.count()).where(TripPassenger.trip_id == trip_id, TripPassenger.status == ACTIVE)
    )
    return int(count or 0)


async def _name(session: AsyncSession, user_id: int) -> str:
    return await session.scalar(select(User.name).where(User.id == user_id)) or "Someone"


async def _answer_notice(
    session: AsyncSession, trip: Trip, passenger: TripPassenger, action: str, note: str | None
) -> NotificationDraft:
    """Host's answers go to the member; the member's own moves go to the host."""
    transition = TRANSITIONS[action]
    trip_words = f"the trip {_route(trip)} on {_day_and_clock(trip.scheduled_at)}"
    if transition.by_host:
        recipient_id, sender_id, entity_type = passenger.user_id, trip.host_id, "trip"
        message = {
            "approve": f"Your request to join {trip_words} was accepted.",
            "reject": f"Your request to join {trip_words} was declined.",
            "remove": _with_reason(f"The host removed you from {trip_words}.", note),
        }[action]
    else:
        name = await _name(session, passenger.user_id)
        recipient_id, sender_id = trip.host_id, passenger.user_id
        if action == "leave":
            entity_type, message = "trip", _with_reason(f"{name} left {trip_words}.", note)
        else:
            entity_type, message = "request", f"{name} cancelled their request to join {trip_words}."
    return NotificationDraft(
        recipient_id=recipient_id,
        sender_id=sender_id,
        title=transition.title,
        message=message[:1000],
        entity_type=entity_type,
        entity_id=str(trip.id),
        dedupe_key=answer_key(passenger, action),
    )
