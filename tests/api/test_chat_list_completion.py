"""A trip's chat is current until its trip completes (SPEC §7 Chat): by its expected duration, as its flow completes
it (domain/rules/trip.py completion_delay_seconds), or once its completion is marked; then it is a previous chat."""

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from domain import clock
from domain.models import Trip, TripCompletion
from domain.trip_completion import completes_at
from tests.api.test_chat import trip_with_member

pytestmark = pytest.mark.usefixtures("worker")


async def set_trip(app, trip_id: int, *, departed_ago: timedelta, distance_km: float) -> None:
    async with app.state.session_maker() as session, session.begin():
        await session.execute(
            update(Trip)
            .where(Trip.id == trip_id)
            .values(scheduled_at=clock.now() - departed_ago, distance_km=distance_km)
        )


async def listed(member, trip_id: int) -> str:
    """Where the member's chat list has the trip's chat: "current", "previous" or "both" (never right)."""
    tabs = []
    for past, tab in ((0, "current"), (1, "previous")):
        chats = (await member.get("/api/chat/user", params={"retrieve_past_chats": past})).json()["data"]["chats"]
        if trip_id in [chat["id"] for chat in chats]:
            tabs.append(tab)
    return "both" if len(tabs) > 1 else tabs[0] if tabs else "neither"


async def test_a_chat_is_current_until_its_trip_s_expected_duration_is_over(app, signed_in):
    settings = app.state.settings
    duration = timedelta(seconds=settings.trip_completion_delay_for(10.0))
    assert duration < timedelta(seconds=settings.trip_completion_delay_seconds)
    async with trip_with_member(app, signed_in) as (trip_id, member):
        await set_trip(app, trip_id, departed_ago=duration - timedelta(minutes=5), distance_km=10.0)
        assert await listed(member, trip_id) == "current"
        # Within the flat longest delay, but the trip is over.
        await set_trip(app, trip_id, departed_ago=duration + timedelta(minutes=5), distance_km=10.0)
        assert await listed(member, trip_id) == "previous"


async def test_a_chat_whose_trip_s_completion_is_marked_is_previous(app, signed_in):
    async with trip_with_member(app, signed_in) as (trip_id, member):
        await set_trip(app, trip_id, departed_ago=timedelta(minutes=5), distance_km=10.0)
        assert await listed(member, trip_id) == "current"
        async with app.state.session_maker() as session, session.begin():
            session.add(TripCompletion(trip_id=trip_id))
        assert await listed(member, trip_id) == "previous"


@pytest.mark.parametrize("distance_km", [0.0, 0.3, 7.77, 12.5, 60.0, 400.0])
async def test_the_sql_completion_is_the_rule_s(app, signed_in, distance_km):
    settings = app.state.settings
    async with trip_with_member(app, signed_in) as (trip_id, _):
        await set_trip(app, trip_id, departed_ago=timedelta(0), distance_km=distance_km)
        async with app.state.session_maker() as session:
            departs, completes = (
                await session.execute(select(Trip.scheduled_at, completes_at(settings)).where(Trip.id == trip_id))
            ).one()
        assert completes - departs == timedelta(seconds=settings.trip_completion_delay_for(distance_km))
