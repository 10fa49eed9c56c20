"""Asking to join a trip (SPEC §4 passenger transitions, §5): the checks in the spec's words, the person's row on the
trip, the host's notice, and the request's flow (JoinRequestWorkflow) started once the transaction commits.

Requests sent together by one person (a double tap, a script) make one request and one flow: the row is renewed
only from a status that may ask again, decided on the row as it stands when the statement locks it, so the others
hear the spec's "already requested". A person may ask to join one trip a few times a day (domain/asks.py), so
request and withdrawal cycles cannot flood its host.
"""

from sqlalchemy import BigInteger, BindParameter, bindparam, func, or_, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.joins.schemas import JoinRequestCreate
from api.joins.service.stops import STOP_COLUMNS, TripWay, stop_values, stops_refusal
from api.users.blocks import blocked_between
from domain import clock
from domain.asks import AskKind, count_ask
from domain.compiled_query import CompiledQuery
from domain.db import session_driver_connection
from domain.flows import start_after_commit
from domain.join_notices import new_request_notice
from domain.live import Kind, tell_trip
from domain.models import Trip, TripPassenger, User
from domain.notifications import store_notifications
from domain.rules import messages
from domain.rules.join import ASKABLE_AGAIN, PassengerStatus, PassengerType, ask_refusal, join_request_refusal
from domain.rules.refusal import not_found, not_now, too_many
from domain.rules.trip import TripStatus
from domain.settings import Settings
from domain.trips import people_on_trip
from workflows.join_request.contracts import JoinRequest, join_start
from workflows.push.contracts import push_start

_ASKER: BindParameter[int] = bindparam("user_id", type_=BigInteger)
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


async def ask_to_join(session: AsyncSession, settings: Settings, user: User, body: JoinRequestCreate) -> None:
    """The person's request on the trip. The trip's row stays locked until the commit, so the checks still hold
    then. A person who asks again does so on the same row; each request is numbered, so each has a flow of its
    own. A request over the day's asks for this trip is refused with 429 and changes nothing."""
    connection = await session_driver_connection(session)
    found = await _TRIP_AS_ASKED.rows(connection, {"trip_id": body.trip_id, "user_id": user.id})
    if not found:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    host_id, trip_status, scheduled_at, seats, blocked, *way, asked_before, active = found[0]
    refuse(
        ask_refusal(
            blocked=blocked,
            cancelled=trip_status == TripStatus.CANCELLED,
            own_trip=host_id == user.id,
            departed=scheduled_at <= clock.now(),
            status=PassengerStatus(asked_before) if asked_before is not None else None,
            people_on_trip=active,
            seats=seats,
        )
    )
    refuse(stops_refusal(settings, TripWay.of(way, scheduled_at), body.pickup, body.drop))
    asked = await _ASK.rows(
        connection,
        {
            "trip_id": body.trip_id,
            "user_id": user.id,
            "additional_note": body.additional_note,
            "small_luggage": body.small_luggage,
            "large_luggage": body.large_luggage,
            **stop_values(body.pickup, body.drop),
        },
    )
    if not asked:
        # Another request of the person's was made (or answered) since the checks read the row: it stands.
        now = await _STATUS_NOW.rows(connection, {"trip_id": body.trip_id, "user_id": user.id})
        refuse(join_request_refusal(PassengerStatus(now[0][0]) if now else None))
        refuse(not_now(messages.JOIN_ALREADY_REQUESTED))
    if not await count_ask(
        session, AskKind.JOIN_REQUEST, user.id, body.trip_id, settings.join_requests_per_trip_per_day
    ):
        refuse(too_many(messages.JOIN_REQUESTS_TOO_MANY))
    passenger_id, request_number = asked[0]
    request = JoinRequest(
        passenger_id=passenger_id,
        trip_id=body.trip_id,
        user_id=user.id,
        host_id=host_id,
        nudge_interval_seconds=settings.join_nudge_interval_seconds,
    )
    await start_after_commit(session, join_start(request, request_number))
    await _tell_the_host(session, body.trip_id, passenger_id)


async def _tell_the_host(session: AsyncSession, trip_id: int, passenger_id: int) -> None:
    """The host's notice of the request and the trip's live change, in the request's transaction: told at its
    commit, like a trip's edit; the request's flow keeps only its timers and the answers."""
    trip = await session.get_one(Trip, trip_id)
    passenger = await session.get_one(TripPassenger, passenger_id)
    await store_notifications(session, [await new_request_notice(session, trip, passenger)], push_start)
    await tell_trip(session, Kind.JOIN, trip_id)
