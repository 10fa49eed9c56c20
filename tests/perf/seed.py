"""Bulk data through COPY: users once, then trips (with their host and member rows) up to a total."""

import random
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

import psycopg

from domain import clock
from domain.routing import detour_budget_m
from domain.rules import choices
from domain.settings import RouteSettings
from tests.perf.geography import ENDPOINT_SPREAD_KM, Geography, haversine_km
from tests.perf.harness import log

FUTURE_SHARE = 0.25
FUTURE_DAYS = 30
PAST_DAYS = 365
CHUNK = 50_000
# Departures cluster around the office peaks.
HOUR_WEIGHTS = (1, 1, 1, 1, 1, 2, 4, 8, 10, 9, 6, 4, 4, 4, 4, 5, 6, 8, 10, 9, 6, 4, 2, 1)
MODES = (choices.TRANSPORT_CAB, choices.TRANSPORT_AUTO, choices.TRANSPORT_UNDECIDED, choices.TRANSPORT_SELF_DRIVE)
MEMBER_STATUSES = ("active", "active", "active", "requested", "requested", "left")
NOTES = (None, None, None, "Two bags, will wait at the gate", "Ladies only please", "Leaving sharp on time")
# How far hosts go out of their way (domain/rules/choices.py DETOUR_CHOICES): most keep the default of 10 minutes.
DETOUR_WEIGHTS = {0: 2, 5: 2, 10: 10, 15: 2, 20: 1, 30: 1}
ROUTE_SETTINGS = RouteSettings()

TRIP_COLUMNS = (
    "id, host_id, status, scheduled_at, origin_name, origin_place_id, origin_latitude, origin_longitude, "
    "destination_name, destination_place_id, destination_latitude, destination_longitude, total_passengers, "
    "preferred_mode_of_transport, is_vehicle_booked, estimated_cost, additional_note, distance_km, "
    "created_at, updated_at"
)
# Each trip's detour budget too (riders along the way); the chat benchmark's trips are written without one.
DETOUR_COLUMNS = "max_detour_minutes, detour_budget_m"
PASSENGER_COLUMNS = "id, trip_id, user_id, type, status, small_luggage, large_luggage, created_at, updated_at"
USER_COLUMNS = (
    "id, mobile_number, name, gender, dob, small_image_key, medium_image_key, is_kyc_verified, "
    "referral_code, average_rating"
)
FIRST_NAMES = ("Aarav", "Vivaan", "Aditya", "Ananya", "Diya", "Ishaan", "Kavya", "Meera", "Rohan", "Saanvi", "Arjun")
LAST_NAMES = ("Sharma", "Iyer", "Reddy", "Patel", "Das", "Nair", "Gupta", "Khan", "Singh", "Menon", "Joshi")


def seed_users(connection: psycopg.Connection, count: int, rng: random.Random) -> None:
    started = time.monotonic()
    with connection.cursor() as cursor, cursor.copy(f"COPY users ({USER_COLUMNS}) FROM STDIN") as copy:
        for user_id in range(1, count + 1):
            image = f"users/{user_id}/small.webp" if rng.random() < 0.7 else None
            copy.write_row(
                (
                    user_id,
                    f"8{user_id:09d}",
                    f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}",
                    rng.choice(("MALE", "FEMALE", "FEMALE", "OTHERS")),
                    date(1970 + rng.randrange(35), 1 + rng.randrange(12), 1 + rng.randrange(28)),
                    image,
                    image and image.replace("small", "medium"),
                    rng.random() < 0.3,
                    f"PERF{user_id:08d}",
                    Decimal(rng.randrange(300, 500)) / 100,
                )
            )
    connection.execute("SELECT setval('users_id_seq', %s)", (count,))
    connection.commit()
    log(f"seeded {count} users in {time.monotonic() - started:.1f} s")


def _departure(rng: random.Random, now: datetime) -> datetime:
    today = now.astimezone(clock.IST).replace(hour=0, minute=0, second=0, microsecond=0)
    hour = rng.choices(range(24), weights=HOUR_WEIGHTS)[0]
    if rng.random() < FUTURE_SHARE:
        day = today + timedelta(days=rng.randrange(1, FUTURE_DAYS + 1))
    else:
        day = today - timedelta(days=rng.randrange(1, PAST_DAYS + 1))
    return day + timedelta(hours=hour, minutes=rng.randrange(0, 60, 5))


def _count(connection: psycopg.Connection, table: str) -> int:
    row = connection.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()  # noqa: S608
    assert row is not None
    return int(row[0])


