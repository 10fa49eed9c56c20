"""Commute series on a Temporal Schedule (the real dev server): their trips made up to the horizon once per day, also
under schedule catch-up, and stopped with their unjoined trips cancelled."""

import asyncio
import time
from datetime import date, timedelta
from datetime import time as time_of_day

import pytest
from sqlalchemy import func, select
from temporalio.client import Client, ScheduleBackfill, ScheduleOverlapPolicy, WorkflowHandle
from temporalio.service import RPCError

from domain import clock
from domain.models import Notification, Trip
from domain.rules import messages
from domain.rules.commute import occurrences
from tests.api.conftest import app_flow
from tests.api.test_join import ask_to_join, host_acts
from tests.places import KORAMANGALA, WHITEFIELD
from tests.workflows.erasure_support import eventually
from tests.workflows.recorded import replay_and_record
from workflows.commute.contracts import commute_day_workflow_id, commute_schedule_change_id, commute_schedule_id
from workflows.trip.contracts import trip_workflow_id

pytestmark = pytest.mark.usefixtures("worker")

EVERY_DAY = [1, 2, 3, 4, 5, 6, 7]


def commute(**overrides) -> dict:
    return {
        "origin": KORAMANGALA,
        "destination": WHITEFIELD,
        "time": "21:45",
        "days": EVERY_DAY,
        "total_passengers": 3,
        "preferred_mode_of_transport": 1,
        **overrides,
    }


async def series_trips(app, series_id: int, status: str | None = None) -> list[Trip]:
    async with app.state.session_maker() as session:
        query = select(Trip).where(Trip.series_id == series_id).order_by(Trip.series_date)
        if status:
            query = query.where(Trip.status == status)
        return list((await session.scalars(query)).all())


async def trips_appear(app, series_id: int, count: int, timeout_seconds: float = 20) -> list[Trip]:
    deadline = time.monotonic() + timeout_seconds
    while len(found := await series_trips(app, series_id)) < count:
        assert time.monotonic() < deadline, f"{len(found)} of {count} trips made"
        await asyncio.sleep(0.2)
    return found


async def start(client, **overrides) -> int:
    answer = await client.post("/api/trip/recurring", json=commute(**overrides))
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == messages.COMMUTE_CREATED
    return int(answer.json()["data"]["series_id"])


async def a_commute_day(temporal: Client, series_id: int) -> WorkflowHandle:
    """A CommuteDayWorkflow the series' schedule started (it adds the run's time to the flow's id)."""
    deadline = time.monotonic() + 10
    while True:
        async for flow in temporal.list_workflows('WorkflowType = "CommuteDayWorkflow"'):
            if flow.id.startswith(f"{commute_day_workflow_id(series_id)}-"):
                return temporal.get_workflow_handle(flow.id, run_id=flow.run_id)
        assert time.monotonic() < deadline, "the schedule started no CommuteDayWorkflow"
        await asyncio.sleep(0.2)


def expected_days(api_settings, weekdays: list[int]) -> list[date]:
    departs = time_of_day(21, 45)
    return [day for day, _ in occurrences(weekdays, departs, None, clock.now(), api_settings.commute_horizon_days)]


async def test_a_series_makes_its_trips_up_to_the_horizon_each_an_ordinary_trip(signed_in, app, api_settings):
    series_id = await start(signed_in)
    days = expected_days(api_settings, EVERY_DAY)
    made = await trips_appear(app, series_id, len(days))
    assert [trip.series_date for trip in made] == days
    assert all(trip.scheduled_at.astimezone(clock.IST).strftime("%H:%M") == "21:45" for trip in made)
    temporal = await app.state.temporal.get()
    flow = await app_flow(app, trip_workflow_id(made[0].id))
    assert (await flow.describe()).status is not None, "each occurrence has its own TripWorkflow"
    listed = (await signed_in.get("/api/trip/recurring")).json()["data"]
    [mine] = [series for series in listed if series["id"] == series_id]
    assert mine["next_trips"] == [trip.id for trip in made]
    assert (mine["time"], mine["days"]) == ("21:45", EVERY_DAY)
    opened = await app_flow(app, commute_schedule_change_id(series_id, True))
    await opened.result()
    await replay_and_record(opened, "commute_schedule")
    day = await a_commute_day(temporal, series_id)
    await day.result()
    await replay_and_record(day, "commute_day")


