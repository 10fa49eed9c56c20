"""A city's commute peak, compressed, on the embedded stack `make run` starts: do the reminders fire on time?

The arrivals of the capacity model (tests/perf/peak_model.py) for a city of DAILY_RIDERS riders, at that city's real
rates, with the PEAK_WINDOW_MIN minutes around its busiest minute compressed into RUN_MINUTES: trips posted and seats
asked for (each a flow start through the API, open loop on the curve), and at the start of each wall-clock minute
of the run the burst of reminders the curve puts in that minute (trips created beforehand to depart a minute after
it, TRIP_REMINDER_LEAD_SECONDS=60; each also fires its departure timer a minute later, with the next burst). The
first burst is at the busiest minute. A quiet burst of the same size fires a minute before the arrivals begin:
what a reminder costs, and how late it is, with nothing else to do.

Each reminder is timed from its minute's start until its notification is stored; the target is every one within
ON_TIME_S. The reminders here notify the host alone and start no push flow (nobody has a device).
"""

import asyncio
import math
import os
import random
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg
from temporalio.client import Client

from domain.rules.notices import TRIP_REMINDER_TITLE
from tests.perf import chat_setup, harness
from tests.perf.calibration import calibrated_cpu_ms
from tests.perf.flows_setup import Api, ApiError, FlowStack, Person, bounded, flow_stack, flows_waiting, seed_people
from tests.perf.harness import BenchmarkResult, at_most, latency_summary, log
from tests.perf.peak_model import City, clock
from workflows.trip.contracts import trip_workflow_id

NAME = "peak_hour"
DAILY_RIDERS = float(os.environ.get("PERF_PEAK_DAILY_RIDERS", "50000"))
RUN_MINUTES = int(os.environ.get("PERF_PEAK_RUN_MINUTES", "2"))
PEAK_WINDOW_MIN = 120
REMINDER_LEAD_S = 60
SETTINGS = {"TRIP_REMINDER_LEAD_SECONDS": str(REMINDER_LEAD_S)}
ON_TIME_S = 15.0
STEP_S = 0.05
TRIPS_PER_HOST = 50
REQUESTS_PER_RIDER = 4
REQUESTS_PER_TRIP = 2
SETUP_CONCURRENCY = 16
# How fast the setup is assumed to create trips, to choose the quiet burst's minute; and the margin after it.
SETUP_RATE_PER_S = 15.0
SETUP_MARGIN_S = 30.0
DRAIN_SAMPLE = 20
START_ERRORS_LIMIT = 0


@dataclass(frozen=True)
class Plan:
    """The run's second 0 maps to the real clock's first_minute; each run second to window_min / run_s minutes."""

    first_minute: float
    arrivals: list[tuple[float, str]]
    # Reminders due at the run's seconds 30, 90, ...; the quiet burst (second -30) is as large as the first.
    bursts: list[int]

    @property
    def trips(self) -> int:
        return sum(1 for _, kind in self.arrivals if kind == "trip")

    @property
    def requests(self) -> int:
        return len(self.arrivals) - self.trips


def plan(city: City, run_minutes: int) -> Plan:
    run_s = 60.0 * run_minutes
    minutes_per_s = PEAK_WINDOW_MIN / run_s
    first_minute = city.busiest_minute() - 30 * minutes_per_s

    def real(second: float) -> float:
        return first_minute + second * minutes_per_s

    arrivals: list[tuple[float, str]] = []
    due = {"trip": 0.0, "request": 0.0}
    for step in range(int(run_s / STEP_S)):
        second = step * STEP_S
        rates = city.minute(real(second))
        for kind, rate in (("trip", rates["trip_starts_per_s"]), ("request", rates["request_starts_per_s"])):
            due[kind] += rate * STEP_S
            while due[kind] >= 1:
                due[kind] -= 1
                arrivals.append((second, kind))
    bursts = [round(city.minute(real(30 + 60 * k))["reminders_at_once"]) for k in range(run_minutes)]
    return Plan(first_minute, arrivals, bursts)


@dataclass
class Offered:
    latencies_s: dict[str, list[float]] = field(default_factory=lambda: {"trip": [], "request": []})
    errors: dict[str, int] = field(default_factory=lambda: {"trip": 0, "request": 0})
    error_examples: list[str] = field(default_factory=list)
    send_lag_s: list[float] = field(default_factory=list)


def _far_future(rng: random.Random) -> datetime:
    return datetime.now(UTC) + timedelta(days=2 + rng.random() * 20)


