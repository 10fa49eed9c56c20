"""Whether a trip has completed, asked in SQL of many trips at once: the same rule as domain/rules/trip.py
completion_delay_seconds (its ends' distance at the city speed plus a margin, within the longest delay) and
api/safety/service/trips.py completes_at (or earlier, when its completion is already marked)."""

from datetime import datetime

from sqlalchemy import ColumnElement, Float, Interval, and_, cast, exists, func, select

from domain.models import Trip, TripCompletion
from domain.settings import Settings


def completes_at(settings: Settings) -> ColumnElement[datetime]:
    """When the Trip in the statement is expected to complete: its departure plus its expected duration."""
    travel_seconds = func.ceil(func.greatest(Trip.distance_km, 0.0) / settings.trip_city_speed_kmh * 3600)
    delay_seconds = func.least(
        travel_seconds + settings.trip_completion_margin_seconds, settings.trip_completion_delay_seconds
    )
    interval = func.make_interval(0, 0, 0, 0, 0, 0, cast(delay_seconds, Float), type_=Interval)
    return Trip.scheduled_at + interval


def not_completed(settings: Settings, now: datetime) -> ColumnElement[bool]:
    """The Trip in the statement has not completed by now: it is expected to complete later and its completion is
    not marked."""
    marked = exists(select(TripCompletion.trip_id).where(TripCompletion.trip_id == Trip.id))
    return and_(completes_at(settings) > now, ~marked)
