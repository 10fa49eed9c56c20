"""Hostile free text through the real API: every free-text field at its limit with the worst characters, and a body
just under the 64 KB cap (api/security/body_limit.py) of them, while an ordinary reader keeps reading a trip.

- hostile: HOSTILE_CLIENTS signed-in clients together offer HOSTILE_RATE_PER_S requests a second (open loop, latency
  from each request's scheduled send), taking the hostile requests in turn: for each field (a trip's note on create
  and edit, a join or leave note, a question, an answer, feedback, a report's reason, a delete reason, a cab issue,
  a place name, the profile's name) its longest text of different private-use characters (refused, each one new to
  the rule), its longest text that sends every character through the rule's slow path (emoji joined by joiners and
  a subdivision flag, then one refused character), and the whole body's worth of private-use characters. Each must
  be refused (400) and answer within P95_LIMIT_MS at p95, the API spending at most CPU_LIMIT_MS of CPU on each
  (what it spent while they ran less what the reader's requests took alone);
- reader: READER_CLIENTS clients offer READER_RATE_PER_S reads of one trip (GET /api/trip/trip/{id}), alone and then
  while the hostile requests run; its p95 while they run must stay within P95_LIMIT_MS (reader_p95_delay_ms, the
  p95 with them less the p95 alone, is reported: on a shared machine part of it is only the added load).

One API worker process serves both, so a request that held its event loop would delay the reader by as much. The
rule's own time over the whole body's text, in this process, is reported beside (rule_ms).

`python -m tests.perf.run_all hostile_text` runs this one alone."""

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx

from api.security.body_limit import JSON_MAX_BYTES
from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.rules import limits
from domain.rules.text import characters_refusal, refused_characters
from tests.perf import harness
from tests.perf.harness import BenchmarkResult, at_most, latency_summary, log
from tests.perf.load import CpuMeter, HttpConnection, wait_for_quiet_machine
from tests.places import KORAMANGALA, WHITEFIELD
from tests.unusual_text import unusual_characters, unusual_text

NAME = "hostile_text"
WARMUP_S = 2.0
DURATION_S = 10.0
HOSTILE_CLIENTS = 8
HOSTILE_RATE_PER_S = 40.0
READER_CLIENTS = 4
READER_RATE_PER_S = 20.0
P95_LIMIT_MS = 20.0
# What the API may spend on one hostile request: a stall costs seconds.
CPU_LIMIT_MS = 10.0
# Each phase waits at most this long for a quiet machine, so the whole run stays under a minute.
QUIET_WAIT_S = 3.0
# A body just under the cap, so the API reads it whole.
BODY_TEXT_BYTES = JSON_MAX_BYTES - 1024
# Emoji the rule must look at character by character: a family joined by joiners, Scotland's flag.
FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
PROFILE_NAME_MAX_LENGTH = 100  # api/users/schemas.py


@dataclass(frozen=True)
class TextField:
    """A free-text field: where it is sent, by whom, in what body, and its longest text."""

    name: str
    method: str
    path: str
    sender: str  # "host" or "guest"
    body: Callable[[str], dict[str, Any]]
    max_length: int


@dataclass(frozen=True)
class HostileRequest:
    about: str
    kind: str
    method: str
    path: str
    sender: str
    content: bytes
    expected_status: int = 400