async def _create_trips(api: Api, hosts: list[Person], departures: list[datetime]) -> list[int]:
    async def one(index: int) -> int:
        return await api.create_trip(hosts[index // TRIPS_PER_HOST], departures[index])

    return await bounded(SETUP_CONCURRENCY, one, range(len(departures)))


async def _offer(api: Api, the_plan: Plan, hosts: list[Person], riders: list[Person], pool: list[int]) -> Offered:
    """The arrivals, open loop from now: new trips far ahead, and requests to seats on the pool's trips."""
    loop = asyncio.get_running_loop()
    rng = random.Random(5)
    offered = Offered()
    start = loop.time()
    counts = {"trip": 0, "request": 0}

    async def arrive(kind: str, index: int, scheduled: float) -> None:
        offered.send_lag_s.append(loop.time() - scheduled)
        call: Awaitable[Any]
        if kind == "trip":
            call = api.create_trip(hosts[index // TRIPS_PER_HOST], _far_future(rng))
        else:
            call = api.ask_to_join(riders[index // REQUESTS_PER_RIDER], pool[index % len(pool)])
        try:
            await call
        except (ApiError, httpx.HTTPError) as error:
            offered.errors[kind] += 1
            if len(offered.error_examples) < 5:
                offered.error_examples.append(f"{kind}: {type(error).__name__}: {error}"[:300])
            return
        offered.latencies_s[kind].append(loop.time() - scheduled)

    running = []
    for second, kind in the_plan.arrivals:
        scheduled = start + second
        await asyncio.sleep(max(0.0, scheduled - loop.time()))
        running.append(asyncio.create_task(arrive(kind, counts[kind], scheduled)))
        counts[kind] += 1
    await asyncio.gather(*running)
    return offered


async def _lateness(conninfo: str, bursts: dict[datetime, list[int]]) -> dict[str, dict[str, Any]]:
    """Per burst: how many reminders were expected, stored, missing or stored twice, and how late they were."""
    async with await psycopg.AsyncConnection.connect(conninfo) as connection:
        cursor = await connection.execute(
            "SELECT entity_id, count(*), max(created_at) FROM notifications "
            "WHERE title = %s AND entity_type = 'trip' GROUP BY entity_id",
            (TRIP_REMINDER_TITLE,),
        )
        stored = {entity_id: (count, latest) for entity_id, count, latest in await cursor.fetchall()}
    report = {}
    for due, trip_ids in bursts.items():
        expected = {str(trip_id) for trip_id in trip_ids}
        late = sorted((stored[key][1] - due).total_seconds() for key in expected if key in stored)
        report[due.isoformat()] = {
            "expected": len(expected),
            "delivered": len(late),
            "missing": len(expected - stored.keys()),
            "duplicated": sum(1 for key in expected if key in stored and stored[key][0] > 1),
            "late_s": _spread(late),
        }
    return report


def _spread(late: list[float]) -> dict[str, float | None]:
    return {
        "p50": round(harness.percentile(late, 0.5), 2) if late else None,
        "p95": round(harness.percentile(late, 0.95), 2) if late else None,
        "max": round(late[-1], 2) if late else None,
    }


async def _sleep_until(moment: datetime) -> None:
    await asyncio.sleep(max(0.0, (moment - datetime.now(UTC)).total_seconds()))


def _cpu(stack: FlowStack) -> chat_setup.ProcessCpu:
    return chat_setup.ProcessCpu(
        {**{name: [pid] for name, pid in stack.pids.items()}, "load_generator": [os.getpid()]},
        with_children=frozenset({"postgres", "api"}),
    )


async def _simulate(stack: FlowStack, the_plan: Plan) -> dict[str, Any]:
    bursts = [the_plan.bursts[0], *the_plan.bursts]
    pool_size = max(4, math.ceil(the_plan.requests / REQUESTS_PER_TRIP))
    setup_trips = sum(bursts) + pool_size
    hosts_needed = math.ceil(setup_trips / TRIPS_PER_HOST) + math.ceil(the_plan.trips / TRIPS_PER_HOST)
    riders_needed = math.ceil(the_plan.requests / REQUESTS_PER_RIDER)
    people = seed_people(stack.database_url, hosts_needed + riders_needed)
    hosts, riders = people[:hosts_needed], people[hosts_needed:]
    setup_s = setup_trips / SETUP_RATE_PER_S + SETUP_MARGIN_S
    quiet = (datetime.now(UTC) + timedelta(seconds=setup_s)).replace(second=0, microsecond=0) + timedelta(minutes=1)
    dues = [quiet + timedelta(minutes=k) for k in range(len(bursts))]
    log(f"{setup_trips} trips to create first; the quiet burst at {quiet:%H:%M:%S} UTC, then {the_plan.bursts}")

    api = Api(stack.api_url)
    rng = random.Random(11)
    try:
        departures = [
            due + timedelta(seconds=REMINDER_LEAD_S)
            for due, size in zip(dues, bursts, strict=True)
            for _ in range(size)
        ]
        departures += [_far_future(rng) for _ in range(pool_size)]
        created = await _create_trips(api, hosts, departures)
        by_due: dict[datetime, list[int]] = {}
        for due, size in zip(dues, bursts, strict=True):
            by_due[due], created = created[:size], created[size:]
        pool = created
        temporal = await Client.connect(stack.temporal_address)
        last = [trip_workflow_id(t) for t in [*by_due[dues[-1]], *pool][-DRAIN_SAMPLE:]]
        await flows_waiting(temporal, last, 120.0)
        setup_overran_s = max(0.0, (datetime.now(UTC) - quiet).total_seconds())
        if setup_overran_s:
            log(f"the setup ended {setup_overran_s:.0f} s after the quiet burst was due")

        quiet_cpu = _cpu(stack)
        await _sleep_until(quiet)
        quiet_cpu.start()
        await _sleep_until(quiet + timedelta(seconds=30))
        quiet_figures = quiet_cpu.stop(30.0)
        log(f"quiet burst done; offering {len(the_plan.arrivals)} arrivals over {RUN_MINUTES} min")

        peak_cpu = _cpu(stack)
        peak_cpu.start()
        started = time.monotonic()
        offered = await _offer(api, the_plan, hosts[math.ceil(len(departures) / TRIPS_PER_HOST) :], riders, pool)
        peak_figures = peak_cpu.stop(time.monotonic() - started)
    finally:
        await api.close()
    await _sleep_until(dues[-1] + timedelta(seconds=2 * ON_TIME_S))
    lateness = await _lateness(stack.database_url, by_due)
    return {
        "setup_overran_s": round(setup_overran_s, 1),
        "offered": offered,
        "quiet_cpu": quiet_figures,
        "peak_cpu": peak_figures,
        "lateness": lateness,
        "dues": dues,
    }


def _report(the_plan: Plan, city: City, measured: dict[str, Any]) -> dict[str, Any]:
    offered: Offered = measured["offered"]
    run_s = 60.0 * RUN_MINUTES
    quiet_key, *peak_keys = [due.isoformat() for due in measured["dues"]]
    lateness = measured["lateness"]
    peak_late = sorted(value for key in peak_keys for value in [lateness[key]["late_s"]["max"]] if value is not None)
    quiet_cpu = measured["quiet_cpu"]
    quiet_size = max(the_plan.bursts[0], 1)
    per_reminder = {
        key.removesuffix("_cpu_s"): round(value * 1000 / quiet_size, 2)
        for key, value in quiet_cpu.items()
        if key.endswith("_cpu_s")
    }
    busiest = city.busiest_minute()
    return {
        "city": {
            "daily_riders": city.daily_riders,
            "busiest_minute": clock(busiest),
            "window": f"{clock(the_plan.first_minute)} onwards, {PEAK_WINDOW_MIN} min in {RUN_MINUTES} min",
            "at_the_busiest_minute": {key: round(value, 2) for key, value in city.minute(busiest).items()},
        },
        "arrivals": {
            "trips": latency_summary(offered.latencies_s["trip"], run_s, offered.errors["trip"]),
            "requests": latency_summary(offered.latencies_s["request"], run_s, offered.errors["request"]),
            "peak_rate_per_s": round(city.starts_per_s(busiest) - city.minute(busiest)["cab_starts_per_s"], 1),
            "send_lag_p99_ms": round(harness.percentile(sorted(offered.send_lag_s), 0.99) * 1000, 1),
            "error_examples": offered.error_examples,
        },
        "bursts": {"quiet": lateness[quiet_key]} | {key: lateness[key] for key in peak_keys},
        "peak_reminders_latest_s": peak_late[-1] if peak_late else None,
        "peak_reminders_missing": sum(lateness[key]["missing"] for key in peak_keys),
        "peak_reminders_duplicated": sum(lateness[key]["duplicated"] for key in [quiet_key, *peak_keys]),
        # What a reminder costs the stack with nothing else to do: the quiet burst's 30 s of CPU over its reminders.
        "cpu_ms_per_reminder_quiet": per_reminder,
        "cpu_ms_per_reminder_quiet_calibrated": calibrated_cpu_ms(per_reminder),
        "cpu_during_the_peak": measured["peak_cpu"],
        "setup_overran_s": measured["setup_overran_s"],
    }


def run() -> BenchmarkResult:
    city = City(DAILY_RIDERS)
    the_plan = plan(city, RUN_MINUTES)
    with harness.temp_dir("humsafar-peak-") as work, flow_stack(work, SETTINGS) as stack:
        measured = asyncio.run(_simulate(stack, the_plan))
    figures = _report(the_plan, city, measured)
    figures["machine"] = chat_setup.machine_description()
    arrivals = figures["arrivals"]
    targets = [
        at_most("peak_reminders_latest_s", figures["peak_reminders_latest_s"], ON_TIME_S, " s"),
        at_most("peak_reminders_missing", figures["peak_reminders_missing"], 0),
        at_most("reminders_duplicated", figures["peak_reminders_duplicated"], 0),
        at_most("arrivals_failed", arrivals["trips"]["errors"] + arrivals["requests"]["errors"], START_ERRORS_LIMIT),
    ]
    notes = [
        f"a city of {DAILY_RIDERS:,.0f} daily riders: {PEAK_WINDOW_MIN} min around its busiest minute "
        f"({clock(city.busiest_minute())}) in {RUN_MINUTES} min at its real rates: {the_plan.trips} trips and "
        f"{the_plan.requests} seat requests through the API, reminder bursts of {the_plan.bursts} at the minutes' "
        f"starts, after a quiet burst of {the_plan.bursts[0]}",
        f"a reminder is on time when its notification is stored within {ON_TIME_S:g} s of its minute's start",
    ]
    return BenchmarkResult(figures, targets, notes)
