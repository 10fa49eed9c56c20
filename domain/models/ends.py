"""A trip's end, one value wherever a trip or a commute keeps, copies or shows where it starts or ends.

Trip and TripSeries map each end over four columns of their own ({end}_name, {end}_place_id, {end}_latitude,
{end}_longitude), so Python reads and writes the whole end while SQL still sees the columns: the stored cell centres
search measures from are computed from them (domain/rules/geo.py approximate_earth_sql), and the trip reads' compiled
statements select them one by one into a plain tuple (api/trips/queries/rows.py TripRow), which is cheaper than loading
composites into ORM objects for a page of search results.

The ends' cells (trips.origin_cell_earth, destination_cell_earth) are not part of the value: each is one computed
column only search's SQL reads. An end is shown exact or as its cell's centre in one place, api/trips/queries/views.py
end_view()."""

from dataclasses import dataclass

from sqlalchemy import Float, String
from sqlalchemy.orm import Composite, composite, mapped_column


@dataclass(frozen=True, slots=True)
class TripEnd:
    """Where a trip starts or ends, as the host picked it: the place's name and id and the exact point, which only
    the trip's host and active members see (a dropped pin is often a home; api/trips/queries/views.py shows everyone
    else the centre of its cell)."""

    name: str
    place_id: str
    latitude: float
    longitude: float

    @property
    def point(self) -> tuple[float, float]:
        return self.latitude, self.longitude


def trip_end_columns(end: str) -> Composite[TripEnd]:
    """The end named `end` ('origin' or 'destination') over its four columns."""
    return composite(
        TripEnd,
        mapped_column(f"{end}_name", String(200)),
        mapped_column(f"{end}_place_id", String(200)),
        mapped_column(f"{end}_latitude", Float),
        mapped_column(f"{end}_longitude", Float),
    )
