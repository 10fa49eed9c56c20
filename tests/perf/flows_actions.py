"""The flows benchmark's actions: four kinds whose effect travels through a flow, each prepared for its own people,
sent open loop at a rate, and watched until another client reads the new state and the change reaches its open
socket, or until the window's deadline (tests/perf/flows.py says what each kind is and what the windows report)."""

import asyncio
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg

from tests.perf.flows_setup import HSR_LAYOUT, Api, ApiError, LiveSockets, Person, bounded
from tests.perf.harness import log

KINDS = ("join_request", "approve", "kyc_result", "cab_confirm")
# The reader learns of the new state from its open socket and reads it then; without a word from the socket it reads
# anyway every FALLBACK_READ_S, so an action whose push is lost is still seen.
FALLBACK_READ_S = 1.0
# Seen later than LATE_AFTER_S: late. Not seen within LOST_AFTER_S of its send (the drain after the window): lost.
LATE_AFTER_S = 15.0
LOST_AFTER_S = 300.0
SETUP_CONCURRENCY = 16
HOSTS_PER_KIND_TRIPS = 5
BOOKINGS_TIMEOUT_S = 120.0
# What a send or a read may fail with: the API's refusal, a call it did not answer, an answer of another shape.
CALL_ERRORS = (ApiError, httpx.HTTPError, KeyError, TypeError)


@dataclass(frozen=True)
class Action:
    """One measured action: what to send, and the read that tells it took effect."""

    send: Callable[[], Awaitable[Any]]
    seen: Callable[[], Awaitable[bool]]
    # Waits, from just before the send, for the change to reach the reader's open socket: the loop's time then.
    pushed: Callable[[], asyncio.Future[float]]


@dataclass(frozen=True)
class Watch:
    """How a window watches its actions: lost when not seen within lost_after_s of the scheduled send; without a word
    from the socket the reader reads after fallback_read_s, the wait doubling up to max_fallback_read_s."""

    lost_after_s: float = LOST_AFTER_S
    fallback_read_s: float = FALLBACK_READ_S
    max_fallback_read_s: float = FALLBACK_READ_S


def _by_kind() -> dict[str, int]:
    return dict.fromkeys(KINDS, 0)


@dataclass
class Measured:
    """Per kind: the latencies of the actions seen (late ones too), those refused or failed at the send, and those
    never seen by the end of the drain (lost); the same for the pushes. A read that failed is counted and the watch
    goes on."""

    latencies_s: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    errors: dict[str, int] = field(default_factory=_by_kind)
    late: dict[str, int] = field(default_factory=_by_kind)
    lost: dict[str, int] = field(default_factory=_by_kind)
    push_latencies_s: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    push_late: dict[str, int] = field(default_factory=_by_kind)
    push_lost: dict[str, int] = field(default_factory=_by_kind)
    read_errors: int = 0
    error_examples: list[str] = field(default_factory=list)
    send_lag_s: list[float] = field(default_factory=list)
    # The loop's time each counted action was sent at.
    sent_at: list[float] = field(default_factory=list)

    def sent_per_s(self) -> float:
        """The rate the counted actions were sent at, first to last: the rate offered when the load kept up."""
        if len(self.sent_at) < 2 or max(self.sent_at) == min(self.sent_at):
            return 0.0
        return (len(self.sent_at) - 1) / (max(self.sent_at) - min(self.sent_at))

    def failed(self, kind: str, error: Exception) -> None:
        self.errors[kind] += 1
        if len(self.error_examples) < 5:
            self.error_examples.append(f"{kind}: {type(error).__name__}: {error}"[:300])

    def counts(self, kind: str, push: bool = False) -> dict[str, int]:
        if push:
            return {"late": self.push_late[kind], "lost": self.push_lost[kind]}
        return {"late": self.late[kind], "lost": self.lost[kind]}


def days_ahead(days: float) -> datetime:
    """This moment, days from now."""
    return datetime.now(UTC) + timedelta(days=days)


def actors(per_kind: int) -> int:
    """How many people the actions need: hosts for three kinds' trips, riders, and people verifying."""
    return 3 * math.ceil(per_kind / HOSTS_PER_KIND_TRIPS) + 2 * per_kind


