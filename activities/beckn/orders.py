"""A network order as Humsafar reads it: the seat a request names (its item I{trip_id}, the rider's stops, the
rider the buyer app gave) and, once confirmed, where that seat stands (docs/interop.md, "A shared seat on TRV10")."""

from dataclasses import replace
from typing import Any

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock
from domain.models import BecknMessage, ChatMessage, NetworkOrder, Trip, TripCompletion, TripPassenger, User
from domain.providers.beckn import seat
from domain.providers.beckn.catalog import VEHICLE_CATEGORIES, BadSearch, Point, first_name, search_points, seat_share
from domain.rules.join import PassengerStatus
from domain.rules.trip import TripStatus
from domain.trips import people_on_trip
from workflows.beckn.contracts import SEARCH

# A chat message in which the host shared their number with the trip's members (the chat's Share Number).
SHARED_NUMBER = "number"
# A network rider's seat as their request on the trip stands (domain/rules/join.py PassengerStatus).
SEAT_STATES = {
    PassengerStatus.REQUESTED: seat.SeatState.REQUESTED,
    PassengerStatus.ACTIVE: seat.SeatState.APPROVED,
    PassengerStatus.REJECTED: seat.SeatState.REJECTED,
    PassengerStatus.REMOVED: seat.SeatState.REMOVED,
    PassengerStatus.EXPIRED: seat.SeatState.EXPIRED,
    PassengerStatus.REVOKED: seat.SeatState.REVOKED,
    PassengerStatus.LEFT: seat.SeatState.LEFT,
}


def field(value: object, *path: str) -> object:
    """The value at the path in a request's JSON; None where a step is missing or not an object."""
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def _first(values: object) -> dict[str, Any]:
    return values[0] if isinstance(values, list) and values and isinstance(values[0], dict) else {}


def _trip_id(item_id: object) -> int | None:
    """The trip of a catalog item's id (catalog.py: I{trip_id})."""
    text = str(item_id or "")
    return int(text[1:]) if text.startswith("I") and text[1:].isdigit() else None


def _stops(fulfillment: dict[str, Any]) -> tuple[Point, Point] | None:
    try:
        pickup, drop, _ = search_points({"message": {"intent": {"fulfillment": fulfillment}}})
    except BadSearch:
        return None
    return pickup, drop


async def _searched_stops(session: AsyncSession, transaction_id: str) -> tuple[Point, Point] | None:
    """The rider's pick-up and drop as the order's search gave them."""
    searched = await session.scalar(
        select(BecknMessage.request)
        .where(BecknMessage.transaction_id == transaction_id, BecknMessage.action == SEARCH)
        .order_by(BecknMessage.id.desc())
        .limit(1)
    )
    return None if searched is None else _stops(searched["message"]["intent"]["fulfillment"])


def _rider(fulfillment: dict[str, Any]) -> seat.Rider | None:
    name = field(fulfillment, "customer", "person", "name")
    phone = field(fulfillment, "customer", "contact", "phone")
    return seat.Rider(str(name)[:100], str(phone)[:20]) if name and phone else None


def _seats(item: dict[str, Any]) -> int | None:
    """The seats asked for (the item's selected count, 1 when not given); None for a count that is no count."""
    count = field(item, "quantity", "selected", "count")
    if count is None:
        return 1
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 1 else None


