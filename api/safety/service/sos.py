"""SOS on a trip (domain/rules/safety.py): whether the person may raise one now, raising it, and "I am
safe".

Raising one stores the incident (open), keeps the person's emergency contacts as they are now for it (the only
ones it tells, whatever is saved later) and starts its SafetyIncidentWorkflow through the outbox in the same
transaction, with those contacts' ids (never a number or the live link's token). A new incident is refused (429)
after SOS_INCIDENTS_PER_DAY of the person's today, and within SOS_COOLDOWN_SECONDS of their last "I am safe": the
words send them to 112. Presses are taken one at a time per trip (its row
lock; the partial unique index `uq_safety_incidents_standing` backs it): a second press while one stands answers the
same incident. Raising and "I am safe" tell the trip's host and members live (domain/live.py, Kind.SOS) in the same
transaction, so their open trip sheets show or drop the SOS's banner (standing_sos). "I am safe" marks the
incident resolved in the same transaction that hands the flow its `resolve` signal: the outbox delivers it after
the commit to the running flow (a standing incident's flow runs until this signal; its start is delivered before
it), which tells the contacts and the members and confirms the status. So the person's next press, GET and live link see
it closed at once, and a new press starts a new incident.
"""

from datetime import timedelta
from typing import cast

from sqlalchemy import BigInteger, func, literal, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.safety.schemas import SosIn, SosRaised, SosState, StandingSos, StandingSosList, StandingStatus
from api.safety.service.links import first_name, live_link
from api.safety.service.trips import PersonOnTrip, completes_at, person_on_trip
from domain import clock
from domain.flows import signal_after_commit, start_after_commit
from domain.live import Kind, tell_trip_members
from domain.models import EmergencyContact, SafetyIncident, SafetyIncidentContact, Trip, User
from domain.rules import safety_messages
from domain.rules.refusal import not_now, not_theirs
from domain.rules.safety import (
    SOS_OPENS_BEFORE_DEPARTURE,
    STANDING,
    UNNAMED_RIDER,
    IncidentStatus,
    sos_refusal,
    sos_repeat_refusal,
)
from domain.settings import Settings
from workflows.safety_incident.contracts import (
    SafetyIncidentStart,
    safety_incident_start,
    safety_resolved,
)


async def _standing(
    session: AsyncSession, trip_id: int, user_id: int, *, locked: bool = False
) -> SafetyIncident | None:
    query = (
        select(SafetyIncident)
        .where(
            SafetyIncident.trip_id == trip_id,
            SafetyIncident.user_id == user_id,
            SafetyIncident.status.in_(STANDING),
        )
        .execution_options(populate_existing=True)
    )
    return await session.scalar(query.with_for_update() if locked else query)


async def _member(session: AsyncSession, trip_id: int, user: User) -> PersonOnTrip:
    on_trip = await person_on_trip(session, trip_id, user)
    if not on_trip.is_member:
        refuse(not_theirs(safety_messages.SOS_MEMBERS_ONLY))
    return on_trip


async def sos_state(session: AsyncSession, settings: Settings, trip_id: int, user: User) -> SosState:
    """When the person may raise an SOS on the trip, whether they may now, and their incident that stands."""
    trip = (await _member(session, trip_id, user)).trip
    closes_at = await completes_at(session, settings, trip)
    refusal = sos_refusal(
        is_member=True, status=trip.status, departs_at=trip.scheduled_at, completes_at=closes_at, now=clock.now()
    )
    standing = await _standing(session, trip_id, user.id)
    return SosState(
        available=refusal is None,
        opens_at=trip.scheduled_at - SOS_OPENS_BEFORE_DEPARTURE,
        closes_at=closes_at,
        status=cast(StandingStatus, standing.status) if standing is not None else None,
    )


async def standing_sos(session: AsyncSession, trip_id: int, user: User) -> StandingSosList:
    """The SOS of everyone else on the trip that still stands, for its host and active members: who (first name)
    and since when. Never a number: the trip sheet's call button calls 112."""
    await _member(session, trip_id, user)
    rows = await session.execute(
        select(SafetyIncident.user_id, User.name, SafetyIncident.opened_at)
        .join(User, User.id == SafetyIncident.user_id)
        .where(
            SafetyIncident.trip_id == trip_id,
            SafetyIncident.user_id != user.id,
            SafetyIncident.status.in_(STANDING),
        )
        .order_by(SafetyIncident.opened_at, SafetyIncident.id)
    )
    return StandingSosList(
        incidents=[
            StandingSos(user_id=person, first_name=first_name(name) or UNNAMED_RIDER, since=since)
            for person, name, since in rows
        ]
    )


