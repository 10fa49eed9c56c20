"""A trip's shared cab (SPEC §2 Cab booking, §3 Cab, §4 Cab status, §5 and §8 cab rules; domain/rules/cab.py): the
host's plan, the vendors' quotes, the request that starts a CabBookingWorkflow, cancelling, raising an issue, and
the aggregator's signed webhook. Every change of a trip's cab is made under the trip's row lock, taken only after
the vendors and the maps service have answered (api/outbound.py)."""

import json
from typing import cast

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.cab.schemas import CabIssueIn, CabPlanIn, CabRequestIn, VendorQuote
from api.errors import refuse
from api.outbound import hold_no_connection
from api.webhooks import take_delivery
from domain import clock
from domain.cab import running_booking
from domain.envelope import fare_items_in_reading_language
from domain.flows import signal_after_commit, start_after_commit
from domain.live import Kind, tell_trip
from domain.models import CabBooking, Trip, TripCabPlan, User
from domain.providers.cab import (
    CabAggregatorClient,
    CabPlace,
    CabQuote,
    CabRide,
    CabVendorError,
    booking_of,
    keep_driver_and_vehicle,
)
from domain.providers.maps import MapsProvider, MapsUnavailableError, point_of
from domain.rules import messages
from domain.rules.cab import (
    MAX_STOPS,
    RUNNING,
    VENDOR_EVENTS,
    CabEnd,
    CabStatus,
    Point,
    cab_request_refusal,
    cancel_refusal,
    is_eligible,
    issue_refusal,
    plan_refusal,
    stops_refusal,
)
from domain.rules.choices import CAB_CATEGORIES
from domain.rules.refusal import invalid, not_found, unavailable
from domain.settings import Settings
from domain.webhooks import WebhookEnvelope
from workflows.cab_booking.contracts import (
    CabBookingStart,
    CabEndRequest,
    CabIssue,
    CabVendorNotice,
    cab_end,
    cab_issue_raised,
    cab_reference,
    cab_start,
    cab_vendor_event,
)

# Called by the aggregator, not by a browser: authenticated by its signature, so outside the CSRF check.
WEBHOOK_PATH = "/trip/cab/webhook"
# How often a request asks the vendors again when the plan or the trip changed meanwhile.
REQUEST_ATTEMPTS = 3


def eligible(trip: Trip) -> bool:
    return is_eligible(
        trip_status=trip.status,
        mode=trip.preferred_mode_of_transport,
        departs_at=trip.scheduled_at,
        now=clock.now(),
        distance_km=trip.distance_km,
    )


async def _trip(session: AsyncSession, trip_id: int, *, locked: bool = True) -> tuple[Trip, CabBooking | None]:
    """The trip, locked unless it is only read before a vendor is called, with its latest cab booking, both as they
    stand now (read again when the request read them before)."""
    query = select(Trip).where(Trip.id == trip_id).execution_options(populate_existing=True)
    trip = await session.scalar(query.with_for_update() if locked else query)
    if trip is None:
        refuse(not_found(messages.TRIP_NOT_FOUND))
    latest = await session.scalar(
        select(CabBooking)
        .where(CabBooking.trip_id == trip_id)
        .order_by(CabBooking.number.desc())
        .limit(1)
        .execution_options(populate_existing=True)
    )
    return trip, latest


def _latest_status(latest: CabBooking | None) -> str | None:
    return latest.status if latest is not None else None


async def plan_cab(session: AsyncSession, maps: MapsProvider, user: User, trip_id: int, plan: CabPlanIn) -> None:
    """The host's category and stops, each a known place, kept for the quotes and the request. The stops are looked
    up before the trip is locked (api/outbound.py); under the lock the plan rules are checked again."""
    trip, latest = await _trip(session, trip_id, locked=False)
    refuse(plan_refusal(is_host=trip.host_id == user.id, eligible=eligible(trip), latest=_latest_status(latest)))
    if plan.category not in CAB_CATEGORIES:
        refuse(invalid(messages.CAB_CATEGORY_INVALID))
    if len(plan.stops) > MAX_STOPS:
        refuse(invalid(messages.CAB_TOO_MANY_STOPS))
    await hold_no_connection(session)
    stops = [await _stop(maps, place_id, picked_name) for place_id, picked_name in plan.picked()]
    trip, latest = await _trip(session, trip_id)
    refuse(plan_refusal(is_host=trip.host_id == user.id, eligible=eligible(trip), latest=_latest_status(latest)))
    refuse(
        stops_refusal(
            trip.origin.point,
            trip.destination.point,
            [
                (str(stop["place_id"]), str(stop["name"]), cast(Point, (stop["latitude"], stop["longitude"])))
                for stop in stops
            ],
        )
    )
    statement = insert(TripCabPlan).values(trip_id=trip.id, category=plan.category, stops=stops)
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=[TripCabPlan.trip_id],
            set_={
                "category": statement.excluded.category,
                "stops": statement.excluded.stops,
                "updated_at": clock.now(),
            },
        )
    )


