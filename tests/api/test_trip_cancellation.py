"""Every cancellation of a trip ends the same way (domain/cancellation.py), whoever makes it: the host deleting it,
the host stopping its commute, or support signalling its flow. Each ends a booked cab with the vendor and leaves
the trip cancelled for its people."""

import pytest
from sqlalchemy import select

from domain.models import CabBooking, Notification, Trip
from domain.rules import notices
from domain.rules.cab import CabStatus
from domain.rules.trip import TripStatus
from tests.api.conftest import app_flow
from tests.api.test_cab import flow_of, plan, request, requested_trip, settles_on_vendor_booking
from tests.api.test_commute import start, trips_appear
from tests.flows import signal_with_its_start
from workflows.trip.contracts import TripCancelled, trip_workflow_id

pytestmark = pytest.mark.usefixtures("worker")


async def booking_status(app, trip_id: int) -> str | None:
    async with app.state.session_maker() as session:
        return await session.scalar(select(CabBooking.status).where(CabBooking.trip_id == trip_id))


@pytest.fixture
async def host(signed_in):
    signed_in.user_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    return signed_in


async def test_stopping_a_commute_cancels_the_cab_booked_for_its_trip(app, host):
    series_id = await start(host)
    trip = (await trips_appear(app, series_id, 1))[-1]
    assert (await plan(host, trip.id)).status_code == 200
    booked = await request(host, trip.id)
    assert booked.status_code == 200, booked.text
    await settles_on_vendor_booking(app, trip.id)

    stopped = await host.delete(f"/api/trip/recurring/{series_id}")
    assert stopped.status_code == 200, stopped.text

    assert await (await flow_of(app, trip.id)).result() == "cancelled"
    assert await booking_status(app, trip.id) == CabStatus.CANCELLED


async def test_support_cancelling_a_trip_through_its_flow_ends_its_cab_and_tells_its_members(app, host, member):
    trip_id = await requested_trip(host, member)
    await settles_on_vendor_booking(app, trip_id)

    trip_flow = await app_flow(app, trip_workflow_id(trip_id))
    # The trip waits for its reminder with no task: support's signal goes with the flow's start, which wakes it.
    temporal = await app.state.temporal.get()
    await signal_with_its_start(temporal, trip_flow.id, "cancel", TripCancelled(reason="Reported to support"))
    await trip_flow.result()

    assert await (await flow_of(app, trip_id)).result() == "cancelled"
    assert await booking_status(app, trip_id) == CabStatus.CANCELLED
    async with app.state.session_maker() as session:
        trip = await session.get(Trip, trip_id)
        assert trip is not None
        assert (trip.status, trip.cancellation_reason) == (TripStatus.CANCELLED, "Reported to support")
        told = await session.scalars(
            select(Notification.title).where(
                Notification.recipient_id == member.user_id, Notification.entity_id == str(trip_id)
            )
        )
        assert notices.TRIP_CANCELLED_TITLE in told.all()
