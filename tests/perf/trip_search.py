"""Route search at 10k, 100k and 1M trips through the real API with 50 concurrent signed-in clients, next to the very
same SQL sent straight to PostgreSQL, at each size:

- latency (api_latency, sql_latency): open loop, the 50 clients together offering RATE_PER_S requests a second on a
  fixed schedule, latency from each request's scheduled time (tests/perf/load.py);
- saturation (api_saturation, sql_saturation): closed loop, the 50 clients each sending again as soon as answered,
  for the most requests a second each side serves; its latency is mostly queueing (about 50 / rate). The two sides
  alternate, twice each (a list of rounds per side); api_rate_per_s and sql_rate_per_s are over all of a side's rounds.

The p95 targets read the open-loop latency, the rate target the closed-loop rates."""

import asyncio
import contextlib
import os
import random
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

import psycopg

from api.security.hashing import token_hash
from api.trips.queries.search import TripFilters, route_search
from domain import clock
from domain.db import CONNECT_ARGS, GENERIC_PLANS
from domain.settings import Settings
from tests.perf import harness
from tests.perf.geography import QUERY_SPREAD_KM, Geography, Locality
from tests.perf.harness import BenchmarkResult, at_least, at_most, log
from tests.perf.load import (
    CpuMeter,
    SqlQuery,
    http_load,
    open_loop_http_load,
    sql_load,
    wait_for_quiet_machine,
)
from tests.perf.seed import seed_trips, seed_users

NAME = "trip_search"
SIZES = tuple(int(size) for size in os.environ.get("PERF_TRIP_SIZES", "10000,100000,1000000").split(","))
USERS = 10_000
CONCURRENCY = 50
RATE_PER_S = float(os.environ.get("PERF_RATE_PER_S", "100"))
API_WORKERS = int(os.environ.get("PERF_API_WORKERS", "2"))
WARMUP_S = 3.0
DURATION_S = float(os.environ.get("PERF_DURATION_S", "15"))
SATURATION_S = float(os.environ.get("PERF_SATURATION_S", "10"))
# API and SQL saturation alternate, twice each, so a slower spell of the shared machine falls on both sides.
SATURATION_ROUNDS = 2
QUERY_COUNT = 2_000
SEARCH_DAYS_AHEAD = 14
PATH = "/api/trip/search"

P95_LIMIT_MS = 30.0
# The SQL side connects and prepares as the API's engine does (domain/db.py).
SQL_CONNECT_ARGS = CONNECT_ARGS | {"options": GENERIC_PLANS}
API_SHARE_OF_SQL = 0.5
GROWTH_LIMIT = 2.0


def day_window(day: date) -> tuple[datetime, datetime]:
    """The window the API searches for a date with the default start and end times (api/trips/queries/reads.py)."""
    return datetime.combine(day, time(0, 0), tzinfo=clock.IST), datetime.combine(
        day, time(23, 59), tzinfo=clock.IST
    ) + timedelta(seconds=59)


def search_query(
    origin: tuple[float, float],
    destination: tuple[float, float],
    day: date,
    names: tuple[Locality, Locality],
    radius_km: float,
    session_token: str,
) -> tuple[dict[str, str], SqlQuery]:
    """One search as the API's query string and as the SQL the API runs for it (route_search's statement, which
    also checks the reader's session), with its parameters."""
    origin = (round(origin[0], 6), round(origin[1], 6))
    destination = (round(destination[0], 6), round(destination[1], 6))
    params = {
        "origin_latitude": str(origin[0]),
        "origin_longitude": str(origin[1]),
        "destination_latitude": str(destination[0]),
        "destination_longitude": str(destination[1]),
        "date": day.isoformat(),
        "origin_name": names[0].name,
        "origin_place_id": names[0].place_id,
        "destination_name": names[1].name,
        "destination_place_id": names[1].place_id,
    }
    search = route_search(origin, destination, day_window(day), radius_km, TripFilters())
    values = {**search.values, "token_hash": token_hash(session_token)}
    return params, SqlQuery(search.query.sql, search.query.parameters(values), search.query.prepared)


