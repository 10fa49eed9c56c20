"""Riders along the way at 100k and 1M trips: riders whose pick-up and drop lie on the way between two
localities, searched through the real API and as the very same SQL, measured as trip_search measures route search
(open-loop p95, closed-loop rates, the busiest query's plan), with every seeded trip given a detour budget
(tests/perf/seed.py).

Recall: for RECALL_QUERIES of the searches, the statement's trips (with no limit on how many) against an exhaustive
scan in Python of the same rule (domain/rules/along.py along_detour and the ends rule, from the ends' cells, with
each trip's estimated travel) over every active trip of that day: recall is the share of the scan's matches the
statement found, false_matches the trips it found that the scan did not."""

import os
import random
import time
from collections import defaultdict
from datetime import date, timedelta
from typing import Any

import psycopg

from api.security.hashing import token_hash
from api.trips.queries.rows import TripRow
from api.trips.queries.search import MATCH_COLUMNS, Page, TripFilters, route_search
from domain import clock
from domain.routing import estimated_travel
from domain.rules.along import MatchKind, Point, along_detour
from domain.rules.geo import approximate, distance_km
from domain.settings import RouteSettings, Settings
from tests.perf import harness
from tests.perf.geography import Geography, Locality, offset
from tests.perf.harness import BenchmarkResult, at_least, at_most, log
from tests.perf.load import SqlQuery
from tests.perf.seed import seed_trips
from tests.perf.trip_search import (
    API_SHARE_OF_SQL,
    API_WORKERS,
    CONCURRENCY,
    GROWTH_LIMIT,
    QUERY_COUNT,
    RATE_PER_S,
    SEARCH_DAYS_AHEAD,
    USERS,
    day_window,
    search_query,
    search_stack,
)

NAME = "along_the_way"
# A found row: the viewer's id, TripRow's columns, then MATCH_COLUMNS (api/trips/queries/search.py Search).
MATCH_KIND_COLUMN = 1 + len(TripRow._fields) + MATCH_COLUMNS.index("match_kind")
SIZES = tuple(int(size) for size in os.environ.get("PERF_ALONG_SIZES", "100000,1000000").split(","))
P95_LIMIT_MS = 25.0
RECALL_QUERIES = int(os.environ.get("PERF_ALONG_RECALL_QUERIES", "300"))
# The rider's points lie this far (km, each way, at random) off the straight line between the localities.
OFF_THE_WAY_KM = 0.8


def _between(a: Locality, b: Locality, share: float, rng: random.Random) -> tuple[float, float]:
    latitude = a.latitude + (b.latitude - a.latitude) * share
    longitude = a.longitude + (b.longitude - a.longitude) * share
    return offset(latitude, longitude, rng.gauss(0, OFF_THE_WAY_KM), rng.gauss(0, OFF_THE_WAY_KM))


def along_queries(
    geography: Geography, rng: random.Random, radius_km: float, session_token: str
) -> list[tuple[tuple[float, float], tuple[float, float], date, tuple[dict[str, str], SqlQuery]]]:
    """Riders travelling part of a way people drive: from a point a fifth to a half of the way from one locality to
    another, to a point further on, on one of the next two weeks' days; with their points and day."""
    today = clock.now().astimezone(clock.IST).date()
    queries = []
    for _ in range(QUERY_COUNT):
        start, end = geography.route(rng)
        first = rng.uniform(0.2, 0.5)
        pickup, drop = _between(start, end, first, rng), _between(start, end, rng.uniform(first + 0.2, 0.9), rng)
        day = today + timedelta(days=rng.randint(1, SEARCH_DAYS_AHEAD))
        names = (Locality(f"On the way from {start.name}", "", *pickup), Locality(f"towards {end.name}", "", *drop))
        query = search_query(pickup, drop, day, names, radius_km, session_token)
        queries.append((pickup, drop, day, query))
    return queries


class DayTrips:
    """Every active trip of a day, as the rule sees it: the ends' cells, the budget and the estimated travel."""

    def __init__(self, connection: psycopg.Connection, route: RouteSettings) -> None:
        self.connection, self.route = connection, route
        self.by_day: dict[date, list[tuple[int, Point, Point, int, Any]]] = {}

    def of(self, day: date) -> list[tuple[int, Point, Point, int, Any]]:
        if day not in self.by_day:
            rows = self.connection.execute(
                "SELECT id, origin_latitude, origin_longitude, destination_latitude, destination_longitude, "
                "max_detour_minutes, preferred_mode_of_transport, scheduled_at FROM trips "
                "WHERE status = 'ACTIVE' AND (scheduled_at AT TIME ZONE 'Asia/Kolkata')::date = %s "
                "AND scheduled_at > now()",
                (day,),
            ).fetchall()
            self.by_day[day] = [
                (
                    trip_id,
                    Point(*approximate(o_lat, o_lng)),
                    Point(*approximate(d_lat, d_lng)),
                    minutes,
                    estimated_travel(self.route, mode, scheduled_at),
                )
                for trip_id, o_lat, o_lng, d_lat, d_lng, minutes, mode, scheduled_at in rows
            ]
        return self.by_day[day]


