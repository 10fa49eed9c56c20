"""Asking to join a trip (SPEC §4 passenger transitions, §5), for a member of the app (api/joins/service/requests.py)
and for a network rider (activities/beckn/booking.py) alike: the trip read and locked as asked, the spec's checks, the
person's row on the trip and the host's notice, in the asker's transaction. The caller starts the request's flow
(JoinRequestWorkflow) after the commit.

Requests sent together by one person (a double tap, a script) make one request: the row is renewed only from a
status that may ask again, decided on the row as it stands when the statement locks it, so the others hear the
spec's "already requested". A person may ask to join one trip a few times a day (domain/asks.py), so request and
withdrawal cycles cannot flood its host."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger, BindParameter, bindparam, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.asks import AskKind, count_ask
from domain.blocks import blocked_between
from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection
from domain.join_notices import new_request_notice
from domain.live import Kind, tell_trip
from domain.models import Trip, TripPassenger
from domain.notifications import PushStart, store_notifications
from domain.rules import messages
from domain.rules.join import ASKABLE_AGAIN, PassengerStatus, PassengerType, ask_refusal, join_request_refusal
from domain.rules.refusal import Refusal, not_now, too_many
from domain.rules.trip import TripStatus
from domain.settings import Settings
from domain.trips import people_on_trip

_ASKER: BindParameter[int] = bindparam("user_id", type_=BigInteger)
# The stop columns of a request row (api/joins/service/stops.py stop_values gives their values).
STOP_COLUMNS = tuple(
    f"{stop}_{part}" for stop in ("pickup", "drop") for part in ("name", "place_id", "latitude", "longitude")
)
# What the checks need, in one round trip, with the trip's row locked until the commit so they still hold then.
_TRIP_AS_ASKED = CompiledQuery(
    select(
        Trip.host_id,
        Trip.status,
        Trip.scheduled_at,
        Trip.total_passengers,
        blocked_between(_ASKER, Trip.host_id),
        # The rider's own stops are checked against the trip's way (api/joins/service/stops.py TripWay's fields).
        *(getattr(Trip, f"{end}_{axis}") for end in ("origin", "destination") for axis in ("latitude", "longitude")),
        Trip.preferred_mode_of_transport,
        Trip.max_detour_minutes,
        select(TripPassenger.status)
        .where(TripPassenger.trip_id == Trip.id, TripPassenger.user_id == _ASKER)
        .scalar_subquery(),
        people_on_trip(Trip.id).scalar_subquery(),
    )
    .where(Trip.id == bindparam("trip_id"))
    .with_for_update(of=Trip),
    prepared=True,
)
_ASKING = insert(TripPassenger).values(
    trip_id=bindparam("trip_id"),
    user_id=_ASKER,
    type=PassengerType.MEMBER.value,
    status=PassengerStatus.REQUESTED.value,
    additional_note=bindparam("additional_note"),
    small_luggage=bindparam("small_luggage"),
    large_luggage=bindparam("large_luggage"),
    request_number=1,
    **{column: bindparam(column) for column in STOP_COLUMNS},
)
# The person's row on the trip, new or asked on again; each request is numbered. A row that another request made
# or moved on since the checks read it is left as it is, and no row comes back.
_ASK = CompiledQuery(
    _ASKING.on_conflict_do_update(
        index_elements=[TripPassenger.trip_id, TripPassenger.user_id],
        set_={
            "status": _ASKING.excluded.status,
            "additional_note": _ASKING.excluded.additional_note,
            "small_luggage": _ASKING.excluded.small_luggage,
            "large_luggage": _ASKING.excluded.large_luggage,
            **{column: _ASKING.excluded[column] for column in STOP_COLUMNS},
            "request_number": TripPassenger.request_number + 1,
            "updated_at": func.now(),
        },
        where=or_(*(TripPassenger.status == askable.value for askable in sorted(ASKABLE_AGAIN))),
    ).returning(TripPassenger.id, TripPassenger.request_number),
    prepared=True,
)
# The person's status on the trip as it stands now, read after the request found it moved on.
_STATUS_NOW = CompiledQuery(
    select(TripPassenger.status).where(TripPassenger.trip_id == bindparam("trip_id"), TripPassenger.user_id == _ASKER),
    prepared=True,
)


@dataclass(frozen=True)
class TripAsAsked:
    """The trip as the asker's checks read it, its row locked until the asker's commit."""

    trip_id: int
    user_id: int
    host_id: int
    status: str
    scheduled_at: datetime
    seats: int
    blocked: bool
    # The trip's ends, mode and detour minutes, in api/joins/service/stops.py TripWay.of's order.
    way: Sequence[Any]
    asked_before: str | None
    people_on_trip: int

    def refusal(self) -> Refusal | None:
        """Why the person may not ask to join the trip now (domain/rules/join.py ask_refusal), or None."""
        return ask_refusal(
            blocked=self.blocked,
            cancelled=self.status == TripStatus.CANCELLED,
            own_trip=self.host_id == self.user_id,
            departed=self.scheduled_at <= clock.now(),
            status=PassengerStatus(self.asked_before) if self.asked_before is not None else None,
            people_on_trip=self.people_on_trip,
            seats=self.seats,
        )


async def trip_as_asked(session: AsyncSession, trip_id: int, user_id: int) -> TripAsAsked | None:
    """The trip, locked, as the person's request reads it; None when there is no such trip."""
    connection = await session_driver_connection(session)
    found = await _TRIP_AS_ASKED.rows(connection, {"trip_id": trip_id, "user_id": user_id})
    if not found:
        return None
    host_id, status, scheduled_at, seats, blocked, *way, asked_before, active = found[0]
    return TripAsAsked(trip_id, user_id, host_id, status, scheduled_at, seats, blocked, way, asked_before, active)