def make_queries(
    geography: Geography, rng: random.Random, radius_km: float, session_token: str
) -> list[tuple[dict[str, str], SqlQuery]]:
    """What riders search: from near a locality to near another, on one of the next two weeks' days."""
    today = clock.now().astimezone(clock.IST).date()
    queries = []
    for _ in range(QUERY_COUNT):
        origin_locality, destination_locality = geography.route(rng)
        origin = geography.near(rng, origin_locality, QUERY_SPREAD_KM)
        destination = geography.near(rng, destination_locality, QUERY_SPREAD_KM)
        day = today + timedelta(days=rng.randint(1, SEARCH_DAYS_AHEAD))
        names = (origin_locality, destination_locality)
        queries.append(search_query(origin, destination, day, names, radius_km, session_token))
    return queries


def explain(conninfo: str, query: SqlQuery) -> tuple[float, list[str]]:
    with psycopg.connect(conninfo) as connection:
        rows = connection.execute(b"EXPLAIN (ANALYZE, BUFFERS) " + query.sql.encode(), query.params).fetchall()
    lines = [str(row[0]) for row in rows]
    execution = next((line for line in lines if line.startswith("Execution Time")), "Execution Time: nan ms")
    return float(execution.split(":")[1].split()[0]), lines


def _busiest(conninfo: str, queries: list[SqlQuery]) -> SqlQuery:
    """The query whose origin box holds the most trips: the worst case for the GiST prefilter."""
    with psycopg.connect(conninfo, autocommit=True) as connection:
        counts = []
        for query in queries[:200]:
            rows = connection.execute(query.sql.encode(), query.params).fetchall()
            counts.append((len(rows), query))
    return max(counts, key=lambda pair: pair[0])[1]


def _rate(rounds: list[dict[str, Any]]) -> float:
    """Requests a second over every round of one side's saturation."""
    return round(sum(phase["requests"] for phase in rounds) / sum(phase["seconds"] for phase in rounds), 1)


def measure(
    api: harness.Service,
    database: harness.Service,
    conninfo: str,
    cookies: Any,
    queries: list[tuple[dict[str, str], SqlQuery]],
) -> dict[str, Any]:
    http_queries = [params for params, _ in queries]
    sql_queries = [query for _, query in queries]
    meter = CpuMeter({"api": api.pid, "postgres": database.pid})
    figures: dict[str, Any] = {}
    phases: dict[str, Callable[[], Coroutine[Any, Any, dict[str, Any]]]] = {
        "api_latency": lambda: open_loop_http_load(
            api.url, PATH, cookies, http_queries, CONCURRENCY, RATE_PER_S, WARMUP_S, DURATION_S, meter
        ),
        "sql_latency": lambda: sql_load(
            conninfo, SQL_CONNECT_ARGS, sql_queries, CONCURRENCY, WARMUP_S, DURATION_S, meter, RATE_PER_S
        ),
        "api_saturation": lambda: http_load(
            api.url, PATH, cookies, http_queries, CONCURRENCY, WARMUP_S, SATURATION_S, meter
        ),
        "sql_saturation": lambda: sql_load(
            conninfo, SQL_CONNECT_ARGS, sql_queries, CONCURRENCY, WARMUP_S, SATURATION_S, meter
        ),
    }

    def run(name: str) -> dict[str, Any]:
        quiet = wait_for_quiet_machine()
        measured = {**asyncio.run(phases[name]()), **quiet}
        log(f"{name}: {measured}")
        return measured

    for name in ("api_latency", "sql_latency"):
        figures[name] = run(name)
    for name in ("api_saturation", "sql_saturation"):
        figures[name] = []
    for _ in range(SATURATION_ROUNDS):
        for name in ("api_saturation", "sql_saturation"):
            figures[name].append(run(name))
    api_rate, sql_rate = _rate(figures["api_saturation"]), _rate(figures["sql_saturation"])
    figures["api_rate_per_s"], figures["sql_rate_per_s"] = api_rate, sql_rate
    figures["api_rate_share_of_sql"] = round(api_rate / max(sql_rate, 0.1), 3)
    busiest = _busiest(conninfo, sql_queries)
    figures["explain_busiest_ms"], plan = explain(conninfo, busiest)
    figures["explain_busiest_plan"] = plan
    log("EXPLAIN ANALYZE of the busiest query:\n  " + "\n  ".join(plan))
    return figures


@dataclass(frozen=True)
class SearchStack:
    """PostgreSQL, Temporal and the API running, USERS users seeded, one of them signed in (cookies)."""

    api: harness.Service
    database: harness.Service
    conninfo: str
    connection: psycopg.Connection
    cookies: Any

    def measure(self, queries: list[tuple[dict[str, str], SqlQuery]]) -> dict[str, Any]:
        return measure(self.api, self.database, self.conninfo, self.cookies, queries)


