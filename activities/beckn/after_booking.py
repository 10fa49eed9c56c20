"""What a buyer app asks of a booked seat (docs/interop.md, "After the booking"): `status` (the order as it stands),
`cancel` (what cancelling would cost, or the rider's cancelling: a withdrawn request or a seat left), `track` (the
rider's live link) and `rating` (the rider's review of the host). Each is answered from the order the transaction's
confirm booked; a transaction that booked nothing is answered with the spec's error (a rating, not recorded)."""

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowUpdateFailedError
from temporalio.exceptions import ApplicationError
from temporalio.service import RPCError, RPCStatusCode

from activities.beckn.booking import refused
from activities.beckn.orders import (
    field,
    order_id,
    order_of_transaction,
    seat_order,
    standing_state,
    with_shared_number,
)
from domain import clock
from domain.db import transaction
from domain.flows import until_delivered
from domain.live_links import live_link
from domain.models import BecknMessage, NetworkOrder, Trip, TripPassenger
from domain.providers.beckn import order, seat
from domain.providers.beckn.seat import Bpp
from domain.reviews import keep_reviews
from domain.rules.join import Move, PassengerStatus
from domain.rules.review import ReviewEntry, entry_refusal, reviewer_refusal
from domain.settings import Settings
from workflows.join_request.contracts import JoinAction, join_workflow_id
from workflows.push.contracts import push_start

# TRV10's cancel descriptors: what would cancelling cost, and cancel.
SOFT_CANCEL = "SOFT_CANCEL"
CONFIRM_CANCEL = "CONFIRM_CANCEL"
# The seats a rider may still cancel: before the host's answer, and a held seat until the trip leaves.
CANCELLABLE = frozenset({seat.SeatState.REQUESTED, seat.SeatState.APPROVED})
# The rider's own move that cancels a seat, by where their request stands.
RIDER_MOVES = {PassengerStatus.REQUESTED: Move.REVOKE, PassengerStatus.ACTIVE: Move.LEAVE}
NOTHING_BOOKED = "No seat was booked in this transaction"
# How long a cancel waits for the relay to start the request's flow its confirm made a moment before.
START_PATIENCE_SECONDS = 10.0


@dataclass(frozen=True)
class Booked:
    """A booked seat as it stands now, with its confirm's context."""

    network_order: NetworkOrder
    seat: seat.SeatOrder


async def booked_seat(session: AsyncSession, transaction_id: str) -> Booked | None:
    """The seat the transaction's confirm booked, in its state now; None when the transaction booked none."""
    network_order = await order_of_transaction(session, transaction_id)
    if network_order is None:
        return None
    confirm = await session.get_one(BecknMessage, network_order.confirm_id)
    booked = await seat_order(session, confirm, seats_left=False, active_only=False)
    state = await standing_state(session, network_order)
    if booked is None or state is None:
        return None
    stands = replace(
        booked,
        state=state,
        order_id=order_id(network_order),
        created_at=network_order.created_at,
        updated_at=clock.now(),
    )
    return Booked(network_order, await with_shared_number(session, stands))


async def status(session: AsyncSession, bpp: Bpp, message: BecknMessage) -> dict[str, Any]:
    """on_status: the order as it stands now."""
    context = message.request["context"]
    booked = await booked_seat(session, message.transaction_id)
    if booked is None:
        return refused(context, "on_status", bpp, NOTHING_BOOKED)
    return order.on_status(context, bpp, booked.seat, clock.now())


def cancel_descriptor(message: BecknMessage) -> str:
    """The cancel's descriptor: SOFT_CANCEL asks what cancelling would cost; anything else cancels."""
    code = field(message.request, "message", "descriptor", "code")
    return SOFT_CANCEL if code == SOFT_CANCEL else CONFIRM_CANCEL


async def cancelled(session: AsyncSession, bpp: Bpp, message: BecknMessage) -> dict[str, Any]:
    """on_cancel: for SOFT_CANCEL the open order at no cost; for a cancel, the order ended by the rider (the move was
    made before, by withdraw_seat), or as it ended otherwise. A seat no longer cancellable (the trip has left) is
    answered with the spec's error."""
    context = message.request["context"]
    booked = await booked_seat(session, message.transaction_id)
    if booked is None:
        return refused(context, "on_cancel", bpp, NOTHING_BOOKED)
    now = clock.now()
    reason = field(message.request, "message", "cancellation_reason_id")
    stands = replace(booked.seat, rider_reason=str(reason) if reason is not None else None)
    if stands.state in seat.ENDED:
        return order.on_cancel(context, bpp, stands, now)
    if stands.state in CANCELLABLE and cancel_descriptor(message) == SOFT_CANCEL:
        return order.on_cancel(context, bpp, stands, now, soft=True)
    return refused(context, "on_cancel", bpp, "The seat can no longer be cancelled: the trip has left")