@dataclass(frozen=True)
class JoinAsk:
    """What the person asks with: a note, their luggage and their own stops (STOP_COLUMNS' values)."""

    additional_note: str | None
    small_luggage: int
    large_luggage: int
    stops: Mapping[str, object]


@dataclass(frozen=True)
class AskedToJoin:
    """The request made: its row and its number (each request has a flow of its own)."""

    passenger_id: int
    request_number: int


async def ask_to_join(
    session: AsyncSession, settings: Settings, trip: TripAsAsked, ask: JoinAsk, push_start: PushStart
) -> AskedToJoin | Refusal:
    """The person's request on the trip the checks passed on, and the host's notice; or why it cannot be made now (a
    request of theirs made or answered since the checks read the row, or over the day's asks for this trip). The
    caller starts the request's flow (join_start) in the same transaction."""
    connection = await session_driver_connection(session)
    asked = await _ASK.rows(
        connection,
        {
            "trip_id": trip.trip_id,
            "user_id": trip.user_id,
            "additional_note": ask.additional_note,
            "small_luggage": ask.small_luggage,
            "large_luggage": ask.large_luggage,
            **{column: ask.stops.get(column) for column in STOP_COLUMNS},
        },
    )
    if not asked:
        # Another request of the person's was made (or answered) since the checks read the row: it stands.
        now = await _STATUS_NOW.rows(connection, {"trip_id": trip.trip_id, "user_id": trip.user_id})
        return join_request_refusal(PassengerStatus(now[0][0]) if now else None) or not_now(
            messages.JOIN_ALREADY_REQUESTED
        )
    if not await count_ask(
        session, AskKind.JOIN_REQUEST, trip.user_id, trip.trip_id, settings.join_requests_per_trip_per_day
    ):
        return too_many(messages.JOIN_REQUESTS_TOO_MANY)
    passenger_id, request_number = asked[0]
    await _tell_the_host(session, trip.trip_id, passenger_id, push_start)
    return AskedToJoin(passenger_id, request_number)


async def _tell_the_host(session: AsyncSession, trip_id: int, passenger_id: int, push_start: PushStart) -> None:
    """The host's notice of the request and the trip's live change, in the request's transaction: told at its
    commit, like a trip's edit; the request's flow keeps only its timers and the answers."""
    trip = await session.get_one(Trip, trip_id)
    passenger = await session.get_one(TripPassenger, passenger_id)
    await store_notifications(session, [await new_request_notice(session, trip, passenger)], push_start)
    await tell_trip(session, Kind.JOIN, trip_id)
