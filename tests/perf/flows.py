"""The durable flows under load, on the embedded stack `make run` starts: first their capacity, then the latency of
actions at a share of that capacity and at a fixed rate, then an overload at twice that capacity, and whether
anything offered was lost.

Capacity: TRIPS TripWorkflows and JOINS JoinRequestWorkflows started through the API by CONCURRENCY clients; the
start rate counts from the first call until the last flows wait for their next moment (a join request's timer armed;
a trip kept by Temporal until its reminder is due, with no task and no timer: workflows/trip/contracts.py). The
last REMINDERS of those trips, started once the worker has caught up with the others, have their reminder due at the
start of the same minute: each must be delivered (its notification stored) within 15 s of it, exactly once. The
worker's RSS once all are open. The stack's CPU (API, worker, Temporal, PostgreSQL) per flow started, each process's
share, and the flows opened a second per core, raw and per calibrated core (tests/perf/calibration.py), with the
machine's core count and busy share.

Action latency, twice: at FIXED_RATE_PER_S, reported as the machine copes, and then at CAPACITY_SHARE of the
machine's action capacity, where the p95 targets hold. An action costs the stack more than a flow start (an Update or
a signal, its step, its live event and the reads it prompts), so the action capacity is measured apart, on the same
run: the machine's cores over the stack's CPU per action in the fixed-rate window. Four actions whose effect travels
through a flow, offered open loop (the kinds in turn) for DURATION_S after WARMUP_S, each timed from its scheduled
send until another client reads the new state. That client holds the app's socket open, as an open screen does, and
reads when the socket tells it of the change (reading every FALLBACK_READ_S without a word from it, so a lost push
does not hide the state):

- join_request: a rider asks to join; the host's trip shows them `requested` (the flow starts with the request);
- approve: the host approves; the rider's trip shows them `active` (an Update on the JoinRequestWorkflow);
- kyc_result: the person reports the widget's result; their profile says `is_kyc_verified` (the KycWorkflow asks
  the sandbox vendor and records its answer);
- cab_confirm: the sandbox aggregator confirms a driver by its signed webhook; the host's trip shows the cab
  `booked` (a signal to the CabBookingWorkflow, which records it).

Push path: each action is also timed until the "changed" frame naming it reaches that socket (domain/live.py): the
host's for join_request (join, trip) and cab_confirm (cab, trip), the rider's for approve (join, trip), the
person's own other device for kyc_result (kyc, user). The sockets are spread over both API processes.

Nothing lost: after each window the run drains, waiting for every action to be seen and every push to arrive. One
seen after LATE_AFTER_S is late; one not seen within LOST_AFTER_S of its send is lost (target: none, at any rate).
A read that fails is counted (read_errors) and the reader reads again.

Overload (tests/perf/flows_overload.py): OVERLOAD_ACTIONS_PER_KIND actions of each kind, by people of their own,
offered at OVERLOAD_FACTOR times the action capacity with no cap, every one counted; a short window, then a drain of
up to OVERLOAD_LOST_AFTER_S after each send, long enough for the backlog the relay of the flow outbox (worker/outbox/)
builds to clear. Its readers back off without a word from their socket (1 s, 2, 4, then every 8 s), so their reads
do not grow with the backlog. Reported: the offered rate, actions sent, seen, late, lost and failed, pushes lost, the
p95 and max latency (all kinds and each), the machine's busy share through the window, every API call of the window
by its answer, and the outbox's oldest undelivered entry and its waiting entries, sampled through window and drain.
Targets: none lost, none failed, no push lost, and every API call answered within its timeout (a 5xx, a timeout or a
dropped connection counts against it); and the load generator sent at 90% of the offered rate or more, or the window
did not test that rate.

PERF_FLOWS_SMALL=1 runs every part small (a few hundred trips, a ten-second window, 40 overload actions of each
kind), to try the benchmark itself in a few minutes; its figures are not the benchmark's. PERF_FLOWS_TRIPS, _JOINS,
_REMINDERS, _DURATION_S, _RATE_PER_S and _OVERLOAD_ACTIONS set one size each.

PERF_PROFILE=1 also samples the API and the worker with py-spy through the capacity run and counts each flow type's
tasks and history events (tests/perf/profiling.py; `python -m tests.perf.run_all flows` runs this one alone).
"""