async def seat_order(
    session: AsyncSession, message: BecknMessage, *, seats_left: bool = True, active_only: bool = True
) -> seat.SeatOrder | None:
    """The seat an order's request names (its item, I{trip_id}), with the rider's stops (the request's own, else
    its search's) and the rider the buyer app gave; None when it names no trip Humsafar offers, or (unless
    `seats_left` is False: a confirm's checks and a booked seat's news count seats their own way) one without that
    many seats left. A booked seat's news and answers read its trip however it stands (`active_only` False)."""
    item = _first(field(message.request, "message", "order", "items"))
    fulfillment = _first(field(message.request, "message", "order", "fulfillments"))
    trip_id = _trip_id(item.get("id"))
    stops = _stops(fulfillment) or await _searched_stops(session, message.transaction_id)
    if trip_id is None or stops is None:
        return None
    people = people_on_trip(Trip.id).scalar_subquery()
    offered = (Trip.id == trip_id, Trip.status == TripStatus.ACTIVE) if active_only else (Trip.id == trip_id,)
    found = (
        await session.execute(select(Trip, User, people).join(User, User.id == Trip.host_id).where(*offered))
    ).first()
    if found is None:
        return None
    trip, host, on_trip = found
    seats = _seats(item)
    if seats is None or (seats_left and on_trip + seats > trip.total_passengers):
        return None
    return seat.SeatOrder(
        trip_id=trip.id,
        seats=seats,
        price_per_seat=seat_share(trip.estimated_cost, trip.total_passengers)[0],
        vehicle_category=VEHICLE_CATEGORIES.get(trip.preferred_mode_of_transport),
        host=seat.Host(first_name(host.name), host.average_rating, host.is_kyc_verified, None),
        pick_up=stops[0],
        drop=stops[1],
        trip_start=seat.Point(trip.origin.latitude, trip.origin.longitude),
        trip_end=seat.Point(trip.destination.latitude, trip.destination.longitude),
        departure=trip.scheduled_at,
        rider=_rider(fulfillment),
    )


def order_id(network_order: NetworkOrder) -> str:
    """The order's id as the buyer app knows it."""
    return f"O{network_order.id}"


async def order_of_transaction(session: AsyncSession, transaction_id: str) -> NetworkOrder | None:
    """The order the transaction's latest confirm booked, if one did."""
    return await session.scalar(
        select(NetworkOrder)
        .where(NetworkOrder.transaction_id == transaction_id)
        .order_by(NetworkOrder.id.desc())
        .limit(1)
    )


def seat_state(passenger_status: str, trip_status: str, departed: bool, completed: bool) -> seat.SeatState:
    """Where a booked seat stands: the rider's status on the trip joined with the trip's own. A request still open
    or a seat held when the host cancels the trip ends with it; a held seat has started at departure and completed
    once the trip's completion is marked."""
    state = SEAT_STATES[PassengerStatus(passenger_status)]
    if state not in (seat.SeatState.REQUESTED, seat.SeatState.APPROVED):
        return state
    if trip_status == TripStatus.CANCELLED:
        return seat.SeatState.TRIP_CANCELLED
    if state == seat.SeatState.APPROVED and completed:
        return seat.SeatState.COMPLETED
    if state == seat.SeatState.APPROVED and departed:
        return seat.SeatState.STARTED
    return state


async def standing_state(session: AsyncSession, network_order: NetworkOrder) -> seat.SeatState | None:
    """Where the order's seat stands now (seat_state); None when its request is gone."""
    completed = exists().where(TripCompletion.trip_id == Trip.id)
    found = (
        await session.execute(
            select(TripPassenger.status, Trip.status, Trip.scheduled_at, completed)
            .join(Trip, Trip.id == TripPassenger.trip_id)
            .where(TripPassenger.id == network_order.passenger_id)
        )
    ).first()
    if found is None:
        return None
    passenger_status, trip_status, departure, is_completed = found
    return seat_state(passenger_status, trip_status, departure <= clock.now(), bool(is_completed))


async def with_shared_number(session: AsyncSession, booked: seat.SeatOrder) -> seat.SeatOrder:
    """The seat with the number its host shared with the trip's members in the trip's chat (Share Number), the last
    one shared, for a rider the host accepted: as a member on the trip reads it in the chat. Nothing for anyone else
    (order.py tells it only to an accepted rider)."""
    if booked.state not in seat.ACCEPTED:
        return booked
    number = await session.scalar(
        select(ChatMessage.message)
        .join(Trip, Trip.id == ChatMessage.trip_id)
        .where(
            ChatMessage.trip_id == booked.trip_id,
            ChatMessage.sender_id == Trip.host_id,
            ChatMessage.type == SHARED_NUMBER,
        )
        .order_by(ChatMessage.id.desc())
        .limit(1)
    )
    return booked if number is None else replace(booked, host=replace(booked.host, shared_phone=number))
