"""Great-circle distances on the sphere PostgreSQL's earthdistance uses, so Python and SQL agree."""

from math import asin, cos, radians, sin, sqrt

EARTH_RADIUS_KM = 6378.168


def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    phi1, phi2 = radians(lat1), radians(lat2)
    half_chord = sin((phi2 - phi1) / 2) ** 2 + cos(phi1) * cos(phi2) * sin(radians(lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * asin(sqrt(half_chord))