async def test_a_commute_trips_chat_names_its_day(signed_in, app, api_settings):
    series_id = await start(signed_in)
    [first, second, *_] = await trips_appear(app, series_id, 2)
    chats = [(await signed_in.get(f"/api/trip/chat/{trip.id}")).json()["data"] for trip in (first, second)]
    names = [chat["display_name"] for chat in chats]
    for trip, name in zip((first, second), names, strict=True):
        day = trip.scheduled_at.astimezone(clock.IST)
        assert name == f"Koramangala to Whitefield · {day.day} {day:%b}"
    assert names[0] != names[1]


async def test_catch_up_and_repeated_runs_make_no_second_trip_for_a_day(signed_in, app, api_settings):
    series_id = await start(signed_in, days=[1, 3, 5])
    days = expected_days(api_settings, [1, 3, 5])
    await trips_appear(app, series_id, len(days))
    temporal = await app.state.temporal.get()
    schedule = temporal.get_schedule_handle(commute_schedule_id(series_id))
    before = (await schedule.describe()).info.num_actions
    now = clock.now()
    await schedule.backfill(
        ScheduleBackfill(start_at=now - timedelta(days=3), end_at=now, overlap=ScheduleOverlapPolicy.ALLOW_ALL)
    )
    for _ in range(3):
        await schedule.trigger(overlap=ScheduleOverlapPolicy.ALLOW_ALL)

    async def every_run_done() -> bool:
        """The schedule took new runs (triggers within one second are one run: the run's id names its second), and
        none is buffered or running: every run it took is over."""
        described = await schedule.describe()
        info = described.info
        waiting = described.raw_description.info.buffer_size
        return info.num_actions > before and not waiting and not info.running_actions

    # Each run makes its days' trips in a step of its own: on a busy machine they take a while, not a fixed sleep.
    await eventually(every_run_done, timeout_seconds=120)
    async with app.state.session_maker() as session:
        per_day = (
            await session.execute(
                select(Trip.series_date, func.count()).where(Trip.series_id == series_id).group_by(Trip.series_date)
            )
        ).all()
    assert sorted(per_day) == [(day, 1) for day in days]


async def test_stopping_cancels_the_unjoined_trips_and_keeps_the_joined(signed_in, member, app, api_settings):
    series_id = await start(signed_in)
    made = await trips_appear(app, series_id, len(expected_days(api_settings, EVERY_DAY)))
    joined = made[-1]
    await ask_to_join(member, joined.id)
    host_id = (await signed_in.get("/api/user/user")).json()["data"]["id"]
    assert (await host_acts(signed_in, joined.id, member.user_id, "APPROVE")).status_code == 200

    refused = await member.delete(f"/api/trip/recurring/{series_id}")
    assert (refused.status_code, refused.json()["message"]) == (404, messages.COMMUTE_NOT_FOUND)
    stopped = await signed_in.delete(f"/api/trip/recurring/{series_id}")
    assert (stopped.status_code, stopped.json()["message"]) == (200, messages.COMMUTE_STOPPED)

    assert [trip.id for trip in await series_trips(app, series_id, "ACTIVE")] == [joined.id]
    assert len(await series_trips(app, series_id, "CANCELLED")) == len(made) - 1
    temporal = await app.state.temporal.get()
    deadline = time.monotonic() + 15
    while True:
        try:
            await temporal.get_schedule_handle(commute_schedule_id(series_id)).describe()
        except RPCError:
            break
        assert time.monotonic() < deadline, "the schedule was never deleted"
        await asyncio.sleep(0.2)
    async with app.state.session_maker() as session:
        told = await session.scalar(
            select(Notification.message).where(
                Notification.recipient_id == host_id, Notification.title == "Commute stopped"
            )
        )
    assert told == messages.COMMUTE_TRIPS_KEPT
    again = await signed_in.delete(f"/api/trip/recurring/{series_id}")
    assert again.status_code == 404
    assert series_id not in [series["id"] for series in (await signed_in.get("/api/trip/recurring")).json()["data"]]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"days": []}, messages.COMMUTE_DAYS_REQUIRED),
        ({"days": [0, 8]}, messages.COMMUTE_DAYS_REQUIRED),
        ({"time": "25:00"}, messages.TRIP_TIME_INVALID),
        ({"origin": None}, messages.TRIP_FROM_REQUIRED),
        ({"total_passengers": 9}, messages.TRIP_PASSENGERS_RANGE),
        ({"is_vehicle_booked": True}, messages.TRIP_COST_REQUIRED),
        ({"until": "2020-01-01"}, messages.COMMUTE_UNTIL_PAST),
    ],
)
async def test_the_create_trip_rules_hold_for_a_series(signed_in, overrides, message):
    answer = await signed_in.post("/api/trip/recurring", json=commute(**overrides))
    assert (answer.status_code, answer.json()["message"]) == (400, message)