async def _stop(maps: MapsProvider, place_id: str, picked_name: str | None = None) -> dict[str, object]:
    """A stop named as it was picked: by its own place's name where the place id says it ('Marathahalli Colony', not
    'Rameshnagar', which shares its pincode's point), else by the name it was picked by (a Photon id carries only its
    point), else by the name of its point."""
    try:
        point = await point_of(maps, place_id)
        if point is None:
            refuse(invalid(messages.PLACE_NOT_FOUND))
        name = (await maps.names([place_id])).get(place_id) or picked_name
        if name is None:
            named = await maps.reverse_geocode(point.lat, point.long)
            name = named.name if named else place_id
    except MapsUnavailableError:
        refuse(unavailable(messages.MAPS_UNAVAILABLE))
    return {
        "name": name,
        "place_id": place_id,
        "latitude": point.lat,
        "longitude": point.long,
    }


async def _ride(
    session: AsyncSession, user: User, trip: Trip, latest: CabBooking | None
) -> tuple[CabRide, TripCabPlan]:
    plan = await session.get(TripCabPlan, trip.id, populate_existing=True)
    refuse(
        cab_request_refusal(
            is_host=trip.host_id == user.id,
            eligible=eligible(trip),
            latest=_latest_status(latest),
            planned=plan is not None,
        )
    )
    assert plan is not None
    ride = CabRide(
        trip_id=trip.id,
        category=plan.category,
        pickup=CabPlace.at(trip.origin),
        drop=CabPlace.at(trip.destination),
        stops=[CabPlace(str(stop["name"]), float(stop["latitude"]), float(stop["longitude"])) for stop in plan.stops],
        pickup_time=trip.scheduled_at.isoformat(),
    )
    return ride, plan


async def _quotes(aggregator: CabAggregatorClient, ride: CabRide) -> list[CabQuote]:
    try:
        return await aggregator.quotes(ride)
    except CabVendorError:
        refuse(unavailable(messages.CAB_VENDORS_UNAVAILABLE))


async def vendor_quotes(
    session: AsyncSession, aggregator: CabAggregatorClient, user: User, trip_id: int
) -> list[VendorQuote]:
    """Each vendor's fare for the host's plan, cheapest first; asked with nothing of the trip locked or held."""
    trip, latest = await _trip(session, trip_id, locked=False)
    ride, _ = await _ride(session, user, trip, latest)
    await hold_no_connection(session)
    found = sorted(await _quotes(aggregator, ride), key=lambda quote: quote.total_fare)
    return [
        VendorQuote(
            code=quote.vendor_code,
            name=quote.vendor_name,
            logo=quote.logo_url,
            total_fare=quote.total_fare,
            fare_breakup=fare_items_in_reading_language(quote.fare_breakup),
            eta_minutes=quote.eta_minutes,
        )
        for quote in found
    ]


async def request_cab(
    session: AsyncSession,
    settings: Settings,
    aggregator: CabAggregatorClient,
    user: User,
    trip_id: int,
    body: CabRequestIn,
) -> None:
    """The chosen vendor's quote as the trip's next booking; its flow books it once the transaction commits.

    The vendors are asked before the trip is locked (api/outbound.py); under the lock the request rules are checked
    again (of requests sent together one books, the others are told a request is running), and a plan or a trip
    that changed meanwhile is quoted again, a few times at most."""
    quoted = None
    for _ in range(REQUEST_ATTEMPTS):
        quoted = await _quoted_and_locked(session, aggregator, user, trip_id, body.vendor)
        if quoted is not None:
            break
    if quoted is None:
        refuse(unavailable(messages.CAB_VENDORS_UNAVAILABLE))
    trip, latest, plan, quote = quoted
    number = latest.number + 1 if latest is not None else 1
    fares: list[float | None] = [*quote.stop_fares, *[None] * len(plan.stops)]
    booking = CabBooking(
        trip_id=trip.id,
        number=number,
        host_id=user.id,
        reference=cab_reference(trip.id, number),
        status=CabStatus.REQUESTED,
        category=plan.category,
        stops=[{**stop, "fare": fare} for stop, fare in zip(plan.stops, fares, strict=False)],
        vendor_code=quote.vendor_code,
        vendor_name=quote.vendor_name,
        vendor_logo=quote.logo_url,
        total_fare=quote.total_fare,
        fare_breakup=quote.fare_breakup,
    )
    session.add(booking)
    await session.flush()
    start = CabBookingStart(
        booking_id=booking.id,
        trip_id=trip.id,
        host_id=user.id,
        number=number,
        departure=trip.scheduled_at.isoformat(),
        confirm_timeout_seconds=settings.cab_confirm_timeout_seconds,
        poll_interval_seconds=settings.cab_poll_interval_seconds,
    )
    await start_after_commit(session, cab_start(start))
    await tell_trip(session, Kind.CAB, trip.id)