async def raise_sos(session: AsyncSession, settings: Settings, trip_id: int, user: User, sos: SosIn) -> SosRaised:
    """The person's standing incident, or a new one with its flow started after the commit."""
    # One press at a time on a trip: a second one waits here, then finds the first's incident.
    await session.execute(
        select(Trip.id)
        .where(Trip.id == trip_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    trip = (await _member(session, trip_id, user)).trip
    standing = await _standing(session, trip_id, user.id)
    if standing is not None:
        return SosRaised(status=cast(StandingStatus, standing.status))
    refuse(
        sos_refusal(
            is_member=True,
            status=trip.status,
            departs_at=trip.scheduled_at,
            completes_at=await completes_at(session, settings, trip),
            now=clock.now(),
        )
    )
    await _refuse_repeats(session, settings, user)
    latest = await session.scalar(
        select(func.max(SafetyIncident.number)).where(
            SafetyIncident.trip_id == trip_id, SafetyIncident.user_id == user.id
        )
    )
    incident = SafetyIncident(
        trip_id=trip_id,
        user_id=user.id,
        number=(latest or 0) + 1,
        status=IncidentStatus.OPEN,
        latitude=sos.latitude,
        longitude=sos.longitude,
    )
    session.add(incident)
    await session.flush()
    # The person's live link exists from the alert on; its steps make the same link again when they send it.
    await live_link(session, settings, trip, user)
    start = SafetyIncidentStart(
        incident_id=incident.id,
        trip_id=trip_id,
        user_id=user.id,
        number=incident.number,
        escalate_seconds=settings.sos_escalate_seconds,
        contact_ids=await _keep_contacts(session, incident.id, user.id),
    )
    await start_after_commit(session, safety_incident_start(start))
    await tell_trip_members(session, Kind.SOS, trip_id)
    return SosRaised(status="open")


async def _refuse_repeats(session: AsyncSession, settings: Settings, user: User) -> None:
    """Refuses (429) a new incident over the person's day or within the cool-down after their last "I am safe".
    The person's row is locked first, so presses on two trips at once are counted one after the other."""
    await session.execute(select(User.id).where(User.id == user.id).with_for_update(key_share=True))
    now = clock.now()
    mine = SafetyIncident.user_id == user.id
    raised_today = await session.scalar(
        select(func.count()).where(mine, SafetyIncident.opened_at >= clock.start_of_ist_day(now))
    )
    last_resolved_at = await session.scalar(select(func.max(SafetyIncident.resolved_at)).where(mine))
    refuse(
        sos_repeat_refusal(
            raised_today=raised_today or 0,
            per_day=settings.sos_incidents_per_day,
            last_resolved_at=last_resolved_at,
            cooldown=timedelta(seconds=settings.sos_cooldown_seconds),
            now=now,
        )
    )


async def _keep_contacts(session: AsyncSession, incident_id: int, user_id: int) -> tuple[int, ...]:
    """Keeps the person's emergency contacts as they are now for the incident; answers the kept rows' ids."""
    kept = await session.scalars(
        insert(SafetyIncidentContact)
        .from_select(
            ["incident_id", "position", "name", "mobile_number"],
            select(
                literal(incident_id, BigInteger),
                EmergencyContact.position,
                EmergencyContact.name,
                EmergencyContact.mobile_number,
            ).where(EmergencyContact.user_id == user_id),
        )
        .returning(SafetyIncidentContact.id)
    )
    return tuple(sorted(kept))


async def resolve_sos(session: AsyncSession, trip_id: int, user: User) -> None:
    """Closes the person's standing incident ("I am safe") and tells its flow. Whoever they are on the trip now
    (removed since, or blocked), they can always close their own SOS."""
    incident = await _standing(session, trip_id, user.id, locked=True)
    if incident is None:
        refuse(not_now(safety_messages.SOS_NOT_OPEN))
        return
    incident.status = IncidentStatus.RESOLVED
    incident.resolved_at = clock.now()
    await tell_trip_members(session, Kind.SOS, trip_id)
    await signal_after_commit(session, safety_resolved(trip_id, user.id, incident.number))
