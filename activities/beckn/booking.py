"""A network rider's booking (docs/interop.md, "A network rider"): a buyer app's confirm asks to join the trip by
the app's own rules, under the trip's row lock (domain/joining.py). Admitted, it is a join request as the app makes
one (the host told, its flow started after the commit) and the order awaits the host; refused, the on_confirm
carries the refusal as the spec's error."""

from dataclasses import replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from activities.beckn.orders import order_id, order_of_transaction, seat_order, standing_state
from activities.beckn.search import stops_refusal
from domain import clock
from domain.flows import start_after_commit
from domain.joining import JoinAsk, ask_to_join, trip_as_asked
from domain.models import BecknMessage, NetworkOrder, Trip
from domain.network_riders import network_rider
from domain.providers.beckn import order, seat
from domain.providers.beckn.seat import Bpp
from domain.rules.refusal import Refusal
from domain.settings import Settings
from workflows.join_request.contracts import JoinRequest, join_start
from workflows.push.contracts import push_start

# ONDC-RFC-001's business error of a seller app: the order cannot be taken as asked.
BUSINESS_ERROR = "40000"


def refused(context: dict[str, Any], action: str, bpp: Bpp, why: str) -> dict[str, Any]:
    """An answer that does nothing: the spec's error, ONDC-RFC-001's business error, saying why."""
    answer = order.reply_context(context, action, bpp, clock.now())
    return {"context": answer, "error": {"code": BUSINESS_ERROR, "message": why}}


async def confirmed(session: AsyncSession, settings: Settings, bpp: Bpp, message: BecknMessage) -> dict[str, Any]:
    """The on_confirm of the seat the confirm names: booked now, as an earlier confirm of the order booked it, or
    refused."""
    context = message.request["context"]
    asked = await seat_order(session, message, seats_left=False)
    if asked is None:
        return refused(context, "on_confirm", bpp, "The order names no trip Humsafar offers")
    if asked.seats != 1:
        return refused(context, "on_confirm", bpp, "Each rider books one seat: the order asks for more")
    if asked.rider is None:
        return refused(context, "on_confirm", bpp, "The order's customer needs a name and a phone")
    earlier = await order_of_transaction(session, message.transaction_id)
    if earlier is not None:
        return await _as_confirmed(session, bpp, context, asked, earlier)
    rider = await network_rider(session, message.bap_id, asked.rider.name, asked.rider.phone)
    trip = await trip_as_asked(session, asked.trip_id, rider.id)
    if trip is None:
        return refused(context, "on_confirm", bpp, "The order names no trip Humsafar offers")
    ask = JoinAsk(f"Booked through {message.bap_id}"[:300], 0, 0, {})
    if refusal := trip.refusal() or await _stops_refusal(session, settings, trip.trip_id, asked):
        return refused(context, "on_confirm", bpp, refusal.message)
    asking = await session.begin_nested()
    made = await ask_to_join(session, settings, trip, ask, push_start)
    if isinstance(made, Refusal):
        # Refused after the row was written (over the day's asks): nothing of the request stays.
        await asking.rollback()
        return refused(context, "on_confirm", bpp, made.message)
    await asking.commit()
    network_order = NetworkOrder(
        passenger_id=made.passenger_id,
        request_number=made.request_number,
        confirm_id=message.id,
        transaction_id=message.transaction_id,
        order_round=message.order_round or 1,
    )
    session.add(network_order)
    await session.flush()
    request = JoinRequest(
        passenger_id=made.passenger_id,
        trip_id=trip.trip_id,
        user_id=rider.id,
        host_id=trip.host_id,
        nudge_interval_seconds=settings.join_nudge_interval_seconds,
    )
    await start_after_commit(session, join_start(request, made.request_number))
    now = clock.now()
    booked = replace(asked, order_id=order_id(network_order), created_at=now, updated_at=now)
    return order.on_confirm(context, bpp, booked, now)


async def _stops_refusal(
    session: AsyncSession, settings: Settings, trip_id: int, asked: seat.SeatOrder
) -> Refusal | None:
    """Why the rider's pick-up and drop do not suit the trip (the rule its search listed it by), or None."""
    trip = await session.get_one(Trip, trip_id)
    return stops_refusal(trip, asked.pick_up, asked.drop, settings.trip_search_radius_km, settings)


async def _as_confirmed(
    session: AsyncSession, bpp: Bpp, context: dict[str, Any], asked: seat.SeatOrder, earlier: NetworkOrder
) -> dict[str, Any]:
    """The order an earlier message confirmed, answered as it stands: nothing is asked again."""
    state = await standing_state(session, earlier)
    if state is None:
        return refused(context, "on_confirm", bpp, "The order is gone")
    now = clock.now()
    stands = replace(asked, state=state, order_id=order_id(earlier), created_at=earlier.created_at, updated_at=now)
    return order.on_confirm(context, bpp, stands, now)
