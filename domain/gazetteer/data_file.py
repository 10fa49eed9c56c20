"""The gazetteer's data file: a gzipped CSV sorted by place id, and the fingerprint that names its content."""

import csv
import gzip
import hashlib
import io
import json
from collections.abc import Iterable
from dataclasses import astuple, dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
PLACES_FILE = DATA_DIR / "places.csv.gz"
MANIFEST_FILE = DATA_DIR / "manifest.json"
COLUMNS = ("place_id", "name", "district", "state", "pincode", "latitude", "longitude")


@dataclass(frozen=True)
class PlaceRow:
    place_id: str
    name: str
    district: str
    state: str
    pincode: str
    latitude: float
    longitude: float


def float_text(value: float) -> str:
    """The shortest exact text of a float, as PostgreSQL's float8 output writes it (77.0 is '77')."""
    text = repr(value)
    return text.removesuffix(".0")


def _fields(row: PlaceRow) -> list[str]:
    return [*astuple(row)[:5], float_text(row.latitude), float_text(row.longitude)]


def fingerprint(rows: Iterable[PlaceRow]) -> str:
    """sha256 of the rows in place-id order; the loader computes the same digest over the table in SQL."""
    lines = ["|".join(_fields(row)) for row in sorted(rows, key=lambda row: row.place_id)]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def write_places(path: Path, rows: Iterable[PlaceRow]) -> None:
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows(_fields(row) for row in rows)
    with path.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as out:
        out.write(text.getvalue().encode())


def read_csv_bytes(path: Path = PLACES_FILE) -> bytes:
    """The CSV (with its header line) exactly as COPY ... FORMAT csv, HEADER reads it."""
    return gzip.decompress(path.read_bytes())


def read_places(path: Path = PLACES_FILE) -> list[PlaceRow]:
    reader = csv.reader(io.StringIO(read_csv_bytes(path).decode()))
    next(reader)
    return [
        PlaceRow(place_id, name, district, state, pincode, float(latitude), float(longitude))
        for place_id, name, district, state, pincode, latitude, longitude in reader
    ]


@dataclass(frozen=True)
class Manifest:
    rows: int
    fingerprint: str


def read_manifest(path: Path = MANIFEST_FILE) -> Manifest:
    content = json.loads(path.read_text())
    return Manifest(rows=int(content["rows"]), fingerprint=str(content["fingerprint"]))
