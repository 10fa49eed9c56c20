"""Rider safety: a person's emergency contacts, live links to a trip for the people they trust, and
SOS."""

from typing import Annotated

from fastapi import APIRouter, Path, Response

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.openapi import refusals
from api.safety.schemas import (
    EmergencyContacts,
    EmergencyContactsIn,
    SharedTrip,
    ShareLink,
    SosIn,
    SosRaised,
    SosState,
    StandingSosList,
)
from api.safety.service.contacts import emergency_contacts, replace_emergency_contacts
from api.safety.service.links import revoke_link, share_link, shared_link, trip_by_link
from api.safety.service.sos import raise_sos, resolve_sos, sos_state, standing_sos
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import safety_messages

router = APIRouter(tags=["safety"])

# A live link's page is for the people it was sent to: never indexed, never kept by a cache on the way.
PRIVATE_PAGE = {"X-Robots-Tag": "noindex", "Cache-Control": "no-store"}
PRIVATE_PAGE_HEADERS = {name: {"schema": {"type": "string", "enum": [value]}} for name, value in PRIVATE_PAGE.items()}
Token = Annotated[str, Path(min_length=1, max_length=100)]


@router.get("/user/emergency-contacts")
async def read_emergency_contacts(user: CurrentUser, session: SessionDep) -> Envelope[EmergencyContacts]:
    return ok(await emergency_contacts(session, user))


@router.put("/user/emergency-contacts", responses=refusals(429))
async def save_emergency_contacts(
    body: EmergencyContactsIn, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> Envelope[EmergencyContacts]:
    """Replaces the whole list: up to three people, each a valid Indian mobile number that is not the person's own,
    each number once; an empty list clears it. A few changes a day; a number added for the first time is sent one
    SMS saying who added it."""
    saved = await replace_emergency_contacts(session, settings, user, body.contacts)
    return ok(saved, safety_messages.EMERGENCY_CONTACTS_SAVED)


@router.get("/trip/share/{trip_id}", responses=refusals(403))
async def read_trip_share(
    trip_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> Envelope[ShareLink | None]:
    """The person's live link to the trip that is neither turned off nor ended, as sharing answered it; null when there
    is none. For the host, an active member, or whoever shared it."""
    return ok(await shared_link(session, settings, trip_id, user))


@router.post("/trip/share/{trip_id}", responses=refusals(403, 409))
async def share_trip(
    trip_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> Envelope[ShareLink]:
    """The host's or an active member's live link to the trip; sharing again gives the same link until it is
    turned off."""
    return ok(await share_link(session, settings, trip_id, user))


@router.delete("/trip/share/{trip_id}", responses=refusals(403))
async def stop_sharing_trip(trip_id: int, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Turns the person's live link off: it is not found from then on."""
    await revoke_link(session, trip_id, user)
    return done(safety_messages.TRIP_SHARE_REVOKED)


@router.get(
    "/trip/shared/{token}",
    responses={200: {"headers": PRIVATE_PAGE_HEADERS}},
)
async def read_shared_trip(
    token: Token, response: Response, session: SessionDep, settings: SettingsDep
) -> Envelope[SharedTrip]:
    """A live link's trip, for whoever holds the link: no session needed. Not found once it is turned off or an
    hour after the trip completes."""
    response.headers.update(PRIVATE_PAGE)
    return ok(await trip_by_link(session, settings, token))


@router.get("/trip/sos/{trip_id}", responses=refusals(403))
async def read_sos(trip_id: int, user: CurrentUser, session: SessionDep, settings: SettingsDep) -> Envelope[SosState]:
    """When the host or an active member may raise an SOS on the trip (from 30 minutes before departure until the
    trip completes), and their SOS that still stands."""
    return ok(await sos_state(session, settings, trip_id, user))


@router.get("/trip/sos/{trip_id}/standing", responses=refusals(403))
async def read_standing_sos(trip_id: int, user: CurrentUser, session: SessionDep) -> Envelope[StandingSosList]:
    """For the trip's host and active members: everyone else's SOS on the trip that still stands, who (first name)
    and since when, oldest first. No number: the sheet's call button calls 112."""
    return ok(await standing_sos(session, trip_id, user))


@router.post("/trip/sos/{trip_id}", responses=refusals(403, 409, 429))
async def raise_an_sos(
    trip_id: int, body: SosIn, user: CurrentUser, session: SessionDep, settings: SettingsDep
) -> Envelope[SosRaised]:
    """Raises an SOS: the person's emergency contacts are sent an SMS with the trip's live link, the trip's other
    members are notified, and support sees it until they acknowledge it. A second press answers the same SOS."""
    return ok(await raise_sos(session, settings, trip_id, user, body), safety_messages.SOS_RAISED)


@router.delete("/trip/sos/{trip_id}", responses=refusals(409))
async def i_am_safe(trip_id: int, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Closes the person's SOS ("I am safe"); their contacts and the trip's members are told."""
    await resolve_sos(session, trip_id, user)
    return done(safety_messages.SOS_RESOLVED)
