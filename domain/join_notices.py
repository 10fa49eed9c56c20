"""The host's notice of a join request, told in the request's own transaction (api/joins/service/requests.py) like a
trip's edit, and replaced by the person's withdrawal within the hour (activities/join_requests.py): one notice per
person, trip and hour (notifications.burst_key), saying the latest."""

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from domain import clock, notifications
from domain.models import Trip, TripPassenger, User
from domain.rules import notices


def request_key(trip: Trip, passenger: TripPassenger) -> str:
    """The host's notice of a request, or of its withdrawal: one for the person's burst of them on the trip."""
    return notifications.burst_key("join", trip.id, passenger.user_id, clock.now())


async def person_fields(session: AsyncSession, user_id: int) -> dict[str, object]:
    """The person as a notice names them: by name, or 'Someone' in the reader's language."""
    return notifications.person(await session.scalar(select(User.name).where(User.id == user_id)))


def stops_fields(trip: Trip, passenger: TripPassenger) -> dict[str, object] | None:
    """Where the rider joins and leaves the trip, for the host, when they chose their own pick-up or drop (a stop
    not chosen is the trip's own end); None otherwise."""
    if passenger.pickup_latitude is None and passenger.drop_latitude is None:
        return None
    pickup = passenger.pickup_name if passenger.pickup_latitude is not None else None
    drop = passenger.drop_name if passenger.drop_latitude is not None else None
    return {"pickup": pickup or trip.origin.name, "drop": drop or trip.destination.name}


async def new_request_notice(
    session: AsyncSession, trip: Trip, passenger: TripPassenger
) -> notifications.NotificationDraft:
    """The host's notice that the passenger asks to join: who, the trip, when, their luggage and their own stops."""
    fields = {
        "name": await person_fields(session, passenger.user_id),
        "route": notifications.route(trip.origin.name, trip.destination.name),
        "when": notifications.day_and_clock(trip.scheduled_at),
    }
    added: list[tuple[str, Mapping[str, object]]] = []
    if passenger.large_luggage or passenger.small_luggage:
        added.append(("LUGGAGE_BODY", {"large": passenger.large_luggage, "small": passenger.small_luggage}))
    if stops := stops_fields(trip, passenger):
        added.append(("NEW_REQUEST_STOPS_BODY", stops))
    return notifications.notice_draft(
        recipient_id=trip.host_id,
        sender_id=passenger.user_id,
        kind="NEW_REQUEST",
        fields=fields,
        added=added,
        entity_type=notices.ABOUT_REQUEST,
        entity_id=str(trip.id),
        dedupe_key=request_key(trip, passenger),
        replaces=True,
    )
