"""A change told to many people is never too large for PostgreSQL's NOTIFY (domain/live.py): the addressees are split
over events under its 8,000 bytes, and every one of them is told, once."""

import json

import psycopg

from domain.db import libpq_conninfo, transaction
from domain.live import ADDRESSEES_PER_EVENT, CHANNEL, Kind, tell, tell_trip
from tests.api.conftest import new_person
from tests.api.test_trips import create

MANY = 1_000
NOTIFY_LIMIT_BYTES = 8_000
# Ids as long as a bigint's, the longest an addressee can take in an event.
FIRST_ID = 9_000_000_000_000_000_000


async def _told(app, write) -> list[dict]:
    """The live events a committed transaction that runs `write(session)` sent, as their payloads."""
    conninfo = libpq_conninfo(app.state.settings.database_url)
    async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as listener:
        await listener.execute(f"LISTEN {CHANNEL}")
        async with transaction(app.state.session_maker) as session:
            await write(session)
        payloads = []
        async for notice in listener.notifies(timeout=2.0):
            payloads.append(notice.payload)
    assert all(len(payload.encode()) < NOTIFY_LIMIT_BYTES for payload in payloads)
    # Flows of earlier tests may tell their own people meanwhile: only the events naming ours count.
    return [told for told in map(json.loads, payloads) if any(user >= FIRST_ID for user in told["to"])]


async def test_a_change_for_a_thousand_people_reaches_each_once_in_events_under_the_limit(app):
    people = list(range(FIRST_ID, FIRST_ID + MANY))

    async def write(session):
        await tell(session, Kind.NOTIFICATION, "", people)

    events = await _told(app, write)
    assert len(events) == -(-MANY // ADDRESSEES_PER_EVENT)
    told = [user for told_event in events for user in told_event["to"]]
    assert sorted(told) == people
    assert {(told_event["kind"], told_event["id"]) for told_event in events} == {("notification", "")}


async def test_a_trip_with_a_thousand_people_to_tell_reaches_each_once(app):
    async with new_person(app, "Asha Host") as host:
        trip_id = await create(host)
        others = list(range(FIRST_ID, FIRST_ID + MANY))

        async def write(session):
            await tell_trip(session, Kind.TRIP, trip_id, also=others)

        events = await _told(app, write)
    assert len(events) == -(-(MANY + 1) // ADDRESSEES_PER_EVENT)
    told = [user for told_event in events for user in told_event["to"]]
    assert sorted(told) == sorted([host.user_id, *others])
    assert {(told_event["kind"], told_event["id"]) for told_event in events} == {("trip", str(trip_id))}
