"""The on_search Humsafar answers a network search with (docs/interop.md, "A shared seat on TRV10"): one provider,
Humsafar, and a RIDE item with its own fulfillment for each trip the along-the-way rule matched.

- item: code RIDE, its quantity the seats the trip has left, its price the seat's share in INR (the trip's cost
  shared by every seat; at most the share of two, the host and one rider, as the app shows it: domain/rules/pricing.py).
- fulfillment: the START and END stops at the rider's own pick-up and drop (on the host's way), the START at the
  departure; the vehicle's category by the trip's mode (CAB for a cab or a self-drive car, AUTO_RICKSHAW for an
  auto); the host as the agent: first name and rating, and whether Humsafar verified their identity.
- the trip's own ends appear only as the locations buyers may show, and only as their cells' centres
  (domain/rules/geo.py approximate): never a host's exact start or end, as in the app.

Pure: the rows come from activities/beckn/, the context's identity from the settings."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from domain.providers.beckn import order
from domain.providers.beckn.seat import Bpp, Point
from domain.rules.choices import TRANSPORT_AUTO, TRANSPORT_CAB, TRANSPORT_SELF_DRIVE
from domain.rules.pricing import cost_range

PROVIDER_NAME = "Humsafar"
CATALOG_NAME = "Humsafar: empty seats on trips already going your way"
# A trip's mode (domain/rules/choices.py) as TRV10's vehicle category; a trip whose mode is undecided has none.
VEHICLE_CATEGORIES = {TRANSPORT_CAB: "CAB", TRANSPORT_SELF_DRIVE: "CAB", TRANSPORT_AUTO: "AUTO_RICKSHAW"}
# A carpool's seat is paid to the host at the ride: the provider's side collects it (TRV10's BPP-collected payment).
PAYMENT_COLLECTED_BY = "BPP"


@dataclass(frozen=True)
class CatalogTrip:
    """What a network rider may know of one matched trip before booking: the host's exact ends are in no field."""

    trip_id: int
    departure: datetime
    mode: int
    seats_left: int
    estimated_cost: Decimal
    total_passengers: int
    host_name: str | None
    host_rating: Decimal
    host_verified: bool
    origin: Point
    destination: Point


def first_name(name: str | None) -> str:
    words = (name or "").split()
    return words[0] if words else "Host"


def gps_point(text: str) -> Point:
    """A Beckn gps string ("12.97, 77.59") as a point; ValueError when it is not one."""
    latitude, longitude = (float(part) for part in text.split(","))
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise ValueError("not a point on earth")
    return Point(latitude, longitude)


class BadSearch(ValueError):
    """A search whose intent has no START and END gps, or an unreadable time."""


def search_points(request: dict[str, Any]) -> tuple[Point, Point, datetime | None]:
    """The rider's pick-up, drop and, when given, the time of the pick-up."""
    try:
        fulfillment = request.get("message", {}).get("intent", {}).get("fulfillment", {})
        stops = {stop.get("type"): stop for stop in fulfillment.get("stops", []) if isinstance(stop, dict)}
        pickup = gps_point(stops["START"]["location"]["gps"])
        drop = gps_point(stops["END"]["location"]["gps"])
        timestamp = stops["START"].get("time", {}).get("timestamp")
        moment = datetime.fromisoformat(timestamp.replace("Z", "+00:00")) if timestamp else None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BadSearch(str(error)) from error
    return pickup, drop, moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


def seat_share(estimated_cost: Decimal, total_passengers: int) -> tuple[Decimal, Decimal]:
    """The seat's share of the trip's cost: with every seat taken, and with the host and one rider alone."""
    shares = cost_range(estimated_cost, total_passengers)
    low, high = shares if shares is not None else (0, 0)
    return Decimal(low), Decimal(high)


def _price(trip: CatalogTrip) -> dict[str, str]:
    low, high = seat_share(trip.estimated_cost, trip.total_passengers)
    return order.price(low) | {"minimum_value": order.amount(low), "maximum_value": order.amount(high)}


def _fulfillment(trip: CatalogTrip, pickup: Point, drop: Point) -> dict[str, Any]:
    fulfillment: dict[str, Any] = {
        "id": f"F{trip.trip_id}",
        "type": order.FULFILLMENT_TYPE,
        "stops": [
            {
                "type": "START",
                "location": {"gps": pickup.gps()},
                "time": {"timestamp": order.rfc3339(trip.departure)},
            },
            {"type": "END", "location": {"gps": drop.gps()}},
        ],
        "agent": {
            "person": {"name": first_name(trip.host_name)},
            "rating": f"{trip.host_rating:.1f}",
        },
        "tags": [
            {
                "descriptor": {"code": order.HOST_TAGS},
                "display": True,
                "list": [{"descriptor": {"code": "IDENTITY_VERIFIED"}, "value": str(trip.host_verified).lower()}],
            }
        ],
    }
    category = VEHICLE_CATEGORIES.get(trip.mode)
    if category is not None:
        fulfillment["vehicle"] = {"category": category}
    return fulfillment


def _item(trip: CatalogTrip) -> dict[str, Any]:
    return {
        "id": f"I{trip.trip_id}",
        "descriptor": {"code": order.RIDE, "name": f"A seat with {first_name(trip.host_name)}"},
        "quantity": {"available": {"count": max(trip.seats_left, 0)}},
        "price": _price(trip),
        "fulfillment_ids": [f"F{trip.trip_id}"],
        "location_ids": [f"L{trip.trip_id}-FROM", f"L{trip.trip_id}-TO"],
        "payment_ids": [order.PAYMENT_ID],
    }


def _locations(trip: CatalogTrip) -> list[dict[str, str]]:
    """The trip's ends as buyers may show them: the centres of their cells."""
    return [
        {"id": f"L{trip.trip_id}-FROM", "gps": order.cell(trip.origin)},
        {"id": f"L{trip.trip_id}-TO", "gps": order.cell(trip.destination)},
    ]


def on_search(
    request_context: dict[str, Any],
    bpp: Bpp,
    pickup: Point,
    drop: Point,
    trips: Sequence[CatalogTrip],
    now: datetime,
) -> dict[str, Any]:
    """The on_search answering a search from pickup to drop with the trips matched (none: an empty catalog)."""
    provider: dict[str, Any] = {
        "id": order.PROVIDER_ID,
        "descriptor": {"name": PROVIDER_NAME},
        "items": [_item(trip) for trip in trips],
        "fulfillments": [_fulfillment(trip, pickup, drop) for trip in trips],
        "locations": [location for trip in trips for location in _locations(trip)],
        "payments": [{"id": order.PAYMENT_ID, "collected_by": PAYMENT_COLLECTED_BY, "type": "ON-FULFILLMENT"}],
    }
    return {
        "context": order.reply_context(request_context, "on_search", bpp, now),
        "message": {"catalog": {"descriptor": {"name": CATALOG_NAME}, "providers": [provider]}},
    }
