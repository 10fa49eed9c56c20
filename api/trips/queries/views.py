"""Trips as a viewer sees them (SPEC §3 Trip), built from api/trips/queries/rows.py TripRow (a trip with its people) and
the questions asked on them (read by api/trips/queries/reader.py).

A view is TripPublic's shape (api/trips/schemas.py, which documents it) built as a plain dict and serialised once for
the whole answer (domain/envelope.py ok_json): trips are the largest and busiest answers, and constructing and
validating half a dozen pydantic models per trip cost more CPU than finding it. tests/api/test_trips.py checks every
view of its answers against TripPublic."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from api.media.service import media_url
from api.trips.queries.rows import CabRow, Person, TripRow, cab_of, people_of
from api.trips.queries.stops import HIDDEN, stops_view
from domain import clock
from domain.envelope import fare_items_in_reading_language, in_reading_language
from domain.models import TripEnd
from domain.routing import estimated_travel
from domain.rules import limits
from domain.rules.cab import CabStatus, ended_because, is_eligible, shown_status
from domain.rules.co2 import co2_saved_kg
from domain.rules.geo import approximate, distance_km
from domain.rules.join import PassengerStatus, PassengerType
from domain.rules.places import locality_name
from domain.rules.pricing import cost_range
from domain.rules.trip import TripStatus
from domain.settings import RouteSettings

View = dict[str, Any]

# The statuses and roles as plain text, looked up once: a member of an enum class costs several times more to look
# up, compare and serialise, and these are used for every person of every trip of a page.
PERSON_ACTIVE = PassengerStatus.ACTIVE.value
HOST = PassengerType.HOST.value
MEMBER = PassengerType.MEMBER.value
TRIP_ACTIVE = TripStatus.ACTIVE.value
TRIP_CANCELLED = TripStatus.CANCELLED.value


@dataclass(frozen=True)
class SearchPoint:
    """Where the viewer starts and where they go, when they searched."""

    origin_latitude: float
    origin_longitude: float
    destination_latitude: float | None = None
    destination_longitude: float | None = None


def _host_card(host: Person) -> View:
    return {
        "id": host.user_id,
        "name": host.name,
        "small_image_url": media_url(host.small_image_key),
        "medium_image_url": media_url(host.medium_image_key),
        "is_kyc_verified": host.is_kyc_verified,
        "average_rating": float(host.average_rating),
        "flagged_count": host.flagged_count,
    }


def _passenger_view(person: Person, viewer_is_host: bool, stops: View) -> View:
    return {
        **stops,
        "id": person.user_id,
        "name": person.name,
        "small_image_url": media_url(person.small_image_key),
        "is_kyc_verified": person.is_kyc_verified,
        "average_rating": float(person.average_rating),
        "flagged_count": person.flagged_count,
        "additional_note": person.additional_note,
        "small_luggage": person.small_luggage,
        "large_luggage": person.large_luggage,
        "status": person.status,
        "type": HOST if person.type == HOST else MEMBER,
        "booked_through": person.booked_through,
        # What a host weighs a request or a member by (SPEC: hosts fear no-shows); only the host sees it.
        "reliability": (
            {
                "completed_trips": person.completed_trips,
                "late_cancellations": person.late_cancellations,
                "no_shows": person.no_shows,
            }
            if viewer_is_host
            else None
        ),
    }


def _cab_view(trip: TripRow, booking: CabRow | None, sees_details: bool, now: datetime) -> View:
    """The trip's cab (SPEC §3 Cab): its latest booking's while that stands, else whether it could have one. Only the
    host and active members see the booking itself (SPEC §6: the driver's name and phone, the vehicle, the stops, the
    vendor and fare) and why another change cancelled it; anyone else sees its status alone."""
    eligible = is_eligible(
        trip_status=trip.status,
        mode=trip.preferred_mode_of_transport,
        departs_at=trip.scheduled_at,
        now=now,
        distance_km=trip.distance_km,
    )
    status = shown_status(
        booking.status if booking else None, eligible=eligible, trip_deleted=trip.status == TRIP_CANCELLED
    )
    if booking is None or status in (CabStatus.ELIGIBLE, CabStatus.NOT_ELIGIBLE) or not sees_details:
        return {
            "status": status,
            "category": None,
            "number_of_stops": 0,
            "stops": [],
            "fare": None,
            "raised_issue": None,
            "cancelled_because": None,
            "driver": None,
            "vehicle": None,
            "vendor": None,
        }
    booked = status == CabStatus.BOOKED
    stops = [
        {
            "name": s["name"],
            "place_id": s["place_id"],
            "fare": s.get("fare"),
            "latitude": s.get("latitude"),
            "longitude": s.get("longitude"),
        }
        for s in booking.stops
    ]
    return {
        "status": status,
        "category": booking.category,
        "number_of_stops": len(booking.stops),
        "stops": stops,
        "fare": float(booking.total_fare),
        "raised_issue": booking.raised_issue,
        "cancelled_because": _in_reading_language(ended_because(booking.status, booking.end_cause)),
        "driver": {"name": booking.driver_name, "contact": {"phone": booking.driver_phone}} if booked else None,
        "vehicle": (
            {"model": booking.vehicle_model, "registration_number": booking.vehicle_registration} if booked else None
        ),
        "vendor": {
            "name": booking.vendor_name,
            "logo": booking.vendor_logo,
            "total_fare": float(booking.total_fare),
            "fare_breakup": fare_items_in_reading_language(booking.fare_breakup),
        },
    }


def _in_reading_language(words: str | None) -> str | None:
    return in_reading_language(words) if words is not None else None


def end_view(end: TripEnd, exact: bool) -> View:
    """An end as the viewer may know it, in TripEnd's shape (api/trips/schemas.py): exact only for the trip's host and
    active members (a dropped pin is often a home); to anyone else the centre of its cell, which search measures from
    too (api/trips/queries/search.py), its locality for a name (never a street address, domain/rules/places.py), and no
    place id."""
    latitude, longitude = end.point if exact else approximate(end.latitude, end.longitude)
    return {
        "name": end.name if exact else locality_name(end.name, end.place_id),
        "place_id": end.place_id if exact else None,
        "latitude": latitude,
        "longitude": longitude,
        "is_approximate": not exact,
    }


def _distances(
    origin: tuple[float, float], destination: tuple[float, float], point: SearchPoint | None
) -> tuple[float | None, float | None, float | None]:
    """From where the viewer searched to the trip's ends as shown to them: measured from the exact ends, three
    searches from chosen points would place an end within metres."""
    if point is None:
        return None, None, None
    from_origin = distance_km(point.origin_latitude, point.origin_longitude, *origin)
    if point.destination_latitude is None or point.destination_longitude is None:
        return round(from_origin, 2), None, None
    from_destination = distance_km(point.destination_latitude, point.destination_longitude, *destination)
    return round(from_origin, 2), round(from_destination, 2), round(from_origin + from_destination, 2)


class QuestionRow(NamedTuple):
    trip_id: int
    id: int
    question: str
    created_at: datetime
    answer: str | None
    answered_at: datetime | None
    asker_id: int
    asker_name: str | None
    asker_image_key: str | None
    answerer_id: int | None
    answerer_name: str | None
    answerer_image_key: str | None


def _author(user_id: int, name: str | None, image_key: str | None) -> View:
    return {"id": user_id, "name": name, "small_image_url": media_url(image_key)}


def _query_view(row: QuestionRow) -> View:
    return {
        "id": row.id,
        "question": row.question,
        "created_by": _author(row.asker_id, row.asker_name, row.asker_image_key),
        "created_on": row.created_at,
        "answer": row.answer,
        "answered_by": (
            _author(row.answerer_id, row.answerer_name, row.answerer_image_key) if row.answerer_id is not None else None
        ),
        "answered_on": row.answered_at,
    }


def build_view(
    trip: TripRow,
    people: list[Person],
    queries: list[View],
    viewer_id: int,
    point: SearchPoint | None,
    now: datetime,
    route: RouteSettings,
) -> View:
    is_host = trip.host_id == viewer_id
    host = own = None
    active_count = 0
    shown: list[Person] = []
    for person in people:  # one pass: host, the viewer's own place, the active count, who the viewer may see
        is_active = person.status == PERSON_ACTIVE
        active_count += is_active
        if person.type == HOST:
            host = person
        if person.user_id == viewer_id:
            own = person
        if is_host or is_active or person.user_id == viewer_id:
            shown.append(person)
    assert host is not None, f"trip {trip.id} has no host"
    is_member = own is not None and own.status == PERSON_ACTIVE
    sees_exact_ends = is_host or is_member
    origin_view = end_view(trip.origin, sees_exact_ends)
    destination_view = end_view(trip.destination, sees_exact_ends)
    # Each rider's stops: to the host and active members everyone's, from the exact ends; to anyone else their own.
    travel = estimated_travel(route, trip.preferred_mode_of_transport, trip.scheduled_at)
    passengers = [
        _passenger_view(
            person,
            is_host,
            (
                stops_view(person, origin_view, destination_view, travel)
                if sees_exact_ends or person.user_id == viewer_id
                else HIDDEN
            ),
        )
        for person in shown
    ]
    origin = (origin_view["latitude"], origin_view["longitude"])
    destination = (destination_view["latitude"], destination_view["longitude"])
    from_origin, from_destination, total = _distances(origin, destination, point)
    # The trip's own length too (and the CO2 worked from it): from the exact ends it is one more equation a stranger
    # could solve for the pick-up.
    length_km = trip.distance_km if sees_exact_ends else distance_km(*origin, *destination)
    low_high = cost_range(trip.estimated_cost, trip.total_passengers)
    host_card = _host_card(host)
    cab = _cab_view(trip, cab_of(trip), sees_exact_ends, now)
    return {
        "id": trip.id,
        "trip_id": trip.id,
        "status": TRIP_CANCELLED if trip.status == TRIP_CANCELLED else TRIP_ACTIVE,
        "scheduled_at": clock.format_ist_minute(trip.scheduled_at),
        "is_past": trip.scheduled_at <= now,
        "origin": origin_view,
        "destination": destination_view,
        "host": host_card,
        "hosts": [host_card],
        "is_current_user_host": is_host,
        "active_passenger_count": active_count,
        "total_passengers": trip.total_passengers,
        "passengers": passengers,
        "queries": queries,
        # A trip's chat shares the trip's id; it is open to the host and the active members only.
        "chat_id": trip.id if is_member else None,
        "additional_note": trip.additional_note,
        "estimated_cost": float(trip.estimated_cost),
        "estimated_cost_range": {"low": low_high[0], "high": low_high[1]} if low_high else None,
        "distance": round(length_km, 2),
        "distance_from_origin": from_origin,
        "distance_from_destination": from_destination,
        "sum_of_distance": total,
        "current_co2_saving": co2_saved_kg(trip.preferred_mode_of_transport, length_km, active_count),
        "next_co2_saving": co2_saved_kg(trip.preferred_mode_of_transport, length_km, active_count + 1),
        "preferred_mode_of_transport": trip.preferred_mode_of_transport,
        "max_detour_minutes": trip.max_detour_minutes,
        "is_vehicle_booked": trip.is_vehicle_booked,
        "is_cab_booked": cab["status"] == CabStatus.BOOKED,
        "cab": cab,
        "recommended": total is not None and total <= limits.RECOMMENDED_MAX_WALK_KM,
        "is_user_in_trip": is_member,
        "user_status": own.status if own is not None else "default",
        "still_coming_asked": is_member and own is not None and own.still_coming_asked,
        "small_luggage": own.small_luggage if own else 0,
        "large_luggage": own.large_luggage if own else 0,
    }


def build_views(
    trips: Sequence[TripRow],
    questions: Iterable[QuestionRow],
    viewer_id: int,
    route: RouteSettings,
    point: SearchPoint | None = None,
) -> list[View]:
    queries: dict[int, list[View]] = defaultdict(list)
    for question in questions:
        queries[question.trip_id].append(_query_view(question))
    now = clock.now()
    views = [build_view(trip, people_of(trip), queries[trip.id], viewer_id, point, now, route) for trip in trips]
    if point is not None and any(not view["origin"]["is_approximate"] for view in views):
        # Search ranked every trip by its ends' cells; the viewer's own trips are shown measured from their exact
        # ends, and take their place by those. Stable, so the others keep the search's order.
        walk = "distance_from_origin" if point.destination_latitude is None else "sum_of_distance"
        views.sort(key=lambda view: view[walk])
    return views
