"""Shared cabs from an aggregator of vendors, over its HTTP API (bearer key):

- `POST {url}/v1/quotes` `{trip_id, category, pickup, drop, stops, pickup_time}` → `{quotes: [{vendor_code,
  vendor_name, logo_url, category, total_fare, fare_breakup, stop_fares, eta_minutes}]}`; places are
  `{name, lat, lng}`.
- `POST {url}/v1/bookings` with `Idempotency-Key` `{reference, trip_id, vendor_code, category, pickup, drop, stops,
  pickup_time, callback_url}` → `{booking_id, status}`: the same key answers the same booking, so a retried call never
  books twice.
- `GET {url}/v1/bookings/{booking_id}` → `{booking_id, reference, status: pending | confirmed | no_driver |
  vendor_cancelled | cancelled, driver: {name, phone}, vehicle: {model, registration_number}}`.
- `POST {url}/v1/bookings/{booking_id}/cancel` `{reason}` → the booking, cancelled (again: the same answer).
- Its webhook posts `{booking_id, reference, event: confirmed | no_driver | vendor_cancelled, driver, vehicle}` to
  `callback_url` in the webhook envelope (domain/webhooks.py, docs/webhooks.md): `X-Webhook-Timestamp`,
  `X-Webhook-Id`, and `X-Aggregator-Signature`, the hex HMAC-SHA256 with the shared secret of
  `{timestamp}.{delivery id}.` and the raw body.

The sandbox aggregator (sandbox/cab.py) answers the same; settings choose which one this talks to.
"""

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

from domain.models import CabBooking, TripEnd
from domain.rules.cab import VendorEvent
from domain.settings import Settings
from domain.webhooks import signed_headers

logger = logging.getLogger("humsafar.cab")

SIGNATURE_HEADER = "X-Aggregator-Signature"


class CabVendorError(Exception):
    """The aggregator could not be reached or refused the call."""


@dataclass(frozen=True)
class CabPlace:
    name: str
    lat: float
    lng: float

    @classmethod
    def at(cls, end: TripEnd) -> "CabPlace":
        """A trip's end as the aggregator takes a pick-up or a drop: its name and exact point."""
        return cls(end.name, end.latitude, end.longitude)


@dataclass(frozen=True)
class CabQuote:
    vendor_code: str
    vendor_name: str
    logo_url: str | None
    category: str
    total_fare: float
    fare_breakup: dict[str, float]
    stop_fares: list[float]
    eta_minutes: int


@dataclass(frozen=True)
class CabRide:
    """What the booking is for: the trip's ends, the host's stops, the category and when."""

    trip_id: int
    category: str
    pickup: CabPlace
    drop: CabPlace
    stops: list[CabPlace] = field(default_factory=list)
    pickup_time: str = ""


@dataclass(frozen=True)
class VendorBooking:
    booking_id: str
    status: str
    driver_name: str | None = None
    driver_phone: str | None = None
    vehicle_model: str | None = None
    vehicle_registration: str | None = None


def keep_driver_and_vehicle(booking: CabBooking, news: VendorBooking) -> None:
    """The driver and vehicle the vendor names when it confirms, written to the booking's row: its people read them
    there once the booking's flow has booked it, and the flow is told only the event."""
    if news.status != VendorEvent.CONFIRMED:
        return
    booking.driver_name = news.driver_name
    booking.driver_phone = news.driver_phone
    booking.vehicle_model = news.vehicle_model
    booking.vehicle_registration = news.vehicle_registration


def webhook_headers(
    secret: str, body: bytes, *, timestamp: int | None = None, delivery_id: str | None = None
) -> dict[str, str]:
    """The envelope the aggregator's webhook carries: signed now, with a new delivery id, unless told otherwise."""
    return signed_headers(secret, SIGNATURE_HEADER, body, timestamp=timestamp, delivery_id=delivery_id)


def _place(place: CabPlace) -> dict[str, Any]:
    return {"name": place.name, "lat": place.lat, "lng": place.lng}


def _ride(ride: CabRide) -> dict[str, Any]:
    return {
        "trip_id": ride.trip_id,
        "category": ride.category,
        "pickup": _place(ride.pickup),
        "drop": _place(ride.drop),
        "stops": [_place(stop) for stop in ride.stops],
        "pickup_time": ride.pickup_time,
    }


def booking_of(body: Mapping[str, Any]) -> VendorBooking:
    driver = body.get("driver") or {}
    vehicle = body.get("vehicle") or {}
    return VendorBooking(
        booking_id=str(body["booking_id"]),
        status=str(body.get("status") or body.get("event") or ""),
        driver_name=driver.get("name"),
        driver_phone=driver.get("phone"),
        vehicle_model=vehicle.get("model"),
        vehicle_registration=vehicle.get("registration_number"),
    )


class CabAggregatorClient:
    def __init__(self, http: httpx.AsyncClient, url: str, api_key: str, timeout_seconds: float) -> None:
        self._http = http
        self._url = url
        self._headers = {"Authorization": f"Bearer {api_key}"}
        self._timeout = timeout_seconds

    async def _call(
        self, method: str, path: str, body: Mapping[str, Any] | None = None, headers: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        try:
            answer = await self._http.request(
                method,
                f"{self._url}{path}",
                json=body,
                headers={**self._headers, **(headers or {})},
                timeout=self._timeout,
            )
        except httpx.HTTPError as error:
            logger.warning("cab aggregator unreachable at %s: %s", path, error)
            raise CabVendorError(str(error)) from error
        if answer.status_code not in (200, 201):
            # Not its words: they may name a driver, and this message is kept in the booking flow's history.
            raise CabVendorError(f"aggregator answered {answer.status_code}")
        try:
            result: dict[str, Any] = answer.json()
        except ValueError as error:
            raise CabVendorError("aggregator answered without JSON") from error
        return result

    async def quotes(self, ride: CabRide) -> list[CabQuote]:
        body = await self._call("POST", "/v1/quotes", _ride(ride))
        try:
            return [
                CabQuote(
                    vendor_code=str(quote["vendor_code"]),
                    vendor_name=str(quote["vendor_name"]),
                    logo_url=quote.get("logo_url"),
                    category=str(quote["category"]),
                    total_fare=float(quote["total_fare"]),
                    fare_breakup={str(key): float(value) for key, value in quote["fare_breakup"].items()},
                    stop_fares=[float(fare) for fare in quote.get("stop_fares", [])],
                    eta_minutes=int(quote["eta_minutes"]),
                )
                for quote in body["quotes"]
            ]
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise CabVendorError("aggregator answered quotes in an unknown shape") from error

    async def book(self, reference: str, vendor_code: str, ride: CabRide, callback_url: str) -> VendorBooking:
        body = {**_ride(ride), "reference": reference, "vendor_code": vendor_code, "callback_url": callback_url}
        return booking_of(await self._call("POST", "/v1/bookings", body, {"Idempotency-Key": reference}))

    async def booking(self, booking_id: str) -> VendorBooking:
        return booking_of(await self._call("GET", f"/v1/bookings/{booking_id}"))

    async def cancel(self, booking_id: str, reason: str) -> VendorBooking:
        return booking_of(await self._call("POST", f"/v1/bookings/{booking_id}/cancel", {"reason": reason}))


def cab_aggregator(http: httpx.AsyncClient, settings: Settings) -> CabAggregatorClient:
    return CabAggregatorClient(
        http, settings.resolved_cab_vendor_url, settings.cab_api_key, settings.cab_vendor_timeout_seconds
    )
