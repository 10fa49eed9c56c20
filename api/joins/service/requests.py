"""Asking to join a trip (SPEC §4 passenger transitions, §5): the checks in the spec's words, the person's row on the
trip and the host's notice (domain/joining.py, which a network rider's confirm shares), the rider's stops checked
against the trip's way, and the request's flow (JoinRequestWorkflow) started once the transaction commits.

Requests sent together by one person (a double tap, a script) make one request and one flow; a person may ask to
join one trip a few times a day (domain/asks.py), so request and withdrawal cycles cannot flood its host.
"""

from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.joins.schemas import JoinRequestCreate
from api.joins.service.stops import TripWay, stop_values, stops_refusal
from domain.flows import start_after_commit
from domain.joining import JoinAsk, trip_as_asked
from domain.joining import ask_to_join as asked_to_join
from domain.models import User
from domain.rules import messages
from domain.rules.refusal import Refusal, not_found
from domain.settings import Settings
from workflows.join_request.contracts import JoinRequest, join_start
from workflows.push.contracts import push_start


async def ask_to_join(session: AsyncSession, settings: Settings, user: User, body: JoinRequestCreate) -> None:
    """The person's request on the trip. The trip's row stays locked until the commit, so the checks still hold
    then. A person who asks again does so on the same row; each request is numbered, so each has a flow of its
    own. A request over the day's asks for this trip is refused with 429 and changes nothing."""
    trip = await trip_as_asked(session, body.trip_id, user.id)
    if trip is None:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    refuse(trip.refusal())
    refuse(stops_refusal(settings, TripWay.of(trip.way, trip.scheduled_at), body.pickup, body.drop))
    ask = JoinAsk(body.additional_note, body.small_luggage, body.large_luggage, stop_values(body.pickup, body.drop))
    asked = await asked_to_join(session, settings, trip, ask, push_start)
    if isinstance(asked, Refusal):
        refuse(asked)
    request = JoinRequest(
        passenger_id=asked.passenger_id,
        trip_id=body.trip_id,
        user_id=user.id,
        host_id=trip.host_id,
        nudge_interval_seconds=settings.join_nudge_interval_seconds,
    )
    await start_after_commit(session, join_start(request, asked.request_number))
