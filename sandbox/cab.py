"""The sandbox cab aggregator: the HTTP protocol of domain/providers/cab.py, with a few vendors quoting from a fare
table by distance and category, bookings kept by idempotency key, and a control that makes a vendor confirm (with a
driver and vehicle), find no driver, or cancel, after which it posts its signed webhook to the app as a real
aggregator does."""

import hmac
import itertools
import json
import math
import secrets

import httpx
from fastapi import status
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from domain import sandbox as sandbox_vendors
from domain.providers.cab import webhook_headers
from domain.settings import Settings
from sandbox.models import SandboxCabBooking
from sandbox.schemas import (
    AggregatorBooking,
    AggregatorBookingRequest,
    AggregatorPlace,
    AggregatorQuote,
    AggregatorQuotes,
    AggregatorRide,
    SandboxCabEvent,
    SandboxCabEventSent,
)
from sandbox.web import SandboxRefusal

# Each vendor's fare table: a base fare and a rate per km for a hatchback; other categories cost more.
VENDORS = {
    "citycab": ("CityCab", 60.0, 14.0, 9),
    "swiftride": ("SwiftRide", 50.0, 15.0, 6),
    "metrotaxi": ("Metro Taxi", 80.0, 12.0, 12),
}
CATEGORY_FACTORS = {"hatchback": 1.0, "sedan": 1.25, "suv": 1.6}
STOP_FARE = 40.0
GST_RATE = 0.05
# Roads are longer than the straight line.
ROAD_FACTOR = 1.3
DRIVER = {"name": "Ramesh Kumar", "phone": "9876501234"}
VEHICLES = {
    "hatchback": {"model": "Maruti Suzuki Swift", "registration_number": "KA01AB1234"},
    "sedan": {"model": "Maruti Suzuki Dzire", "registration_number": "KA05MN4321"},
    "suv": {"model": "Toyota Innova Crysta", "registration_number": "KA03XY9876"},
}
EVENT_STATUSES = {"confirm": "confirmed", "no_driver": "no_driver", "vendor_cancel": "vendor_cancelled"}
OPEN_STATUSES = ("pending", "confirmed")
UNKNOWN_KEY = "Unknown API key"
NOT_FOUND = "Booking not found"
NOT_OPEN = "This trip has no booking waiting for that"


class AggregatorRefusal(Exception):
    def __init__(self, status_code: int, error: str) -> None:
        super().__init__(error)
        self.status_code = status_code
        self.error = error


def check_key(settings: Settings, authorization: str | None) -> None:
    given = (authorization or "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), sandbox_vendors.CAB_API_KEY.encode()):
        raise AggregatorRefusal(status.HTTP_401_UNAUTHORIZED, UNKNOWN_KEY)


def _km(a: AggregatorPlace, b: AggregatorPlace) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (a.lat, a.lng, b.lat, b.lng))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def route_km(ride: AggregatorRide) -> float:
    points = [ride.pickup, *ride.stops, ride.drop]
    return ROAD_FACTOR * sum(_km(a, b) for a, b in itertools.pairwise(points))


def quotes(ride: AggregatorRide) -> AggregatorQuotes:
    distance = route_km(ride)
    factor = CATEGORY_FACTORS.get(ride.category, 1.0)
    found = []
    for code, (name, base, per_km, eta) in VENDORS.items():
        stop_fares = [round(STOP_FARE * factor, 2) for _ in ride.stops]
        fare = {
            "Base fare": round(base * factor, 2),
            f"Distance ({distance:.1f} km)": round(per_km * distance * factor, 2),
            "Stops": round(sum(stop_fares), 2),
        }
        fare["GST"] = round(sum(fare.values()) * GST_RATE, 2)
        found.append(
            AggregatorQuote(
                vendor_code=code,
                vendor_name=name,
                logo_url=_logo(name),
                category=ride.category,
                total_fare=round(sum(fare.values()), 2),
                fare_breakup=fare,
                stop_fares=stop_fares,
                eta_minutes=eta,
            )
        )
    return AggregatorQuotes(quotes=found)


def _logo(name: str) -> str:
    """A vendor's logo as an SVG data URL: its initials on a disc."""
    initials = "".join(word[0] for word in name.split()[:2]).upper()
    svg = (
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'>"
        "<circle cx='20' cy='20' r='20' fill='%230b5394'/>"
        "<text x='20' y='25' font-size='14' text-anchor='middle' fill='white' font-family='sans-serif'>"
        f"{initials}</text></svg>"
    )
    return f"data:image/svg+xml;utf8,{svg}"