def scan(
    trips: list[tuple[int, Point, Point, int, Any]], pickup: Point, drop: Point, radius_km: float
) -> dict[int, MatchKind]:
    """The trips the rule matches, trip by trip, and how: at the ends, else along the way."""
    matched = {}
    for trip_id, origin, destination, minutes, travel in trips:
        at_ends = (
            distance_km(origin.latitude, origin.longitude, pickup.latitude, pickup.longitude) <= radius_km
            and distance_km(destination.latitude, destination.longitude, drop.latitude, drop.longitude) <= radius_km
        )
        if at_ends:
            matched[trip_id] = MatchKind.ENDS
        elif along_detour(origin, destination, pickup, drop, travel, minutes) is not None:
            matched[trip_id] = MatchKind.ALONG
    return matched


def recall(
    conninfo: str,
    queries: list[tuple[tuple[float, float], tuple[float, float], date, Any]],
    radius_km: float,
    session_token: str,
) -> dict[str, Any]:
    """The statement's matches (no limit) against the exhaustive scan, over the first RECALL_QUERIES searches."""
    started = time.monotonic()
    found_total = expected_total = hits = false_matches = 0
    kinds: dict[str, int] = defaultdict(int)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        days = DayTrips(connection, RouteSettings())
        for pickup, drop, day, _ in queries[:RECALL_QUERIES]:
            search = route_search(pickup, drop, day_window(day), radius_km, TripFilters(), Page(0, 1_000_000))
            values = search.query.parameters({**search.values, "token_hash": token_hash(session_token)})
            rows = connection.execute(search.query.sql.encode(), values).fetchall()
            found = {row[1] for row in rows if row[1] is not None}
            for row in rows:
                if row[1] is not None:
                    kinds[row[MATCH_KIND_COLUMN]] += 1
            expected = set(scan(days.of(day), Point(*pickup), Point(*drop), radius_km))
            found_total, expected_total = found_total + len(found), expected_total + len(expected)
            hits += len(found & expected)
            false_matches += len(found - expected)
        scanned = sum(len(trips) for trips in days.by_day.values())
    return {
        "queries": min(RECALL_QUERIES, len(queries)),
        "expected_matches": expected_total,
        "found_matches": found_total,
        "found_by_kind": dict(kinds),
        "recall": round(hits / expected_total, 6) if expected_total else None,
        "false_matches": false_matches,
        "trips_scanned_per_day": round(scanned / max(len(days.by_day), 1)),
        "seconds": round(time.monotonic() - started, 1),
    }


def run() -> BenchmarkResult:
    result = BenchmarkResult()
    result.figures["config"] = {
        "sizes": list(SIZES),
        "users": USERS,
        "queries": QUERY_COUNT,
        "rider_off_the_way_km": OFF_THE_WAY_KM,
        "recall_queries": RECALL_QUERIES,
        "measured_as": "trip_search: open-loop latency at the offered rate, closed-loop API and SQL rates",
        "offered_rate_per_s": RATE_PER_S,
        "clients": CONCURRENCY,
        "cpus": os.cpu_count(),
        "api": harness.api_description(API_WORKERS),
    }
    rng = random.Random(7)
    geography = Geography()
    radius_km = Settings(sandbox=True).trip_search_radius_km
    with search_stack(rng) as stack:
        token = stack.cookies["session"]
        queries = along_queries(geography, random.Random(13), radius_km, token)
        by_size: dict[str, Any] = {}
        for size in SIZES:
            seeding = seed_trips(stack.connection, geography, size, USERS, rng)
            log(f"measuring along the way at {size} trips")
            figures = stack.measure([query for *_, query in queries])
            figures["recall"] = recall(stack.conninfo, queries, radius_km, token)
            log(f"recall at {size}: {figures['recall']}")
            by_size[str(size)] = {"seeding": seeding, **figures}
        result.figures["by_size"] = by_size
    for size_key, figures in by_size.items():
        if size_key != str(SIZES[-1]):
            figures.pop("explain_busiest_plan", None)
    smallest, largest = by_size[str(SIZES[0])], by_size[str(SIZES[-1])]
    label = f"{SIZES[-1] // 1000}k"
    result.targets.append(at_most(f"api_p95_ms_at_{label}", largest["api_latency"]["p95_ms"], P95_LIMIT_MS, " ms"))
    for size_key, figures in by_size.items():
        size_label = f"{int(size_key) // 1000}k"
        result.targets.append(
            at_least(f"api_rate_share_of_sql_at_{size_label}", figures["api_rate_share_of_sql"], API_SHARE_OF_SQL)
        )
        result.targets.append(at_least(f"recall_at_{size_label}", figures["recall"]["recall"], 1.0))
        result.targets.append(at_most(f"false_matches_at_{size_label}", figures["recall"]["false_matches"], 0))
    small_p95, large_p95 = smallest["api_latency"]["p95_ms"], largest["api_latency"]["p95_ms"]
    growth = large_p95 / small_p95 if small_p95 and len(SIZES) > 1 else None
    result.targets.append(
        at_most(f"api_p95_growth_{SIZES[0] // 1000}k_to_{label}", growth and round(growth, 2), GROWTH_LIMIT, "x")
    )
    result.notes.append(
        f"p95: API latency at {RATE_PER_S:g} req/s offered by {CONCURRENCY} open-loop clients, from each request's "
        "scheduled send time; rates: closed-loop saturation as trip_search measures it."
    )
    result.notes.append("recall: the statement without a limit against the rule scanned over every trip of the day.")
    return result
