"""A cab that another change ends is never ended silently (SPEC §2 Notifications, §4 Cab status): moving the trip or
deleting it cancels the running booking, its host and active members are told why, and the cab block says it."""

import asyncio
import time

import pytest
from sqlalchemy import select

from domain.models import CabBooking, Notification
from domain.rules import notices
from domain.rules.cab import CabEnd, CabStatus, ended_because, shown_status
from sandbox.models import SandboxCabBooking
from tests.api.test_cab import cab_of, flow_of, requested_trip, settles_on, settles_on_vendor_booking, vendor_says
from tests.api.test_trips import in_hours

pytestmark = pytest.mark.usefixtures("worker")


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def told_of(app, trip_id: int, title: str) -> list[tuple[int, str]]:
    """Who was told this about the trip, and in which words, once the cab's flow has recorded its cancel."""
    deadline = time.monotonic() + 15
    while True:
        async with app.state.session_maker() as session:
            rows = (
                await session.execute(
                    select(Notification.recipient_id, Notification.message).where(
                        Notification.title == title, Notification.entity_id == str(trip_id)
                    )
                )
            ).all()
        if rows or time.monotonic() > deadline:
            return [(recipient, message) for recipient, message in rows]
        await asyncio.sleep(0.2)


async def booked_trip(app, host, member) -> int:
    trip_id = await requested_trip(host, member)
    await settles_on_vendor_booking(app, trip_id)
    await vendor_says(host, trip_id, "confirm")
    await settles_on(host, trip_id, "booked")
    return trip_id


async def test_moving_the_trip_cancels_its_cab_tells_host_and_members_and_the_block_says_why(app, host, member):
    trip_id = await booked_trip(app, host, member)

    moved = await host.put(f"/api/trip/trip/{trip_id}", json={"time_of_trip": in_hours(30)})
    assert moved.status_code == 200, moved.text
    assert await (await flow_of(app, trip_id)).result() == "cancelled"

    told = await told_of(app, trip_id, "Cab cancelled because the trip's time changed")
    assert sorted(recipient for recipient, _ in told) == sorted([host.user_id, member.user_id])
    assert all("because the host changed the trip's time" in message for _, message in told)
    for person in (host, member):
        cab = await cab_of(person, trip_id)
        assert (cab["status"], cab["cancelled_because"]) == ("cancelled", "the trip's time changed")
    again = await host.request("DELETE", f"/api/trip/cab/request/{trip_id}", json={})
    assert again.status_code == 409
    async with app.state.session_maker() as session:
        booking = await session.scalar(select(CabBooking).where(CabBooking.trip_id == trip_id))
        vendor_side = await session.scalar(select(SandboxCabBooking.status).where(SandboxCabBooking.trip_id == trip_id))
    assert booking is not None and booking.end_cause == CabEnd.TRIP_MOVED
    assert vendor_side == "cancelled"


async def test_deleting_the_trip_tells_host_and_members_the_cab_was_cancelled_and_the_block_says_why(app, host, member):
    trip_id = await booked_trip(app, host, member)

    deleted = await host.request("DELETE", f"/api/trip/trip/{trip_id}", json={"reason": "Plans changed"})
    assert deleted.status_code == 200, deleted.text
    assert await (await flow_of(app, trip_id)).result() == "cancelled"

    told = await told_of(app, trip_id, notices.CAB_ENDED_TRIP_DELETED_TITLE)
    assert sorted(recipient for recipient, _ in told) == sorted([host.user_id, member.user_id])
    assert all("because the host deleted the trip" in message for _, message in told)
    for person in (host, member):
        cab = await cab_of(person, trip_id)
        assert (cab["status"], cab["cancelled_because"]) == ("cancelled", "the trip was deleted")
        assert cab["vendor"] is not None
    async with app.state.session_maker() as session:
        cause = await session.scalar(select(CabBooking.end_cause).where(CabBooking.trip_id == trip_id))
    assert cause == CabEnd.TRIP_CANCELLED


async def test_the_host_s_own_cancel_is_told_to_nobody_and_carries_no_cause_in_the_block(app, host, member):
    trip_id = await booked_trip(app, host, member)

    cancelled = await host.request("DELETE", f"/api/trip/cab/request/{trip_id}", json={"reason": "Plans changed"})
    assert cancelled.status_code == 200, cancelled.text
    assert await (await flow_of(app, trip_id)).result() == "cancelled"
    cab = await cab_of(host, trip_id)
    assert (cab["status"], cab["cancelled_because"]) == ("cancelled", None)
    async with app.state.session_maker() as session:
        titles = (
            await session.scalars(
                select(Notification.title).where(
                    Notification.entity_id == str(trip_id), Notification.title.startswith("Cab cancelled")
                )
            )
        ).all()
    assert titles == []


def test_every_end_another_change_causes_has_its_words_and_its_notice():
    assert ended_because("cancelled", CabEnd.TRIP_MOVED) == "the trip's time changed"
    assert ended_because("cancelled", CabEnd.TRIP_CANCELLED) == "the trip was deleted"
    assert ended_because("cancelled", CabEnd.COMMUTE_STOPPED) == "the commute was stopped"
    assert ended_because("cancelled", CabEnd.HOST) is None
    assert ended_because("booked", CabEnd.TRIP_MOVED) is None
    assert notices.CAB_ENDED_COMMUTE_STOPPED_TITLE == "Cab cancelled because the commute was stopped"


def test_a_deleted_trip_shows_its_cancelled_cab_where_a_trip_that_cannot_have_one_shows_not_eligible():
    assert shown_status("cancelled", eligible=False, trip_deleted=True) == CabStatus.CANCELLED
    assert shown_status("cancelled", eligible=False) == CabStatus.NOT_ELIGIBLE
    assert shown_status("cancelled", eligible=True) == CabStatus.CANCELLED
    assert shown_status(None, eligible=False, trip_deleted=True) == CabStatus.NOT_ELIGIBLE
