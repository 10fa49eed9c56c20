"""A live link to a trip: its host or an active member shares it with the people they trust, who follow
the trip on a page of the app without signing in, until an hour after it completes.

The link and its token are made in domain/live_links.py (an SOS's step makes it there too). A link shows the trip
only while its sharer is still on it and not blocked by its host."""

from datetime import datetime

from sqlalchemy import exists, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.safety.schemas import SharedCab, SharedHost, SharedPlace, SharedTrip, ShareLink
from api.safety.service.trips import completes_at, is_on_trip, person_on_trip
from api.users.blocks import are_blocked
from domain import clock
from domain.live_links import SHARED_PAGE, token_digest
from domain.live_links import live_link as person_live_link
from domain.live_links import share_token as share_token
from domain.models import CabBooking, SafetyIncident, Trip, TripShare, User
from domain.rules import safety_messages
from domain.rules.cab import CabStatus
from domain.rules.refusal import not_found, not_theirs
from domain.rules.safety import SHARED_LINK_OUTLIVES_TRIP, STANDING, share_refusal, stage
from domain.rules.trip import short_place_name
from domain.settings import Settings


def first_name(name: str | None) -> str:
    """What a live link shows of a person's name."""
    return (name or "").split(" ")[0]


async def link_expires_at(session: AsyncSession, settings: Settings, trip: Trip) -> datetime:
    return await completes_at(session, settings, trip) + SHARED_LINK_OUTLIVES_TRIP


async def live_link(session: AsyncSession, settings: Settings, trip: Trip, user: User) -> str:
    """The person's live link to the trip: the one they shared, or a new one."""
    return await person_live_link(session, settings, trip.id, user.id)


async def share_link(session: AsyncSession, settings: Settings, trip_id: int, user: User) -> ShareLink:
    """The host's or an active member's live link, while it would still be readable."""
    on_trip = await person_on_trip(session, trip_id, user)
    expires_at = await link_expires_at(session, settings, on_trip.trip)
    refuse(share_refusal(is_member=on_trip.is_member, link_expires_at=expires_at, now=clock.now()))
    return ShareLink(url=await live_link(session, settings, on_trip.trip, user), expires_at=expires_at)


async def shared_link(session: AsyncSession, settings: Settings, trip_id: int, user: User) -> ShareLink | None:
    """The link the person shared and has not turned off, rebuilt from its generation as sharing made it; None when
    there is none or it has ended. For the host, an active member, or whoever shared it."""
    on_trip = await person_on_trip(session, trip_id, user)
    generation = await session.scalar(
        select(TripShare.generation).where(
            TripShare.trip_id == trip_id, TripShare.user_id == user.id, TripShare.revoked_at.is_(None)
        )
    )
    if generation is None and not on_trip.is_member:
        refuse(not_theirs(safety_messages.TRIP_SHARE_MEMBERS_ONLY))
    expires_at = await link_expires_at(session, settings, on_trip.trip)
    if generation is None or clock.now() >= expires_at:
        return None
    token = share_token(settings.resolved_secret_key(), trip_id, user.id, generation)
    return ShareLink(url=f"{settings.public_app_url.rstrip('/')}{SHARED_PAGE}{token}", expires_at=expires_at)


async def revoke_link(session: AsyncSession, trip_id: int, user: User) -> None:
    """Turns the person's link off, whether or not they are still on the trip; nothing to turn off is no change."""
    on_trip = await person_on_trip(session, trip_id, user)
    revoked = await session.scalar(
        update(TripShare)
        .where(TripShare.trip_id == trip_id, TripShare.user_id == user.id, TripShare.revoked_at.is_(None))
        .values(revoked_at=clock.now())
        .returning(TripShare.id)
    )
    if revoked is None and not on_trip.is_member:
        refuse(not_theirs(safety_messages.TRIP_SHARE_MEMBERS_ONLY))


async def trip_by_link(session: AsyncSession, settings: Settings, token: str) -> SharedTrip:
    """The trip a live link shows; not found when the link is unknown, turned off or expired, or its sharer has left
    the trip or is blocked by its host."""
    found = (
        await session.execute(
            select(TripShare.user_id, Trip, User)
            .join(Trip, Trip.id == TripShare.trip_id)
            .join(User, User.id == Trip.host_id)
            .where(TripShare.token_hash == token_digest(token), TripShare.revoked_at.is_(None))
        )
    ).first()
    link_gone = not_found(safety_messages.SHARED_TRIP_NOT_FOUND)
    if found is None:
        refuse(link_gone)
    sharer_id, trip, host = found
    now = clock.now()
    completes = await completes_at(session, settings, trip)
    expires_at = completes + SHARED_LINK_OUTLIVES_TRIP
    if now >= expires_at or not await is_on_trip(session, trip, sharer_id):
        refuse(link_gone)
    if await are_blocked(session, sharer_id, trip.host_id):
        refuse(link_gone)
    return SharedTrip(
        scheduled_at=trip.scheduled_at,
        origin=SharedPlace(name=short_place_name(trip.origin.name)),
        destination=SharedPlace(name=short_place_name(trip.destination.name)),
        host=SharedHost(first_name=first_name(host.name), is_verified=host.is_kyc_verified),
        cab=await _booked_cab(session, trip.id),
        stage=stage(status=trip.status, departs_at=trip.scheduled_at, completes_at=completes, now=now),
        sos_open=await _sos_open(session, trip.id),
        expires_at=expires_at,
    )


async def _booked_cab(session: AsyncSession, trip_id: int) -> SharedCab | None:
    latest = await session.scalar(
        select(CabBooking).where(CabBooking.trip_id == trip_id).order_by(CabBooking.number.desc()).limit(1)
    )
    if latest is None or latest.status != CabStatus.BOOKED:
        return None
    return SharedCab(
        vehicle_model=latest.vehicle_model,
        vehicle_registration=latest.vehicle_registration,
        driver_first_name=first_name(latest.driver_name) if latest.driver_name else None,
    )


async def _sos_open(session: AsyncSession, trip_id: int) -> bool:
    standing = exists().where(SafetyIncident.trip_id == trip_id, SafetyIncident.status.in_(STANDING))
    return bool(await session.scalar(select(standing)))