@contextlib.contextmanager
def search_stack(rng: random.Random) -> Iterator[SearchStack]:
    with contextlib.ExitStack() as stack:
        work = stack.enter_context(harness.temp_dir("humsafar-perf-"))
        log(f"starting PostgreSQL, Temporal and the API under {work}")
        database = stack.enter_context(harness.embedded_postgres(work / "db"))
        temporal = stack.enter_context(harness.temporal_dev_server())
        api = stack.enter_context(harness.api_server(database.url, temporal.url, work / "api", API_WORKERS))
        conninfo = harness.libpq_url(database.url)
        connection = stack.enter_context(psycopg.connect(conninfo))
        seed_users(connection, USERS, rng)
        cookies, _ = harness.sign_in(api.url)
        yield SearchStack(api, database, conninfo, connection, cookies)


def run() -> BenchmarkResult:
    result = BenchmarkResult()
    result.figures["config"] = {
        "sizes": list(SIZES),
        "users": USERS,
        "concurrency": CONCURRENCY,
        "latency": {
            "mode": "open_loop",
            "offered_rate_per_s": RATE_PER_S,
            "clients": CONCURRENCY,
            "latency_from": "scheduled send time",
            "warmup_s": WARMUP_S,
            "duration_s": DURATION_S,
        },
        "saturation": {
            "mode": "closed_loop",
            "clients": CONCURRENCY,
            "warmup_s": WARMUP_S,
            "duration_s": SATURATION_S,
            "rounds": SATURATION_ROUNDS,
            "order": "API, SQL, API, SQL; each side's rate over its rounds",
        },
        "cpus": os.cpu_count(),
        "api": harness.api_description(API_WORKERS),
        "sql": f"psycopg AsyncConnection per client, autocommit, connected with the API engine's {SQL_CONNECT_ARGS}, "
        "each statement prepared as the API prepares it",
        "load_generator": "one Python process in the same machine: HTTP/1.1 keep-alive GETs (load.HttpConnection, "
        "gzip asked for, not inflated), SQL through psycopg",
        "machine": "API, PostgreSQL and the load generator share the machine with other jobs: each phase starts after "
        "a second under 0.5 busy cores or 10 s (quiet_wait_s, machine_busy_cores_before), and other processes' CPU "
        "during it is other_processes_cpu_s",
    }
    rng = random.Random(7)
    geography = Geography()
    radius_km = Settings(sandbox=True).trip_search_radius_km
    with search_stack(rng) as stack:
        queries = make_queries(geography, random.Random(11), radius_km, stack.cookies["session"])
        by_size: dict[str, Any] = {}
        for size in SIZES:
            seeding = seed_trips(stack.connection, geography, size, USERS, rng)
            log(f"measuring at {size} trips")
            by_size[str(size)] = {"seeding": seeding, **stack.measure(queries)}
        result.figures["by_size"] = by_size
    for size_key, figures in by_size.items():
        if size_key != str(SIZES[-1]):
            figures.pop("explain_busiest_plan", None)
    smallest, largest = by_size[str(SIZES[0])], by_size[str(SIZES[-1])]
    label = f"{SIZES[-1] // 1000}k"
    p95_at = f"at {RATE_PER_S:g} req/s offered by {CONCURRENCY} open-loop clients"
    result.targets.append(at_most(f"api_p95_ms_at_{label}", largest["api_latency"]["p95_ms"], P95_LIMIT_MS, " ms"))
    for size_key, figures in by_size.items():
        name = f"api_rate_share_of_sql_at_{int(size_key) // 1000}k"
        result.targets.append(at_least(name, figures["api_rate_share_of_sql"], API_SHARE_OF_SQL))
    small_p95, large_p95 = smallest["api_latency"]["p95_ms"], largest["api_latency"]["p95_ms"]
    growth = large_p95 / small_p95 if small_p95 else None
    result.targets.append(
        at_most(f"api_p95_growth_{SIZES[0] // 1000}k_to_{label}", growth and round(growth, 2), GROWTH_LIMIT, "x")
    )
    result.notes.append(f"p95 targets: API latency {p95_at}, measured from each request's scheduled send time.")
    result.notes.append(
        f"rate targets: closed-loop saturation, {CONCURRENCY} clients each, API ({API_WORKERS} uvicorn worker "
        f"processes) vs the same SQL through {CONCURRENCY} psycopg connections, {SATURATION_ROUNDS} alternating rounds "
        "each."
    )
    return result