async def _vendor_bookings(conninfo: str) -> int:
    async with await psycopg.AsyncConnection.connect(conninfo) as connection:
        row = await (await connection.execute("SELECT count(*) FROM sandbox.cab_bookings")).fetchone()
    return int(row[0]) if row else 0


async def _wait_for_bookings(conninfo: str, expected: int, timeout_s: float = BOOKINGS_TIMEOUT_S) -> None:
    deadline = asyncio.get_running_loop().time() + timeout_s
    while (booked := await _vendor_bookings(conninfo)) < expected:
        if asyncio.get_running_loop().time() > deadline:
            raise RuntimeError(f"only {booked} of {expected} cabs were booked with the vendor")
        await asyncio.sleep(0.5)


async def prepare_actions(
    api: Api, live: LiveSockets, conninfo: str, people: list[Person], per_kind: int
) -> dict[str, list[Action]]:
    """Per kind, per_kind actions ready to send, by the first actors(per_kind) people; the sockets of those who read
    the new state are open and every cab to confirm is booked with the sandbox vendor."""
    host_count = math.ceil(per_kind / HOSTS_PER_KIND_TRIPS)
    join_hosts, approve_hosts, cab_hosts = (people[k * host_count : (k + 1) * host_count] for k in range(3))
    riders = people[3 * host_count : 3 * host_count + per_kind]
    verifying = people[3 * host_count + per_kind : actors(per_kind)]
    booked_before = await _vendor_bookings(conninfo)

    def host_of(hosts: list[Person], index: int) -> Person:
        return hosts[index // HOSTS_PER_KIND_TRIPS]

    async def trips_for(hosts: list[Person]) -> list[int]:
        async def trip(i: int) -> int:
            return await api.create_trip(host_of(hosts, i), days_ahead(3 + i / per_kind))

        return await bounded(SETUP_CONCURRENCY, trip, range(per_kind))

    join_trips = await trips_for(join_hosts)
    approve_trips = await trips_for(approve_hosts)
    cab_trips = await trips_for(cab_hosts)

    async def ask(i: int) -> None:
        await api.ask_to_join(riders[i], approve_trips[i])

    await bounded(SETUP_CONCURRENCY, ask, range(per_kind))

    async def plan_and_request_cab(i: int) -> None:
        host, trip_id = host_of(cab_hosts, i), cab_trips[i]
        await api.call(host, "PUT", f"/api/trip/cab/interest/{trip_id}", {"category": "suv", "stops": [HSR_LAYOUT]})
        await api.call(host, "POST", f"/api/trip/cab/request/{trip_id}", {"vendor": "metrotaxi"})

    await bounded(SETUP_CONCURRENCY, plan_and_request_cab, range(per_kind))

    async def verify_in_widget(person: Person) -> str:
        token = await api.call(person, "PATCH", "/api/user/kyc/hyperverge/initiate")
        transaction_id = str(token["transaction_id"])
        await api.call(None, "POST", f"/api/sandbox/kyc/{transaction_id}", {"outcome": "auto_approved"})
        return transaction_id

    transactions = await bounded(SETUP_CONCURRENCY, verify_in_widget, verifying)
    await live.open([*join_hosts, *riders, *verifying, *cab_hosts])
    await _wait_for_bookings(conninfo, booked_before + per_kind)
    log(f"prepared {per_kind} actions of each kind; the readers' sockets are open")

    def join_request(i: int) -> Action:
        rider, trip_id, host = riders[i], join_trips[i], host_of(join_hosts, i)

        async def seen() -> bool:
            passengers = (await api.read_trip(host, trip_id))["passengers"]
            return any(p["id"] == rider.user_id and p["status"] == "requested" for p in passengers)

        return Action(lambda: api.ask_to_join(rider, trip_id), seen, lambda: live.expect(host.user_id, "join", trip_id))

    def approve(i: int) -> Action:
        rider, trip_id, host = riders[i], approve_trips[i], host_of(approve_hosts, i)
        body = {"action": "APPROVE", "trip_id": trip_id}

        async def seen() -> bool:
            return (await api.read_trip(rider, trip_id))["user_status"] == "active"

        return Action(
            lambda: api.call(host, "PUT", f"/api/trip/user/host/{rider.user_id}", body),
            seen,
            lambda: live.expect(rider.user_id, "join", trip_id),
        )

    def kyc_result(i: int) -> Action:
        person, body = verifying[i], {"transaction_id": transactions[i], "status": "auto_approved"}

        async def seen() -> bool:
            return bool((await api.call(person, "GET", "/api/user/user"))["is_kyc_verified"])

        return Action(
            lambda: api.call(person, "POST", "/api/user/kyc/result", body),
            seen,
            lambda: live.expect(person.user_id, "kyc", person.user_id),
        )

    def cab_confirm(i: int) -> Action:
        trip_id, host = cab_trips[i], host_of(cab_hosts, i)

        async def confirm() -> None:
            sent = await api.call(None, "POST", f"/api/sandbox/cab/bookings/{trip_id}", {"event": "confirm"})
            if sent["webhook_status"] != 200:
                raise ApiError(f"the app answered the cab webhook with {sent['webhook_status']}")

        async def seen() -> bool:
            return (await api.read_trip(host, trip_id))["cab"]["status"] == "booked"

        return Action(confirm, seen, lambda: live.expect(host.user_id, "cab", trip_id))

    makers = {"join_request": join_request, "approve": approve, "kyc_result": kyc_result, "cab_confirm": cab_confirm}
    return {kind: [make(i) for i in range(per_kind)] for kind, make in makers.items()}


async def _read(action: Action, measured: Measured) -> bool:
    """Whether a read shows the new state; a read that failed shows nothing yet."""
    try:
        return await action.seen()
    except CALL_ERRORS:
        measured.read_errors += 1
        return False


async def _seen_at(
    action: Action, pushed: asyncio.Future[float], deadline: float, watch: Watch, measured: Measured
) -> float | None:
    """The loop's time when a read first shows the new state: read when the socket tells of the change, else after
    the watch's fallback wait; None if not by the deadline."""
    loop = asyncio.get_running_loop()
    wait_s = watch.fallback_read_s
    while loop.time() < deadline:
        if not pushed.done():
            await asyncio.wait({pushed}, timeout=min(wait_s, max(0.0, deadline - loop.time())))
        if await _read(action, measured):
            return loop.time()
        if pushed.done():
            await asyncio.sleep(wait_s)
        wait_s = min(2 * wait_s, watch.max_fallback_read_s)
    return None


async def _run_one(
    action: Action, kind: str, scheduled: float, measured: Measured, counted: bool, watch: Watch
) -> None:
    loop = asyncio.get_running_loop()
    if counted:
        measured.sent_at.append(loop.time())
        measured.send_lag_s.append(loop.time() - scheduled)
    pushed = action.pushed()
    deadline = scheduled + watch.lost_after_s
    try:
        await action.send()
    except CALL_ERRORS as error:
        if counted:
            measured.failed(kind, error)
        return
    seen_at = await _seen_at(action, pushed, deadline, watch, measured)
    if not counted:
        return
    if seen_at is None:
        measured.lost[kind] += 1
    else:
        measured.latencies_s[kind].append(seen_at - scheduled)
        measured.late[kind] += seen_at - scheduled > LATE_AFTER_S
    try:
        arrived = await asyncio.wait_for(pushed, max(0.01, deadline - loop.time()))
    except TimeoutError:
        measured.push_lost[kind] += 1
        return
    measured.push_latencies_s[kind].append(arrived - scheduled)
    measured.push_late[kind] += arrived - scheduled > LATE_AFTER_S


async def send_open_loop(
    actions: dict[str, list[Action]],
    measured: Measured,
    rate_per_s: float,
    total: int,
    counted_from: int = 0,
    watch: Watch = Watch(),
) -> tuple[float, list[asyncio.Task[None]]]:
    """Open loop: action n at n / rate_per_s, the kinds in turn, counted from action counted_from on; actions overdue
    are started together, ahead of the work of those already sent. Returns the seconds the sends took and the
    watches still running, which end once their action is seen or lost."""
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.5
    running = []
    for n in range(total):
        scheduled = start + n / rate_per_s
        if scheduled > loop.time():
            await asyncio.sleep(scheduled - loop.time())
        kind = KINDS[n % len(KINDS)]
        action = actions[kind][n // len(KINDS)]
        running.append(asyncio.create_task(_run_one(action, kind, scheduled, measured, n >= counted_from, watch)))
    return loop.time() - start, running