async def _quoted_and_locked(
    session: AsyncSession, aggregator: CabAggregatorClient, user: User, trip_id: int, vendor: str | None
) -> tuple[Trip, CabBooking | None, TripCabPlan, CabQuote] | None:
    """The chosen vendor's quote for the ride, and the trip locked with its latest booking and plan; None when the
    ride changed while the vendors were asked."""
    trip, latest = await _trip(session, trip_id, locked=False)
    ride, _ = await _ride(session, user, trip, latest)
    if not vendor:
        refuse(invalid(messages.CAB_VENDOR_REQUIRED))
    await hold_no_connection(session)
    quote = next((q for q in await _quotes(aggregator, ride) if q.vendor_code == vendor), None)
    if quote is None:
        refuse(invalid(messages.CAB_VENDOR_REQUIRED))
    assert quote is not None
    trip, latest = await _trip(session, trip_id)
    ride_now, plan = await _ride(session, user, trip, latest)
    if ride_now != ride:
        await hold_no_connection(session)
        return None
    return trip, latest, plan, quote


async def cancel_cab(session: AsyncSession, user: User, trip_id: int, reason: str | None) -> None:
    """The host's cancel: the booking's flow cancels it with the vendor. Asked once: under the trip's lock, a cancel
    that finds one asked already is refused (409), however many arrive at once."""
    trip, latest = await _trip(session, trip_id)
    cancel_asked = latest is not None and latest.cancel_requested_at is not None
    refuse(cancel_refusal(is_host=trip.host_id == user.id, latest=_latest_status(latest), cancel_asked=cancel_asked))
    assert latest is not None
    latest.cancel_requested_at = clock.now()
    latest.cancel_reason = (reason or "").strip() or None
    latest.end_cause = latest.end_cause or CabEnd.HOST
    end = CabEndRequest(cause=CabEnd.HOST)
    await signal_after_commit(session, cab_end(trip.id, latest.number, end))


async def raise_issue(session: AsyncSession, user: User, trip_id: int, body: CabIssueIn) -> None:
    """The host's issue with the latest booking, recorded once in its row (and its flow told that one was raised,
    while it runs: the words stay in the row)."""
    issue = (body.issue or "").strip()
    if not issue:
        refuse(invalid(messages.CAB_ISSUE_REQUIRED))
    trip, latest = await _trip(session, trip_id)
    refuse(
        issue_refusal(
            is_host=trip.host_id == user.id,
            latest=_latest_status(latest),
            raised=latest is not None and latest.raised_issue is not None,
        )
    )
    assert latest is not None
    latest.raised_issue = issue
    if latest.status in RUNNING:
        await signal_after_commit(session, cab_issue_raised(trip.id, latest.number, CabIssue()))


async def end_running_cab(session: AsyncSession, trip_id: int, cause: CabEnd, reason: str | None = None) -> None:
    """A moved trip's running booking is cancelled with the vendor by its flow, after the commit; the booking keeps
    why, and the flow's record of the cancel tells the host and the members (activities/cab.py)."""
    if booking := await keep_why_the_cab_ends(session, trip_id, cause):
        if reason and booking.cancel_reason is None:
            booking.cancel_reason = reason
        await signal_after_commit(session, cab_end(trip_id, booking.number, CabEndRequest(cause=cause, reason=reason)))


async def keep_why_the_cab_ends(session: AsyncSession, trip_id: int, cause: CabEnd) -> CabBooking | None:
    """The trip's running booking, which this change ends, marked with why (the first cause asked stays, as the
    flow keeps the first end it hears) and as being cancelled; None when no booking runs. A cancelled trip's flow
    ends the booking itself (activities/trips.py)."""
    booking = await running_booking(session, trip_id)
    if booking is None:
        return None
    booking.end_cause = booking.end_cause or cause
    booking.cancel_requested_at = booking.cancel_requested_at or clock.now()
    return booking


async def receive_aggregator_webhook(
    session: AsyncSession, settings: Settings, body: bytes, envelope: WebhookEnvelope
) -> None:
    """The aggregator's signed news of a booking, passed to its flow; refused unsigned, stale or replayed, changing
    nothing. The driver and vehicle it names are written to the booking's row, and the flow is told only the event."""
    await take_delivery(session, "cab", settings.cab_webhook_secret, body, envelope)
    try:
        news = booking_of(_json_object(body))
    except (KeyError, TypeError, ValueError):
        refuse(invalid(messages.VENDOR_WEBHOOK_INVALID))
    booking = await session.scalar(select(CabBooking).where(CabBooking.vendor_booking_id == news.booking_id))
    if booking is None:
        refuse(not_found(messages.CAB_BOOKING_NOT_FOUND))
    if booking.status in RUNNING and news.status in VENDOR_EVENTS:
        keep_driver_and_vehicle(booking, news)
        notice = CabVendorNotice(event=news.status)
        await signal_after_commit(session, cab_vendor_event(booking.trip_id, booking.number, notice))


def _json_object(body: bytes) -> dict[str, object]:
    parsed = json.loads(body)
    if not isinstance(parsed, dict):
        raise ValueError("not an object")
    return parsed
