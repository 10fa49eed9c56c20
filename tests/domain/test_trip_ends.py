"""A trip's or a commute's end is one value (domain/models/ends.py) over the four columns it always had."""

import uuid
from datetime import UTC, datetime, time

from sqlalchemy import create_engine, inspect, text
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from domain.models import Trip, TripEnd, TripSeries, User
from tests.places import KORAMANGALA, WHITEFIELD

FIELDS = ("name", "place_id", "latitude", "longitude")


def test_each_end_maps_over_its_own_four_columns():
    for model in (Trip, TripSeries):
        for end in ("origin", "destination"):
            columns = [column.name for column in inspect(model).attrs[end].columns]
            assert columns == [f"{end}_{field}" for field in FIELDS]


def test_ends_are_written_to_their_columns_and_read_back_whole(database_url):
    origin, destination = TripEnd(**KORAMANGALA), TripEnd(**WHITEFIELD)
    engine = create_engine(database_url, poolclass=NullPool)
    with Session(engine) as session:
        host = User(name="Host", referral_code=f"R{uuid.uuid4().hex[:12]}")
        session.add(host)
        session.flush()
        trip = Trip(
            host_id=host.id,
            scheduled_at=datetime(2030, 1, 7, 4, 30, tzinfo=UTC),
            origin=origin,
            destination=destination,
            total_passengers=3,
            preferred_mode_of_transport=1,
            distance_km=14.2,
        )
        series = TripSeries(
            host_id=host.id,
            origin=origin,
            destination=destination,
            departs_at=time(9, 0),
            weekdays=[0, 2, 4],
            total_passengers=3,
            preferred_mode_of_transport=1,
        )
        session.add_all([trip, series])
        session.flush()
        columns = ", ".join(f"{end}_{field}" for end in ("origin", "destination") for field in FIELDS)
        for table, row_id in (("trips", trip.id), ("trip_series", series.id)):
            stored = session.execute(text(f"SELECT {columns} FROM {table} WHERE id = :id"), {"id": row_id}).one()  # noqa: S608
            assert tuple(stored) == (*(KORAMANGALA[f] for f in FIELDS), *(WHITEFIELD[f] for f in FIELDS))
        session.expire_all()
        for model, row_id in ((Trip, trip.id), (TripSeries, series.id)):
            read = session.get(model, row_id)
            assert read is not None
            assert (read.origin, read.destination) == (origin, destination)
        session.rollback()
    engine.dispose()