def _trip_rows(
    geography: Geography, rng: random.Random, now: datetime, trip_ids: range, users: int
) -> Iterator[tuple[Any, ...]]:
    for trip_id in trip_ids:
        origin, destination = geography.route(rng)
        start = geography.near(rng, origin, ENDPOINT_SPREAD_KM)
        end = geography.near(rng, destination, ENDPOINT_SPREAD_KM)
        distance = haversine_km(start, end)
        scheduled_at = _departure(rng, now)
        created_at = min(scheduled_at, now) - timedelta(hours=rng.randrange(1, 96))
        mode = rng.choice(MODES)
        booked = mode != choices.TRANSPORT_UNDECIDED and rng.random() < 0.5
        cost = Decimal(min(99_999, round(40 + distance * rng.uniform(12, 22)))) if booked else Decimal(0)
        detour = rng.choices(tuple(DETOUR_WEIGHTS), weights=tuple(DETOUR_WEIGHTS.values()))[0]
        yield (
            trip_id,
            rng.randint(1, users),
            "CANCELLED" if rng.random() < 0.05 else "ACTIVE",
            scheduled_at,
            origin.name,
            origin.place_id,
            start[0],
            start[1],
            destination.name,
            destination.place_id,
            end[0],
            end[1],
            rng.randint(2, 4),
            mode,
            booked,
            cost,
            rng.choice(NOTES),
            distance,
            created_at,
            created_at,
            detour,
            detour_budget_m(ROUTE_SETTINGS, mode, scheduled_at, detour),
        )


def _passenger_rows(
    rng: random.Random, trip: tuple[Any, ...], users: int, last_id: int, out: list[tuple[object, ...]]
) -> int:
    """The host's row and up to two members' (active, requested or left); returns the last id used."""
    trip_id, host, created_at, seats = trip[0], trip[1], trip[18], trip[12]
    last_id += 1
    out.append((last_id, trip_id, host, "host", "active", 0, 0, created_at, created_at))
    wanted = min(seats - 1, rng.choices((0, 1, 2), weights=(5, 3, 2))[0])
    if not wanted:
        return last_id
    members = [user for user in rng.sample(range(1, users + 1), wanted + 1) if user != host][:wanted]
    for member in members:
        last_id += 1
        status = rng.choice(MEMBER_STATUSES)
        out.append(
            (last_id, trip_id, member, "member", status, rng.randrange(3), rng.randrange(2), created_at, created_at)
        )
    return last_id


def seed_trips(
    connection: psycopg.Connection, geography: Geography, total: int, users: int, rng: random.Random
) -> dict[str, float]:
    """Adds trips until the table holds `total`; returns how long loading and ANALYZE took."""
    started = time.monotonic()
    first_trip = _count(connection, "trips") + 1
    passenger_id = _count(connection, "trip_passengers")
    now = datetime.now(UTC)
    connection.execute("SET session_replication_role = replica")  # skip FK triggers: ids are consistent by design
    trip_id = first_trip
    with connection.cursor() as cursor:
        while trip_id <= total:
            last = min(total, trip_id + CHUNK - 1)
            people: list[tuple[object, ...]] = []
            with cursor.copy(f"COPY trips ({TRIP_COLUMNS}, {DETOUR_COLUMNS}) FROM STDIN") as copy:
                for row in _trip_rows(geography, rng, now, range(trip_id, last + 1), users):
                    copy.write_row(row)
                    passenger_id = _passenger_rows(rng, row, users, passenger_id, people)
            with cursor.copy(f"COPY trip_passengers ({PASSENGER_COLUMNS}) FROM STDIN") as copy:
                for person in people:
                    copy.write_row(person)
            trip_id = last + 1
    connection.execute("SET session_replication_role = DEFAULT")
    connection.execute("SELECT setval('trips_id_seq', %s)", (total,))
    connection.execute("SELECT setval('trip_passengers_id_seq', %s)", (passenger_id,))
    connection.commit()
    loaded = time.monotonic()
    connection.autocommit = True
    connection.execute("VACUUM ANALYZE trips")
    connection.execute("VACUUM ANALYZE trip_passengers")
    connection.execute("VACUUM ANALYZE users")
    connection.autocommit = False
    analysed = time.monotonic()
    log(f"trips {first_trip - 1} -> {total}: COPY {loaded - started:.1f} s, VACUUM ANALYZE {analysed - loaded:.1f} s")
    return {"copy_s": round(loaded - started, 1), "vacuum_analyze_s": round(analysed - loaded, 1)}