def slow_path_text(length: int) -> str:
    """length characters, each looked at one by one (joiners and a flag), the last one refused."""
    pattern = FAMILY + " " + SCOTLAND + " "
    text = (pattern * (length // len(pattern) + 1))[: length - 1]
    return text + unusual_characters(1)


def trip_body(**overrides: Any) -> dict[str, Any]:
    return {
        "origin": KORAMANGALA,
        "destination": WHITEFIELD,
        "time_of_trip": time.strftime("%Y-%m-%d 09:30", time.localtime(time.time() + 3 * 86400)),
        "total_passengers": 3,
        "preferred_mode_of_transport": 1,
        "is_vehicle_booked": False,
        **overrides,
    }


def fields(trip_id: int, query_id: int, host_id: int) -> list[TextField]:
    note, message = limits.TRIP_NOTE_MAX_LENGTH, limits.MESSAGE_MAX_LENGTH
    return [
        TextField("trip_note", "POST", "/api/trip/trip", "host", lambda text: trip_body(additional_note=text), note),
        TextField(
            "trip_edit_note", "PUT", f"/api/trip/trip/{trip_id}", "host", lambda text: {"additional_note": text}, note
        ),
        TextField(
            "place_name",
            "POST",
            "/api/trip/trip",
            "host",
            lambda text: trip_body(origin={**KORAMANGALA, "name": text}),
            200,
        ),
        TextField(
            "join_note",
            "POST",
            "/api/trip/user",
            "guest",
            lambda text: {"trip_id": trip_id, "additional_note": text},
            note,
        ),
        TextField(
            "leave_note",
            "PUT",
            "/api/trip/user/passenger",
            "guest",
            lambda text: {"trip_id": trip_id, "action": "LEAVE", "additional_note": text},
            note,
        ),
        TextField(
            "question", "POST", "/api/trip/query", "guest", lambda text: {"trip_id": trip_id, "question": text}, message
        ),
        TextField("answer", "PUT", f"/api/trip/query/{query_id}", "host", lambda text: {"answer": text}, message),
        TextField(
            "feedback_note",
            "POST",
            "/api/user/feedback",
            "guest",
            lambda text: {"services": ["trips"], "features": ["search"], "note": text},
            limits.FEEDBACK_NOTE_MAX_LENGTH,
        ),
        TextField(
            "report_reason",
            "POST",
            f"/api/user/block/{host_id}",
            "guest",
            lambda text: {"report_user": True, "reason": text},
            500,
        ),
        TextField(
            "delete_reason",
            "DELETE",
            f"/api/trip/trip/{trip_id}",
            "host",
            lambda text: {"reason": text},
            limits.CANCELLATION_REASON_MAX_LENGTH,
        ),
        TextField("cab_issue", "POST", f"/api/trip/cab/support/{trip_id}", "host", lambda text: {"issue": text}, 500),
        TextField(
            "profile_name", "PUT", "/api/user/user", "host", lambda text: {"name": text}, PROFILE_NAME_MAX_LENGTH
        ),
    ]


def hostile_requests(all_fields: list[TextField]) -> list[HostileRequest]:
    """Each field's three hostile texts, as the bodies sent (UTF-8, as a browser sends them)."""
    requests = []
    for text_field in all_fields:
        texts = {
            "at_limit_unusual": unusual_characters(text_field.max_length),
            "at_limit_slow_path": slow_path_text(text_field.max_length),
            "over_limit_64kb": unusual_text(BODY_TEXT_BYTES),
        }
        for kind, text in texts.items():
            content = json.dumps(text_field.body(text), ensure_ascii=False).encode()
            assert len(content) < JSON_MAX_BYTES, (text_field.name, kind, len(content))
            requests.append(
                HostileRequest(text_field.name, kind, text_field.method, text_field.path, text_field.sender, content)
            )
    return requests


def browser_connection(base_url: str, cookies: httpx.Cookies) -> HttpConnection:
    """A keep-alive connection of a signed-in browser (its cookies, its CSRF header) sending JSON bodies."""
    return HttpConnection(base_url, cookies, {CSRF_HEADER: cookies[CSRF_COOKIE], "Content-Type": "application/json"})


@dataclass
class Timings:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    by_kind: dict[str, list[float]] = field(default_factory=dict)


async def open_loop(
    connections: list[HttpConnection],
    requests: list[HostileRequest],
    rate_per_s: float,
    started: float,
    warmup_s: float,
    duration_s: float,
) -> Timings:
    """Each connection sends every len(connections) / rate_per_s seconds, their phases staggered, taking the requests
    in turn; latency from the scheduled send, kept for the requests scheduled after the warm-up that answered their
    expected status (else counted as errors)."""
    timings = Timings()
    interval = len(connections) / rate_per_s
    stop_at = started + warmup_s + duration_s
    numbers = itertools.count()

    async def loop(connection: HttpConnection, offset: int) -> None:
        scheduled = started + offset * interval / len(connections)
        while scheduled < stop_at:
            delay = scheduled - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            request = requests[next(numbers) % len(requests)]
            status = await connection.request(request.method, request.path, request.content)
            latency = time.perf_counter() - scheduled
            if scheduled >= started + warmup_s:
                if status == request.expected_status:
                    timings.latencies.append(latency)
                    timings.by_kind.setdefault(request.kind, []).append(latency)
                else:
                    timings.errors += 1
            scheduled += interval

    await asyncio.gather(*(loop(connection, offset) for offset, connection in enumerate(connections)))
    return timings


def set_up(base_url: str) -> tuple[list[HostileRequest], HostileRequest, dict[str, httpx.Cookies]]:
    """Two people (a host with a trip, a guest who asked about it), the hostile requests and the reader's."""
    host_cookies, host_id = harness.sign_in(base_url)
    guest_cookies, _ = harness.sign_in(base_url)
    with (
        httpx.Client(base_url=base_url, cookies=host_cookies, headers={CSRF_HEADER: host_cookies[CSRF_COOKIE]}) as host,
        httpx.Client(
            base_url=base_url, cookies=guest_cookies, headers={CSRF_HEADER: guest_cookies[CSRF_COOKIE]}
        ) as guest,
    ):
        created = host.post("/api/trip/trip", json=trip_body())
        created.raise_for_status()
        trip_id = int(created.json()["data"]["trip_id"])
        guest.post("/api/trip/query", json={"trip_id": trip_id, "question": "Room for two bags?"}).raise_for_status()
        query_id = int(host.get(f"/api/trip/trip/{trip_id}").json()["data"]["queries"][0]["id"])
    reading = HostileRequest("trip", "read", "GET", f"/api/trip/trip/{trip_id}", "guest", b"", 200)
    requests = hostile_requests(fields(trip_id, query_id, host_id))
    return requests, reading, {"host": host_cookies, "guest": guest_cookies}


async def measure(api: harness.Service, meter: CpuMeter) -> dict[str, Any]:
    requests, reading, cookies = await asyncio.to_thread(set_up, api.url)
    hostile_by_sender = {sender: [request for request in requests if request.sender == sender] for sender in cookies}
    readers = [browser_connection(api.url, cookies["guest"]) for _ in range(READER_CLIENTS)]
    attackers = {
        sender: [browser_connection(api.url, cookies[sender]) for _ in range(HOSTILE_CLIENTS // 2)]
        for sender in cookies
    }
    every = [*readers, *attackers["host"], *attackers["guest"]]
    figures: dict[str, Any] = {"hostile_requests": len(requests)}
    try:
        for connection in every:  # open the connections before the clock runs
            await connection.request("GET", "/api/auth/session")
        quiet = await asyncio.to_thread(wait_for_quiet_machine, max_wait_s=QUIET_WAIT_S)
        meter.start()
        alone = await open_loop(readers, [reading], READER_RATE_PER_S, time.perf_counter(), WARMUP_S, DURATION_S)
        figures["reader_alone"] = {
            **latency_summary(alone.latencies, DURATION_S, alone.errors),
            **meter.stop(),
            **quiet,
        }
        log(f"reader alone: {figures['reader_alone']}")

        quiet = await asyncio.to_thread(wait_for_quiet_machine, max_wait_s=QUIET_WAIT_S)
        meter.start()
        started = time.perf_counter()
        reader, *hostile_sides = await asyncio.gather(
            open_loop(readers, [reading], READER_RATE_PER_S, started, WARMUP_S, DURATION_S),
            *(
                open_loop(
                    attackers[sender], hostile_by_sender[sender], HOSTILE_RATE_PER_S / 2, started, WARMUP_S, DURATION_S
                )
                for sender in cookies
            ),
        )
        cpu = meter.stop()
    finally:
        await asyncio.gather(*(connection.close() for connection in every))
    hostile = [latency for side in hostile_sides for latency in side.latencies]
    errors = sum(side.errors for side in hostile_sides)
    figures["reader_with_hostile"] = {**latency_summary(reader.latencies, DURATION_S, reader.errors), **quiet}
    figures["hostile"] = {**latency_summary(hostile, DURATION_S, errors), **cpu}
    # The API's CPU for the hostile requests: all it spent less what the reader's requests took alone.
    reader_cpu_s = figures["reader_alone"]["api_cpu_s"] * len(reader.latencies) / max(len(alone.latencies), 1)
    hostile_cpu_ms = (cpu["api_cpu_s"] - reader_cpu_s) * 1000 / max(len(hostile), 1)
    figures["hostile"]["api_cpu_ms_per_request"] = round(hostile_cpu_ms, 2)
    for kind in ("at_limit_unusual", "at_limit_slow_path", "over_limit_64kb"):
        latencies = [latency for side in hostile_sides for latency in side.by_kind.get(kind, [])]
        figures[f"hostile_{kind}"] = latency_summary(latencies, DURATION_S, 0)
    log(f"reader with hostile: {figures['reader_with_hostile']}")
    log(f"hostile: {figures['hostile']}")
    return figures


def rule_ms() -> dict[str, float]:
    """The free-text rule's own time over the whole body's worth of the worst text, in this process: the refusal as
    the API makes it, and every refused character collected."""
    text = unusual_text(BODY_TEXT_BYTES)
    timed = {}
    for name, check in {
        "refusal_ms": lambda: characters_refusal(text, "{characters}", rows=True),
        "full_scan_ms": lambda: refused_characters(text, rows=True),
    }.items():
        started = time.perf_counter()
        check()
        timed[name] = round((time.perf_counter() - started) * 1000, 2)
    return {"characters": len(text), **timed}


def run() -> BenchmarkResult:
    result = BenchmarkResult()
    result.figures["config"] = {
        "api": harness.api_description(1),
        "hostile": {"clients": HOSTILE_CLIENTS, "offered_rate_per_s": HOSTILE_RATE_PER_S},
        "reader": {"clients": READER_CLIENTS, "offered_rate_per_s": READER_RATE_PER_S, "path": "/api/trip/trip/{id}"},
        "warmup_s": WARMUP_S,
        "duration_s": DURATION_S,
        "body_text_bytes": BODY_TEXT_BYTES,
        "latency_from": "scheduled send time (open loop)",
    }
    result.figures["rule_ms"] = rule_ms()
    with contextlib.ExitStack() as stack:
        work = stack.enter_context(harness.temp_dir("humsafar-perf-hostile-"))
        log(f"starting PostgreSQL, Temporal and the API under {work}")
        database = stack.enter_context(harness.embedded_postgres(work / "db"))
        temporal = stack.enter_context(harness.temporal_dev_server())
        api = stack.enter_context(harness.api_server(database.url, temporal.url, work / "api", 1))
        meter = CpuMeter({"api": api.pid, "postgres": database.pid})
        result.figures.update(asyncio.run(measure(api, meter)))
    figures = result.figures
    alone, during = figures["reader_alone"]["p95_ms"], figures["reader_with_hostile"]["p95_ms"]
    figures["reader_p95_delay_ms"] = round(during - alone, 2)
    result.targets.append(at_most("hostile_p95_ms", figures["hostile"]["p95_ms"], P95_LIMIT_MS, " ms"))
    result.targets.append(at_most("reader_p95_ms_with_hostile", during, P95_LIMIT_MS, " ms"))
    cpu_ms = figures["hostile"]["api_cpu_ms_per_request"]
    result.targets.append(at_most("hostile_api_cpu_ms_per_request", cpu_ms, CPU_LIMIT_MS, " ms"))
    result.targets.append(at_most("hostile_errors", figures["hostile"]["errors"], 0))
    result.notes.append(
        "Every hostile request must be refused (400); an answer of any other status counts as an error. The reader's "
        "delay is its p95 while the hostile requests run less its p95 alone."
    )
    return result


if __name__ == "__main__":
    print(json.dumps(run().as_json(), indent=2))