import asyncio
import math
import os
import random
import time
from collections.abc import Awaitable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import httpx
import psutil
import psycopg
from temporalio.client import Client

from domain.rules.notices import TRIP_REMINDER_TITLE
from tests.perf import chat_setup, harness, profiling
from tests.perf.calibration import calibrated_cpu_ms, calibration
from tests.perf.flows_actions import (
    FALLBACK_READ_S,
    KINDS,
    LATE_AFTER_S,
    LOST_AFTER_S,
    Measured,
    actors,
    days_ahead,
    prepare_actions,
    send_open_loop,
)
from tests.perf.flows_overload import (
    OVERLOAD_ACTIONS_PER_KIND,
    OVERLOAD_FACTOR,
    OVERLOAD_LOST_AFTER_S,
    action_overload,
    overload_actors,
    overload_targets,
)
from tests.perf.flows_setup import (
    Api,
    ApiError,
    FlowStack,
    LiveSockets,
    Person,
    bounded,
    flow_stack,
    flows_waiting,
    rss_mb,
    seed_people,
    stack_cpu,
)
from tests.perf.harness import BenchmarkResult, Target, at_least, at_most, latency_summary, log
from workflows.join_request.contracts import join_workflow_id
from workflows.trip.contracts import trip_workflow_id

NAME = "flows"
T = TypeVar("T")
# PERF_FLOWS_SMALL=1: a few minutes' run through every part, to try the benchmark itself; its figures are not the
# benchmark's. Each size below may also be set on its own.
SMALL = os.environ.get("PERF_FLOWS_SMALL") == "1"


def _size(name: str, full: str, small: str) -> str:
    """The size set in the environment variable name, else the full run's or the small run's."""
    return os.environ.get(name, small if SMALL else full)


FIXED_RATE_PER_S = float(os.environ.get("PERF_FLOWS_RATE_PER_S", "20"))
WARMUP_S = 5.0
DURATION_S = float(_size("PERF_FLOWS_DURATION_S", "60", "10"))
# The latency runs: a fixed rate, and a share of the action capacity it measured (at most MAX_LATENCY_RATE_PER_S).
CAPACITY_SHARE = 0.5
MAX_LATENCY_RATE_PER_S = 40.0
TRIPS = int(_size("PERF_FLOWS_TRIPS", "10000", "300"))
JOINS = int(_size("PERF_FLOWS_JOINS", "2000", "60"))
REMINDERS = int(_size("PERF_FLOWS_REMINDERS", "1000", "30"))
CONCURRENCY = 32
CAPACITY_TRIPS_PER_HOST = 50
JOINS_PER_RIDER = 4
REMINDER_LEAD_S = 3600
# The reminders' minute starts at least this long after the last of them is created.
REMINDER_MARGIN_S = 15 if SMALL else 60
REMINDER_DEADLINE_S = 60
# The last flows started, whose timers tell that the worker has caught up with every start.
DRAIN_SAMPLE = 20
DRAIN_TIMEOUT_S = 300.0

P95_LIMIT_MS = 100.0
PUSH_P95_LIMIT_MS = 250.0
# The stack's CPU (API, worker, Temporal and PostgreSQL; not the load generator) per flow started, and how many flows
# it opens a second on each core: measured per unit of CPU, so the targets mean the same on any machine.
STACK = ("api", "worker", "temporal", "postgres")
CPU_MS_PER_START_LIMIT = 22.0
STARTS_PER_CORE_FLOOR = 40.0
WORKER_RSS_LIMIT_MB = 300.0
REMINDER_LATE_LIMIT_S = 15.0
SETTINGS = {"TRIP_REMINDER_LEAD_SECONDS": str(REMINDER_LEAD_S)}