def _view(booking: SandboxCabBooking) -> AggregatorBooking:
    return AggregatorBooking(
        booking_id=booking.booking_id,
        reference=booking.reference,
        status=booking.status,
        driver=booking.driver,
        vehicle=booking.vehicle,
    )


async def book(
    session: AsyncSession, request: AggregatorBookingRequest, idempotency_key: str | None
) -> AggregatorBooking:
    """A booking, pending a driver; the same idempotency key answers the same booking."""
    key = idempotency_key or request.reference
    existing = await session.scalar(select(SandboxCabBooking).where(SandboxCabBooking.idempotency_key == key))
    if existing is not None:
        return _view(existing)
    if request.vendor_code not in VENDORS:
        raise AggregatorRefusal(status.HTTP_400_BAD_REQUEST, "Unknown vendor_code")
    booking = SandboxCabBooking(
        booking_id=f"sbx_{secrets.token_hex(8)}",
        idempotency_key=key,
        reference=request.reference,
        trip_id=request.trip_id,
        vendor_code=request.vendor_code,
        category=request.category,
        status="pending",
        callback_url=request.callback_url,
    )
    try:
        async with session.begin_nested():
            session.add(booking)
    except IntegrityError:
        # Sent twice at once: the other call's booking is the one.
        existing = await session.scalar(select(SandboxCabBooking).where(SandboxCabBooking.idempotency_key == key))
        assert existing is not None
        return _view(existing)
    return _view(booking)


async def booking(session: AsyncSession, booking_id: str) -> AggregatorBooking:
    found = await session.get(SandboxCabBooking, booking_id)
    if found is None:
        raise AggregatorRefusal(status.HTTP_404_NOT_FOUND, NOT_FOUND)
    return _view(found)


async def cancel(session: AsyncSession, booking_id: str, reason: str | None) -> AggregatorBooking:
    found = await session.get(SandboxCabBooking, booking_id, with_for_update=True)
    if found is None:
        raise AggregatorRefusal(status.HTTP_404_NOT_FOUND, NOT_FOUND)
    if found.status in OPEN_STATUSES:
        found.status = "cancelled"
        found.cancel_reason = reason
        found.updated_at = func.now()
    return _view(found)


async def vendor_event(session: AsyncSession, trip_id: int, event: SandboxCabEvent) -> tuple[SandboxCabBooking, bytes]:
    """The trip's open booking moved by a vendor's event; answers the webhook body to post."""
    found = await session.scalar(
        select(SandboxCabBooking)
        .where(SandboxCabBooking.trip_id == trip_id, SandboxCabBooking.status.in_(OPEN_STATUSES))
        .order_by(SandboxCabBooking.created_at.desc())
        .limit(1)
        .with_for_update()
    )
    if found is None:
        raise SandboxRefusal(NOT_OPEN, status.HTTP_404_NOT_FOUND)
    if event.event == "confirm" and found.status != "pending":
        raise SandboxRefusal(NOT_OPEN, status.HTTP_409_CONFLICT)
    found.status = EVENT_STATUSES[event.event]
    if event.event == "confirm":
        found.driver = DRIVER
        found.vehicle = VEHICLES.get(found.category, VEHICLES["hatchback"])
    found.updated_at = func.now()
    body = {**_view(found).model_dump(), "event": found.status}
    return found, json.dumps(body).encode()


async def post_webhook(http: httpx.AsyncClient, settings: Settings, url: str, body: bytes) -> int:
    """Posts the webhook as the aggregator does, signed in its envelope with the sandbox's secret; answers the app's
    status code (0 when unreachable)."""
    headers = {"Content-Type": "application/json", **webhook_headers(sandbox_vendors.CAB_WEBHOOK_SECRET, body)}
    try:
        answer = await http.post(url, content=body, headers=headers, timeout=10)
    except httpx.HTTPError:
        return 0
    return answer.status_code


def sent(found: SandboxCabBooking, webhook_status: int) -> SandboxCabEventSent:
    return SandboxCabEventSent(booking_id=found.booking_id, status=found.status, webhook_status=webhook_status)