async def withdraw_seat(
    session_maker: async_sessionmaker[AsyncSession], temporal: Client, request_id: int
) -> str | None:
    """The rider's cancel made as the app's own move, a Workflow Update of their request's flow by the rider
    (domain/rules/join.py): revoke while the host has not answered, leave once approved. Answers the new status, or
    None when nothing was moved (a soft cancel, nothing booked, the seat already ended, or the move refused: the
    answer then tells the order as it stands). A step run again finds the move made and moves nothing twice."""
    async with transaction(session_maker) as session:
        message = await session.get(BecknMessage, request_id)
        if message is None or cancel_descriptor(message) == SOFT_CANCEL:
            return None
        network_order = await order_of_transaction(session, message.transaction_id)
        passenger = None if network_order is None else await session.get(TripPassenger, network_order.passenger_id)
        if network_order is None or passenger is None or passenger.request_number != network_order.request_number:
            return None
        move = RIDER_MOVES.get(PassengerStatus(passenger.status))
        workflow_id = join_workflow_id(passenger.trip_id, passenger.user_id, passenger.request_number)
        actor = JoinAction(actor_id=passenger.user_id)
    if move is None:
        return None
    handle = temporal.get_workflow_handle(workflow_id)
    try:
        return await handle.execute_update(move, actor, result_type=str)
    except WorkflowUpdateFailedError:
        return None
    except RPCError as error:
        if error.status != RPCStatusCode.NOT_FOUND:
            raise
    # Not found: the request's flow is still to be started by the relay, or it has ended (answered, expired,
    # travelled), and then the answer tells how the seat stands.
    if not await until_delivered(session_maker, workflow_id, START_PATIENCE_SECONDS):
        raise ApplicationError("the request's flow is still to be started", type="FlowNotStarted")
    try:
        return await handle.execute_update(move, actor, result_type=str)
    except WorkflowUpdateFailedError:
        return None
    except RPCError as error:
        if error.status == RPCStatusCode.NOT_FOUND:
            return None
        raise


async def tracked(session: AsyncSession, settings: Settings, bpp: Bpp, message: BecknMessage) -> dict[str, Any]:
    """on_track: a held seat's live link (domain/live_links.py, the page the app's Share Trip gives), inactive
    otherwise."""
    context = message.request["context"]
    booked = await booked_seat(session, message.transaction_id)
    if booked is None:
        return refused(context, "on_track", bpp, NOTHING_BOOKED)
    url = None
    if booked.seat.state in (seat.SeatState.APPROVED, seat.SeatState.STARTED):
        passenger = await session.get_one(TripPassenger, booked.network_order.passenger_id)
        url = await live_link(session, settings, passenger.trip_id, passenger.user_id)
    return order.on_track(context, bpp, booked.seat, seat.Tracking(url), clock.now())


# The rated entities that are the host's ride (TRV10's rating categories, and the examples' DRIVER); Humsafar itself
# (Provider) and its support are not the host.
HOST_RATED = frozenset({"DRIVER", "AGENT", "FULFILLMENT", "ORDER", "ITEM"})


def _stars(value: object) -> int | None:
    """The rating's value as whole stars (an integer, or its text); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value).strip() if isinstance(value, str) else ""
    return int(text) if text.isdigit() else None


def _rating(request: dict[str, Any]) -> tuple[str, int | None]:
    """The rated category and stars: from the schema's `message.ratings` (its first), else from the message itself,
    as the official example sends them (docs/interop.md)."""
    ratings = field(request, "message", "ratings")
    first = ratings[0] if isinstance(ratings, list) and ratings and isinstance(ratings[0], dict) else None
    rating = first if first is not None else field(request, "message")
    category = str(field(rating, "rating_category") or "").upper()
    return category, _stars(field(rating, "value"))


async def rated(session: AsyncSession, bpp: Bpp, message: BecknMessage) -> dict[str, Any]:
    """on_rating: a rating of the host's ride becomes the network rider's review of the host (stars only), by the
    app's own rules for a review (domain/rules/review.py: a trip that has left, a rider who travelled on it), kept as
    the review screen keeps one (domain/reviews.py); `rating_ack` says whether it was."""
    context = message.request["context"]
    now = clock.now()
    category, stars = _rating(message.request)
    booked = await booked_seat(session, message.transaction_id)
    if category not in HOST_RATED or stars is None or booked is None:
        return order.on_rating(context, bpp, now, recorded=False)
    passenger = await session.get_one(TripPassenger, booked.network_order.passenger_id)
    trip = await session.get_one(Trip, passenger.trip_id)
    entry = ReviewEntry(reviewee_id=trip.host_id, stars=stars)
    travelled = booked.seat.state in (seat.SeatState.STARTED, seat.SeatState.COMPLETED)
    refusal = reviewer_refusal(
        trip_status=trip.status, departed=trip.scheduled_at <= now, travelled=travelled
    ) or entry_refusal(entry)
    if refusal is not None or stars == 0:
        return order.on_rating(context, bpp, now, recorded=False)
    await keep_reviews(session, trip, passenger.user_id, [entry], push_start)
    return order.on_rating(context, bpp, now, recorded=True)