def _actions_per_kind(rate_per_s: float) -> int:
    return math.ceil((WARMUP_S + DURATION_S) * rate_per_s / len(KINDS))


async def _action_latency(stack: FlowStack, api: Api, people: list[Person], rate_per_s: float) -> dict[str, Any]:
    per_kind = _actions_per_kind(rate_per_s)
    live = LiveSockets(stack.api_url)
    offered = int((WARMUP_S + DURATION_S) * rate_per_s)
    try:
        actions = await prepare_actions(api, live, stack.database_url, people, per_kind)
        cpu = stack_cpu(stack)
        measured = Measured()
        cpu.start()
        started = time.monotonic()
        # The warm-up's actions are sent and watched but not counted.
        window_s, running = await send_open_loop(actions, measured, rate_per_s, offered, int(WARMUP_S * rate_per_s))
        await asyncio.gather(*running)
        drain_s = time.monotonic() - started - window_s
    finally:
        await live.close()
    lag = sorted(measured.send_lag_s)
    cpu_figures = cpu.stop(window_s + drain_s)
    stack_cpu_s = sum(cpu_figures[f"{name}_cpu_s"] for name in STACK)
    return {
        "rate_per_s": round(rate_per_s, 1),
        "actions_offered": offered,
        # The stack's CPU per action offered, warm-up and drain included.
        "stack_cpu_ms_per_action": round(1000 * stack_cpu_s / offered, 2),
        "duration_s": DURATION_S,
        # Past the window, until every action was seen or lost (LOST_AFTER_S after its send).
        "drain_s": round(drain_s, 1),
        "fallback_read_interval_s": FALLBACK_READ_S,
        # From the scheduled send until the reader, told by its socket (or by its fallback read), reads the new
        # state; errors: refused or failed at the send; late: seen after LATE_AFTER_S; lost: never seen.
        **{
            kind: latency_summary(measured.latencies_s[kind], DURATION_S, measured.errors[kind]) | measured.counts(kind)
            for kind in KINDS
        },
        # From the scheduled send until the change reaches the reader's open socket.
        "push": {
            kind: latency_summary(measured.push_latencies_s[kind], DURATION_S, 0) | measured.counts(kind, push=True)
            for kind in KINDS
        },
        "error_examples": measured.error_examples,
        # Reads that failed; the reader read again.
        "read_errors": measured.read_errors,
        "send_lag_p99_ms": round(harness.percentile(lag, 0.99) * 1000, 2),
        "cpu": cpu_figures,
    }


def _action_capacity_per_s(latency: dict[str, Any], cores: int) -> float:
    """The actions a second the machine's cores could take, at the stack's CPU per action in this window."""
    return cores * 1000 / latency["stack_cpu_ms_per_action"]


