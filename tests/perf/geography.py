"""Synthetic Indian geography: ~20 cities, each with named localities; trips and searches start and end near them.

A locality is a point placed around its city centre; a trip's end is a locality plus a Gaussian spread of about
1.5 km, so a 5 km search around a busy locality finds that locality's trips and its neighbours', not the city's.
"""

import math
import random
from dataclasses import dataclass

EARTH_RADIUS_KM = 6371.0088
KM_PER_DEGREE_LATITUDE = 111.32
LOCALITIES_PER_CITY = 40
ENDPOINT_SPREAD_KM = 1.5
QUERY_SPREAD_KM = 0.5
INTERCITY_SHARE = 0.12

# (name, latitude, longitude, relative trip volume)
CITIES: tuple[tuple[str, float, float, float], ...] = (
    ("Mumbai", 19.0760, 72.8777, 14),
    ("Delhi", 28.6139, 77.2090, 14),
    ("Bengaluru", 12.9716, 77.5946, 13),
    ("Hyderabad", 17.3850, 78.4867, 9),
    ("Chennai", 13.0827, 80.2707, 8),
    ("Pune", 18.5204, 73.8567, 8),
    ("Kolkata", 22.5726, 88.3639, 7),
    ("Ahmedabad", 23.0225, 72.5714, 5),
    ("Gurugram", 28.4595, 77.0266, 5),
    ("Noida", 28.5355, 77.3910, 4),
    ("Jaipur", 26.9124, 75.7873, 3),
    ("Lucknow", 26.8467, 80.9462, 2),
    ("Chandigarh", 30.7333, 76.7794, 2),
    ("Kochi", 9.9312, 76.2673, 2),
    ("Indore", 22.7196, 75.8577, 2),
    ("Bhopal", 23.2599, 77.4126, 1),
    ("Coimbatore", 11.0168, 76.9558, 1),
    ("Nagpur", 21.1458, 79.0882, 1),
    ("Surat", 21.1702, 72.8311, 1),
    ("Visakhapatnam", 17.6868, 83.2185, 1),
)

# Intercity trips run between neighbours: (from, to) in both directions.
CORRIDORS: tuple[tuple[str, str], ...] = (
    ("Mumbai", "Pune"),
    ("Delhi", "Gurugram"),
    ("Delhi", "Noida"),
    ("Gurugram", "Noida"),
    ("Delhi", "Jaipur"),
    ("Delhi", "Chandigarh"),
    ("Bengaluru", "Chennai"),
    ("Bengaluru", "Coimbatore"),
    ("Ahmedabad", "Surat"),
    ("Mumbai", "Surat"),
    ("Indore", "Bhopal"),
    ("Hyderabad", "Visakhapatnam"),
)

SUFFIXES = ("Nagar", "Colony", "Layout", "Market", "Station", "Park", "Road", "Chowk", "Vihar", "Puram")


@dataclass(frozen=True)
class Locality:
    name: str
    place_id: str
    latitude: float
    longitude: float


@dataclass(frozen=True)
class City:
    name: str
    localities: tuple[Locality, ...]
    popularity: tuple[float, ...]


def offset(latitude: float, longitude: float, north_km: float, east_km: float) -> tuple[float, float]:
    km_per_degree_longitude = KM_PER_DEGREE_LATITUDE * math.cos(math.radians(latitude))
    return latitude + north_km / KM_PER_DEGREE_LATITUDE, longitude + east_km / km_per_degree_longitude


def haversine_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lng1, lat2, lng2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


class Geography:
    """Cities and localities built from a fixed seed, so every run and every size sees the same map."""

    def __init__(self, seed: int = 2024) -> None:
        rng = random.Random(seed)
        cities = []
        for name, latitude, longitude, volume in CITIES:
            spread_km = 3.0 + 0.5 * volume
            localities = []
            for index in range(LOCALITIES_PER_CITY):
                point = offset(latitude, longitude, rng.gauss(0, spread_km), rng.gauss(0, spread_km))
                suffix = SUFFIXES[index % len(SUFFIXES)]
                localities.append(
                    Locality(f"{name} {suffix} {index // len(SUFFIXES) + 1}", f"perf-{name}-{index}", *point)
                )
            # Zipf-like: a few localities are busy, most are quiet.
            popularity = tuple(1 / (rank + 1) ** 0.9 for rank in range(LOCALITIES_PER_CITY))
            cities.append(City(name, tuple(localities), popularity))
        self.cities = tuple(cities)
        self.city_weights = tuple(volume for *_, volume in CITIES)
        by_name = {city.name: city for city in self.cities}
        self.corridors = {city.name: [by_name[b] for a, b in CORRIDORS if a == city.name] for city in self.cities}
        for a, b in CORRIDORS:
            self.corridors[b].append(by_name[a])

    def _locality(self, rng: random.Random, city: City) -> Locality:
        return rng.choices(city.localities, weights=city.popularity)[0]

    def route(self, rng: random.Random) -> tuple[Locality, Locality]:
        """A locality pair a person travels between: mostly within a city, sometimes along a corridor."""
        city = rng.choices(self.cities, weights=self.city_weights)[0]
        origin = self._locality(rng, city)
        neighbours = self.corridors[city.name]
        if neighbours and rng.random() < INTERCITY_SHARE:
            return origin, self._locality(rng, rng.choice(neighbours))
        while True:
            destination = self._locality(rng, city)
            if destination is not origin:
                return origin, destination

    @staticmethod
    def near(rng: random.Random, locality: Locality, spread_km: float) -> tuple[float, float]:
        return offset(locality.latitude, locality.longitude, rng.gauss(0, spread_km), rng.gauss(0, spread_km))
