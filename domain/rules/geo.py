"""Great-circle distances on the sphere PostgreSQL's earthdistance uses, so Python and SQL agree."""

from math import asin, cos, floor, radians, sin, sqrt

EARTH_RADIUS_KM = 6378.168


def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    phi1, phi2 = radians(lat1), radians(lat2)
    half_chord = sin((phi2 - phi1) / 2) ** 2 + cos(phi1) * cos(phi2) * sin(radians(lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * asin(sqrt(half_chord))


# Trip ends shown to people who are not (yet) in the trip are snapped to the centre of a cell of this many degrees:
# about 550 m north-south and 500-550 m east-west in India, so at most about 0.4 km from the exact point.
APPROXIMATE_CELL_DEGREES = 0.005


def approximate(latitude: float, longitude: float) -> tuple[float, float]:
    """The centre of the grid cell holding the point; never the point itself (a point on a centre moves one cell)."""

    def snapped(value: float) -> float:
        centre = (floor(value / APPROXIMATE_CELL_DEGREES) + 0.5) * APPROXIMATE_CELL_DEGREES
        if abs(centre - value) < 1e-9:
            centre += APPROXIMATE_CELL_DEGREES
        return round(centre, 6)

    return snapped(latitude), snapped(longitude)


def approximate_sql(column: str) -> str:
    """approximate() of one coordinate column in PostgreSQL, the same operations on the same doubles, so the stored
    cell centres that search measures from (domain/models/trip.py) are the very points the views show."""
    step = f"CAST({APPROXIMATE_CELL_DEGREES!r} AS double precision)"
    centre = f"((floor({column} / {step}) + 0.5) * {step})"
    moved = f"CASE WHEN abs({centre} - {column}) < 1e-9 THEN {centre} + {step} ELSE {centre} END"
    return f"CAST(round(CAST({moved} AS numeric), 6) AS double precision)"


def approximate_earth_sql(end: str) -> str:
    """The earthdistance point of a trip end's cell centre ({end}_latitude, {end}_longitude)."""
    return f"ll_to_earth({approximate_sql(f'{end}_latitude')}, {approximate_sql(f'{end}_longitude')})"


def corridor_sql(budget_column: str) -> str:
    """The cube round a trip's way that holds every point the host reaches within the detour budget of straight-line
    metres in budget_column, and the way's heading, measured from the ends' cells; NULL without a budget.
    trip_corridor() is defined in SQL by migration e8a0c2d4f6b8, which says why it misses no point the rule
    (domain/rules/along.py) matches."""
    return f"trip_corridor({approximate_earth_sql('origin')}, {approximate_earth_sql('destination')}, {budget_column})"