async def _capacity(stack: FlowStack, api: Api, hosts: list[Person], riders: list[Person]) -> dict[str, Any]:
    rng = random.Random(3)
    far_count = TRIPS - REMINDERS
    started = time.monotonic()
    completions: list[float] = []
    failures: list[str] = []

    def host_of(index: int) -> Person:
        return hosts[index // CAPACITY_TRIPS_PER_HOST]

    async def timed(call: Awaitable[T]) -> T | None:
        try:
            result = await call
        except (ApiError, httpx.TransportError) as error:  # a refusal, or a connection the API dropped
            failures.append(f"{type(error).__name__}: {error}")
            return None
        completions.append(time.monotonic() - started)
        return result

    async def far_trip(i: int) -> int | None:
        return await timed(api.create_trip(host_of(i), days_ahead(2 + rng.random() * 20)))

    async def ask(pair: tuple[Person, int]) -> None:
        await timed(api.ask_to_join(*pair))

    cpu = stack_cpu(stack)
    cpu.start()
    far_trips = await bounded(CONCURRENCY, far_trip, range(far_count))
    log(f"{far_count} trips created in {time.monotonic() - started:.1f} s")
    joined = [trip for trip in far_trips if trip is not None][:JOINS]
    join_pairs = [(riders[i // JOINS_PER_RIDER], trip_id) for i, trip_id in enumerate(joined)]
    await bounded(CONCURRENCY, ask, join_pairs)
    log(f"{len(join_pairs)} join requests sent, {time.monotonic() - started:.1f} s in")

    calls_s = time.monotonic() - started
    calls_answered = len(completions)
    temporal = await Client.connect(stack.temporal_address)
    far_trip_ids = [trip for trip in far_trips if trip is not None]
    last_flows = [trip_workflow_id(t) for t in far_trip_ids[-DRAIN_SAMPLE:]]
    last_flows += [join_workflow_id(t, r.user_id, 1) for r, t in join_pairs[-DRAIN_SAMPLE:]]
    await flows_waiting(temporal, last_flows, DRAIN_TIMEOUT_S)
    rate_so_far = len(completions) / (time.monotonic() - started)

    # Every reminder due at the same moment, once the worker has caught up with every start: the start of a minute
    # after the last of these trips will be open at the rate the others opened.
    created_by = datetime.now(UTC) + timedelta(seconds=2 * REMINDERS / rate_so_far + REMINDER_MARGIN_S)
    due = created_by.replace(second=0, microsecond=0) + timedelta(minutes=1)
    departure = due + timedelta(seconds=REMINDER_LEAD_S)

    async def reminder_trip(i: int) -> int | None:
        return await timed(api.create_trip(host_of(far_count + i), departure))

    reminder_trips = await bounded(CONCURRENCY, reminder_trip, range(REMINDERS))
    sent_s = time.monotonic() - started
    last_reminders = [trip_workflow_id(t) for t in reminder_trips[-DRAIN_SAMPLE:] if t is not None]
    drained_s = await flows_waiting(temporal, last_reminders, DRAIN_TIMEOUT_S)
    open_s = sent_s + drained_s if drained_s is not None else None
    cpu_while_starting = cpu.stop(time.monotonic() - started)
    starts = len(completions)
    windows = _window_rates(completions[:calls_answered], 10.0)
    worker_rss = rss_mb(stack.pids["worker"])
    log(f"{starts} flows started and open in {open_s} s; worker RSS {worker_rss} MB")

    reminders = await _reminders(stack, [t for t in reminder_trips if t is not None], due)
    return {
        "trips_started": sum(1 for t in (*far_trips, *reminder_trips) if t is not None),
        "join_requests_started": starts - sum(1 for t in (*far_trips, *reminder_trips) if t is not None),
        "start_failures": len(failures),
        "start_failure_examples": failures[:5],
        "concurrency": CONCURRENCY,
        "all_sent_s": round(sent_s, 1),
        "all_open_s": round(open_s, 1) if open_s is not None else None,
        "start_rate_per_s": round(starts / open_s, 1) if open_s else None,
        # How fast the API took the first trips and the join requests (answered, their flows not yet all open).
        "calls_answered_per_s": round(calls_answered / calls_s, 1),
        "slowest_10s_window_of_calls_per_s": min(windows) if windows else None,
        "cpu_ms_per_start": {
            name.removesuffix("_cpu_s"): round(seconds * 1000 / max(starts, 1), 2)
            for name, seconds in cpu_while_starting.items()
            if name.endswith("_cpu_s")
        },
        "cpu_while_starting": cpu_while_starting,
        "worker_rss_mb_all_open": worker_rss,
        "temporal_rss_mb": rss_mb(stack.pids["temporal"]),
        "api_rss_mb": rss_mb(stack.pids["api"], with_children=True),
        "reminders": reminders,
    }


def _window_rates(completions: list[float], window_s: float) -> list[float]:
    """Calls completed per second in each full window of window_s."""
    if not completions:
        return []
    windows = int(max(completions) // window_s)
    counts = [0] * windows
    for moment in completions:
        index = int(moment // window_s)
        if index < windows:
            counts[index] += 1
    return [round(count / window_s, 1) for count in counts]


async def _reminders(stack: FlowStack, trip_ids: list[int], due: datetime) -> dict[str, Any]:
    """Waits out the deadline after the reminders' minute, then counts each trip's reminders and how late they came;
    the stack's CPU from their minute to the deadline tells how long they would take on a calibrated core."""
    until_due = (due - datetime.now(UTC)).total_seconds()
    if until_due < 0:
        log(f"the reminders' minute began {-until_due:.0f} s before the last of their trips was open")
    log(f"waiting {until_due + REMINDER_DEADLINE_S + 5:.0f} s for {len(trip_ids)} reminders due at {due:%H:%M:%S} UTC")
    await asyncio.sleep(max(0.0, until_due))
    cpu = stack_cpu(stack)
    cpu.start()
    window_s = REMINDER_DEADLINE_S + 5 + min(0.0, until_due)
    await asyncio.sleep(window_s)
    burst_cpu = cpu.stop(window_s)
    conninfo = stack.database_url
    async with await psycopg.AsyncConnection.connect(conninfo) as connection:
        cursor = await connection.execute(
            "SELECT entity_id, count(*), max(created_at) FROM notifications "
            "WHERE title = %s AND entity_type = 'trip' GROUP BY entity_id",
            (TRIP_REMINDER_TITLE,),
        )
        rows = await cursor.fetchall()
    expected = {str(trip_id) for trip_id in trip_ids}
    delivered = {entity_id: (count, latest) for entity_id, count, latest in rows}
    late_s = sorted((latest - due).total_seconds() for key, (_, latest) in delivered.items() if key in expected)
    return {
        "due": due.isoformat(),
        "expected": len(expected),
        "delivered": len(expected & delivered.keys()),
        "missing": len(expected - delivered.keys()),
        "duplicated": sum(1 for entity_id, (count, _) in delivered.items() if entity_id in expected and count > 1),
        "unexpected": len(delivered.keys() - expected),
        # How late after their minute began the reminders were stored; counted over the ones delivered.
        "delivered_within_s": {
            "p50": round(harness.percentile(late_s, 0.5), 2) if late_s else None,
            "p99": round(harness.percentile(late_s, 0.99), 2) if late_s else None,
            "max": round(late_s[-1], 2) if late_s else None,
        },
        "cpu": burst_cpu,
    }


async def _measure(stack: FlowStack) -> dict[str, Any]:
    """The capacity run, then the action latency at the fixed rate and at a share of the action capacity, then the
    overload at OVERLOAD_FACTOR times that capacity; each window's actions by people of their own."""
    capacity_hosts = math.ceil(TRIPS / CAPACITY_TRIPS_PER_HOST)
    capacity_riders = math.ceil(JOINS / JOINS_PER_RIDER)
    fixed_actors = actors(_actions_per_kind(FIXED_RATE_PER_S))
    share_actors = actors(_actions_per_kind(MAX_LATENCY_RATE_PER_S))
    people = seed_people(
        stack.database_url, capacity_hosts + capacity_riders + fixed_actors + share_actors + overload_actors()
    )
    hosts, riders = people[:capacity_hosts], people[capacity_hosts : capacity_hosts + capacity_riders]
    fixed_people = people[capacity_hosts + capacity_riders :][:fixed_actors]
    share_people = people[capacity_hosts + capacity_riders + fixed_actors :][:share_actors]
    overload_people = people[capacity_hosts + capacity_riders + fixed_actors + share_actors :]
    api = Api(stack.api_url)
    try:
        with profiling.recording(stack.pids, "flows-capacity") as profile:
            capacity = await _capacity(stack, api, hosts, riders)
        log(f"capacity measured; action latency at {FIXED_RATE_PER_S:g}/s")
        at_fixed = await _action_latency(stack, api, fixed_people, FIXED_RATE_PER_S)
        action_capacity = _action_capacity_per_s(at_fixed, psutil.cpu_count() or 1)
        share_rate = min(CAPACITY_SHARE * action_capacity, MAX_LATENCY_RATE_PER_S)
        log(f"action capacity {action_capacity:.1f}/s; action latency at {share_rate:.1f}/s")
        at_share = await _action_latency(stack, api, share_people, max(share_rate, 1.0))
    finally:
        await api.close()
    overload = await action_overload(stack, overload_people, action_capacity)
    capacity["action_capacity_per_s"] = round(action_capacity, 1)
    figures = {
        "capacity": capacity,
        "action_latency_at_capacity_share": at_share,
        "action_latency_fixed": at_fixed,
        "action_overload": overload,
    }
    if profile is not None:
        figures["profile"] = profile.summary() | {"flows": await profiling.flow_histories(stack.temporal_address)}
    return figures


def _calibrate_latency(latency: dict[str, Any]) -> None:
    """Each p95 also per calibrated core: at half capacity an action waits mostly for the stack's CPU along its way,
    which a calibrated core gives in this many times the time (tests/perf/calibration.py)."""
    core = calibration().core
    latency["calibrated_core"] = round(core, 3)
    for figures in (*(latency[kind] for kind in KINDS), *(latency["push"][kind] for kind in KINDS)):
        figures["p95_ms_calibrated"] = round(figures["p95_ms"] * core, 2) if figures["p95_ms"] is not None else None


def _calibrate_reminders(reminders: dict[str, Any]) -> None:
    """How late the reminders came per calibrated core: the burst is the stack's CPU work."""
    core = calibration().core
    reminders["calibrated_core"] = round(core, 3)
    reminders["delivered_within_s_calibrated"] = {
        key: round(value * core, 2) if value is not None else None
        for key, value in reminders["delivered_within_s"].items()
    }


def _latency_targets(name: str, latency: dict[str, Any], with_p95: bool) -> list[Target]:
    """Nothing lost, nothing failed at any rate; the p95 targets, per calibrated core, where the run is within the
    machine's capacity. Each latency is named with the machine's busy share while it was measured and its raw p95:
    a shared, noisy machine shows."""
    busy = latency["cpu"]["machine_busy_share"]
    rate = f"{latency['rate_per_s']:g}/s"
    targets = [
        at_most(f"{name}_actions_lost ({rate})", sum(latency[kind]["lost"] for kind in KINDS), 0),
        at_most(f"{name}_actions_failed ({rate})", sum(latency[kind]["errors"] for kind in KINDS), 0),
        at_most(f"{name}_pushes_lost ({rate})", sum(latency["push"][kind]["lost"] for kind in KINDS), 0),
    ]
    if with_p95:
        targets += [
            at_most(
                f"{name}_{kind}_p95_ms_calibrated ({rate}, machine {busy:.0%} busy, raw {latency[kind]['p95_ms']})",
                latency[kind]["p95_ms_calibrated"],
                P95_LIMIT_MS,
            )
            for kind in KINDS
        ]
        targets += [
            at_most(
                f"{name}_push_{kind}_p95_ms_calibrated ({rate}, raw {latency['push'][kind]['p95_ms']})",
                latency["push"][kind]["p95_ms_calibrated"],
                PUSH_P95_LIMIT_MS,
            )
            for kind in KINDS
        ]
    return targets


def _calibrated_capacity(capacity: dict[str, Any], cores: int) -> None:
    """The stack's CPU per start and its starts per core-second, raw and per calibrated core (calibration.py)."""
    per_start = capacity["cpu_ms_per_start"]
    calibrated = calibrated_cpu_ms({name: per_start[name] for name in (*STACK, "load_generator")})
    capacity["cpu_ms_per_start_calibrated"] = calibrated
    raw_ms = sum(per_start[name] for name in STACK)
    calibrated_ms = sum(calibrated[name] for name in STACK)
    capacity["cpu_ms_per_flow_start"] = round(raw_ms, 2)
    capacity["cpu_ms_per_flow_start_calibrated"] = round(calibrated_ms, 2)
    rate = capacity["start_rate_per_s"]
    capacity["flow_starts_per_core_s"] = round(rate / cores, 1) if rate else None
    # A calibrated core does the stack's work of a start in calibrated_ms instead of raw_ms: as many times more starts
    # a second as raw_ms is longer.
    capacity["flow_starts_per_core_s_calibrated"] = (
        round(rate / cores * raw_ms / calibrated_ms, 1) if rate and calibrated_ms else None
    )


def run() -> BenchmarkResult:
    calibration()  # timed before the stack starts
    with harness.temp_dir("humsafar-flows-") as work, flow_stack(work, SETTINGS) as stack:
        figures = asyncio.run(_measure(stack))
    figures["machine"] = chat_setup.machine_description()
    figures["calibration"] = calibration().as_json()
    capacity = figures["capacity"]
    reminders = capacity["reminders"]
    _calibrated_capacity(capacity, figures["machine"]["logical_cpus"] or 1)
    _calibrate_reminders(reminders)
    for latency in (figures["action_latency_at_capacity_share"], figures["action_latency_fixed"]):
        _calibrate_latency(latency)
    targets = _latency_targets("at_capacity_share", figures["action_latency_at_capacity_share"], with_p95=True)
    targets += _latency_targets("fixed_rate", figures["action_latency_fixed"], with_p95=False)
    targets += [
        at_most("capacity_calls_failed", capacity["start_failures"], 0),
        at_most(
            "cpu_ms_per_flow_start_calibrated", capacity["cpu_ms_per_flow_start_calibrated"], CPU_MS_PER_START_LIMIT
        ),
        at_least(
            "flow_starts_per_core_s_calibrated", capacity["flow_starts_per_core_s_calibrated"], STARTS_PER_CORE_FLOOR
        ),
        at_most("worker_rss_mb_all_flows_open", capacity["worker_rss_mb_all_open"], WORKER_RSS_LIMIT_MB, " MB"),
        at_most(
            f"timer_reminders_latest_s_calibrated (raw {reminders['delivered_within_s']['max']})",
            reminders["delivered_within_s_calibrated"]["max"],
            REMINDER_LATE_LIMIT_S,
            " s",
        ),
        at_most("timer_reminders_missing", reminders["missing"], 0),
        at_most("timer_reminders_duplicated", reminders["duplicated"], 0),
    ]
    targets += overload_targets(figures["action_overload"])
    notes = [
        f"{TRIPS} TripWorkflows and {JOINS} JoinRequestWorkflows started through the API by {CONCURRENCY} clients; "
        f"{REMINDERS} of the trips have their reminder due at the same moment",
        f"then open loop for {DURATION_S:g} s at {FIXED_RATE_PER_S:g} actions/s and at {CAPACITY_SHARE:.0%} of the "
        "action capacity that window's stack CPU per action gives, the four kinds in turn; latency from the "
        "scheduled send until another "
        f"client, told by its open app socket (or reading every {FALLBACK_READ_S:g} s without it), reads the new "
        "state, and until the change reaches that socket (push_*); after each window the run drains: an action not "
        f"seen within {LOST_AFTER_S:g} s is lost, one seen after {LATE_AFTER_S:g} s late",
        "CPU per start, starts per core-second, the p95s and the reminders' lateness per calibrated core "
        "(tests/perf/calibration.py; a wait by the stack's CPU in it); the p95 targets hold at the capacity share, "
        "the fixed rate reports how the machine copes with it",
        f"then the overload: {OVERLOAD_ACTIONS_PER_KIND} actions of each kind at {OVERLOAD_FACTOR:g} times the "
        f"action capacity, drained for up to {OVERLOAD_LOST_AFTER_S:g} s after each send; every API call of it "
        "counted by its answer (a 5xx, a timeout or a dropped call fails the target) and the flow outbox's oldest "
        "undelivered entry sampled throughout",
    ]
    if SMALL:
        notes.append("PERF_FLOWS_SMALL=1: a short run through every part; its figures are not the benchmark's")
    return BenchmarkResult(figures, targets, notes)
