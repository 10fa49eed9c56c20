"""Asking "Still coming?": a host's move of the departure by more than half an hour asks the trip's active members
(not its requesters) whether they still come, in their notice of the move and on the trip; leaving while asked is no
late cancellation, and "Keep my seat" answers the ask, only for an active member of a trip still ahead."""

from datetime import datetime, timedelta

import pytest
from sqlalchemy import select

from api.trips.schemas import parse_time_of_trip
from domain import clock
from domain.models import TripPassenger
from domain.rules import messages, notices
from domain.rules.still_coming import LONG_MOVE, is_long_move
from tests.api.conftest import new_person
from tests.api.test_join import ask_to_join, host_acts, member_acts
from tests.api.test_trip_changes_told import told
from tests.api.test_trips import create, in_hours, move_to_past, read

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def joined_trip(host, *members, hours_ahead: float = 26) -> int:
    trip_id = await create(host, total_passengers=4, time_of_trip=in_hours(hours_ahead))
    for member in members:
        assert (await ask_to_join(member, trip_id)).status_code == 200
        assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    return trip_id


async def departure(host, trip_id: int) -> datetime:
    return parse_time_of_trip((await read(host, trip_id))["scheduled_at"])


async def move_by(host, trip_id: int, by: timedelta) -> datetime:
    """Moves the trip's departure by exactly `by` from where it is; answers the new departure."""
    after = await departure(host, trip_id) + by
    moved = await host.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": clock.format_ist_minute(after)})
    assert moved.status_code == 200, moved.text
    return after


async def keep_seat(client, trip_id: int):
    return await client.put("/api/trip/user/still-coming", json={"trip_id": trip_id})


async def asked(client, trip_id: int) -> bool:
    return bool((await read(client, trip_id))["still_coming_asked"])


async def late_cancellations(client, user_id: int) -> int:
    return int((await client.get(f"/api/user/user/{user_id}")).json()["data"]["reliability"]["late_cancellations"])


def test_a_move_is_long_beyond_half_an_hour_either_way():
    start = datetime(2030, 1, 1, 9, 0, tzinfo=clock.now().tzinfo)
    assert not is_long_move(start, start + LONG_MOVE)
    assert not is_long_move(start, start - LONG_MOVE)
    assert is_long_move(start, start + LONG_MOVE + timedelta(minutes=1))
    assert is_long_move(start, start - LONG_MOVE - timedelta(minutes=1))


async def test_a_long_move_asks_the_active_members_and_tells_them_so_and_not_the_requesters(app, host, member):
    trip_id = await joined_trip(host, member)
    async with new_person(app, "Asha Rao") as requester:
        assert (await ask_to_join(requester, trip_id)).status_code == 200
        before = await departure(host, trip_id)
        after = await move_by(host, trip_id, timedelta(hours=2))

        words = notices.TRIP_MOVED_BODY.format(
            route="from Koramangala to Whitefield",
            before=notices.day_and_clock_words(before),
            after=notices.day_and_clock_words(after),
        )
        assert await told(app, trip_id, notices.TRIP_MOVED_TITLE) == {
            member.user_id: [f"{words} {notices.STILL_COMING_ASKED}"],
            requester.user_id: [words],
        }
        assert await asked(member, trip_id)
        assert not await asked(requester, trip_id)
        assert not await asked(host, trip_id)
        async with app.state.session_maker() as session:
            marked = await session.scalars(
                select(TripPassenger.user_id).where(
                    TripPassenger.trip_id == trip_id, TripPassenger.still_coming_asked_at.is_not(None)
                )
            )
            assert list(marked) == [member.user_id]


async def test_a_short_move_asks_nothing_and_leaves_an_earlier_ask_as_it_is(app, host, member):
    trip_id = await joined_trip(host, member)
    await move_by(host, trip_id, LONG_MOVE)
    assert not await asked(member, trip_id)
    [words] = (await told(app, trip_id, notices.TRIP_MOVED_TITLE))[member.user_id]
    assert notices.STILL_COMING_ASKED not in words

    await move_by(host, trip_id, -timedelta(hours=1))
    assert await asked(member, trip_id)
    await move_by(host, trip_id, timedelta(minutes=15))
    assert await asked(member, trip_id), "a short move does not answer an earlier ask"


async def test_leaving_while_asked_is_no_late_cancellation_but_after_keeping_the_seat_it_is(app, host, member):
    async with new_person(app, "Meera Iyer") as keeper:
        trip_id = await joined_trip(host, member, keeper, hours_ahead=1.5)
        await move_by(host, trip_id, -timedelta(hours=1))  # now within the late-cancel window
        assert await asked(member, trip_id) and await asked(keeper, trip_id)

        assert (await member_acts(member, trip_id, "LEAVE", "Found an another trip")).status_code == 200
        assert await late_cancellations(host, member.user_id) == 0

        kept = await keep_seat(keeper, trip_id)
        assert (kept.status_code, kept.json()["message"]) == (200, messages.STILL_COMING_KEPT)
        assert not await asked(keeper, trip_id)
        again = await keep_seat(keeper, trip_id)
        assert (again.status_code, again.json()["message"]) == (200, messages.STILL_COMING_KEPT), "idempotent"
        assert (await member_acts(keeper, trip_id, "LEAVE", "Found an another trip")).status_code == 200
        assert await late_cancellations(host, keeper.user_id) == 1


async def test_a_member_who_left_while_asked_and_joins_again_is_not_asked(app, host, member):
    trip_id = await joined_trip(host, member)
    await move_by(host, trip_id, timedelta(hours=2))
    assert (await member_acts(member, trip_id, "LEAVE", "Found an another trip")).status_code == 200
    assert (await ask_to_join(member, trip_id)).status_code == 200
    assert (await host_acts(host, trip_id, member.user_id, "APPROVE")).status_code == 200
    assert not await asked(member, trip_id)


async def test_keeping_a_seat_is_only_for_an_active_member_of_a_trip_still_ahead(app, host, member):
    trip_id = await joined_trip(host, member)
    async with new_person(app, "Asha Rao") as requester, new_person(app, "Kiran Das") as stranger:
        assert (await ask_to_join(requester, trip_id)).status_code == 200
        for outsider in (stranger, requester, host):
            refused = await keep_seat(outsider, trip_id)
            assert (refused.status_code, refused.json()["message"]) == (403, messages.STILL_COMING_NOT_MEMBER)
    missing = await keep_seat(member, 10**12)
    assert (missing.status_code, missing.json()["message"]) == (404, messages.TRIP_NOT_FOUND)
    unasked = await keep_seat(member, trip_id)
    assert (unasked.status_code, unasked.json()["message"]) == (200, messages.STILL_COMING_KEPT)

    await move_to_past(app, trip_id)
    past = await keep_seat(member, trip_id)
    assert (past.status_code, past.json()["message"]) == (400, messages.STILL_COMING_PAST)

    cancelled_trip = await joined_trip(host, member)
    await move_by(host, cancelled_trip, timedelta(hours=2))
    deleted = await host.request("DELETE", f"/api/trip/trip/{cancelled_trip}", json={"reason": "Did not find a match"})
    assert deleted.status_code == 200, deleted.text
    cancelled = await keep_seat(member, cancelled_trip)
    assert (cancelled.status_code, cancelled.json()["message"]) == (409, messages.TRIP_CANCELLED)
