"""Live state: whoever commits a change someone may be looking at tells the people concerned, by user id, what
changed (a kind and an id), so their open screens fetch it again.

A change is told with PostgreSQL's NOTIFY inside the writer's own transaction: PostgreSQL sends it when the
transaction commits and never when it rolls back, so nobody hears of a change before it can be read, and a
committed change is told even if its writer dies right after. The writers are API processes and the worker alike,
with or without Redis; every API process LISTENs on the one channel and hands each event to the sockets of its
addressees there (api/live/listener.py). Events carry no content, only what to fetch again, and reach only the users
named, so a person hears only of what they may see. The one exception is a trip's own changes (Kind.TRIP): an
API process also hands them to the sockets following that trip's sheet (api/live/listener.py follow_trip), so a
person who is not on the trip sees it cancelled or gone; the event names only the trip, which they have open.

Event shape (JSON, the NOTIFY payload): {"kind": <Kind>, "id": "<entity id>", "to": [user ids]}. PostgreSQL refuses a
payload of 8,000 bytes or more (and the writer's whole transaction with it), so a change for many people is told in
events of at most ADDRESSEES_PER_EVENT addressees each (19 digits and a comma apiece: under 6,000 bytes).
"""

import json
from collections.abc import Iterable

from sqlalchemy import Text, cast, func, literal, select, union
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import Trip, TripPassenger
from domain.rules.join import PassengerStatus
from domain.rules.live import Kind

__all__ = ["CHANNEL", "Kind", "tell", "tell_trip", "tell_trip_members"]

CHANNEL = "humsafar_live"
ADDRESSEES_PER_EVENT = 300


# Who of a trip's passengers sees it as theirs: the host and the members, and those waiting for an answer.
_CONCERNED = (PassengerStatus.ACTIVE, PassengerStatus.REQUESTED)


def event(kind: Kind, entity_id: int | str, to: Iterable[int]) -> str:
    return json.dumps({"kind": kind.value, "id": str(entity_id), "to": sorted(set(to))}, separators=(",", ":"))


async def tell(session: AsyncSession, kind: Kind, entity_id: int | str, to: Iterable[int]) -> None:
    """Tells these users, once the session's transaction commits, that this entity changed."""
    users = sorted(set(to))
    events = [
        event(kind, entity_id, users[start : start + ADDRESSEES_PER_EVENT])
        for start in range(0, len(users), ADDRESSEES_PER_EVENT)
    ]
    if events:
        await session.execute(select(*(func.pg_notify(CHANNEL, told) for told in events)))


async def tell_trip(session: AsyncSession, kind: Kind, trip_id: int, also: Iterable[int] = ()) -> None:
    """Tells everyone concerned by the trip (its host, members and requesters, as the transaction sees them, and
    `also`: someone whose request just ended) that something of it changed. One statement: the addressees are read
    and the event queued together."""
    await _tell_people_of_trip(session, kind, trip_id, _CONCERNED, also)


async def tell_trip_members(session: AsyncSession, kind: Kind, trip_id: int) -> None:
    """Tells the trip's host and active members only (not those waiting for an answer) that something of it
    changed, as the transaction sees them."""
    await _tell_people_of_trip(session, kind, trip_id, (PassengerStatus.ACTIVE,))


async def _tell_people_of_trip(
    session: AsyncSession, kind: Kind, trip_id: int, statuses: Iterable[PassengerStatus], also: Iterable[int] = ()
) -> None:
    """Tells the trip's host, its passengers of these statuses and `also`, read and queued in one statement: one
    event for each ADDRESSEES_PER_EVENT of them."""
    people = union(
        select(Trip.host_id.label("user_id")).where(Trip.id == trip_id),
        select(TripPassenger.user_id).where(TripPassenger.trip_id == trip_id, TripPassenger.status.in_(statuses)),
        *(select(literal(user_id).label("user_id")) for user_id in set(also)),
    ).subquery()
    place = func.row_number().over(order_by=people.c.user_id) - 1
    numbered = select(people.c.user_id, (place // ADDRESSEES_PER_EVENT).label("part")).subquery()
    payload = func.json_build_object("kind", kind.value, "id", str(trip_id), "to", func.json_agg(numbered.c.user_id))
    await session.execute(select(func.pg_notify(CHANNEL, cast(payload, Text))).group_by(numbered.c.part))
