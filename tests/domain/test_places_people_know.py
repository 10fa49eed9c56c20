"""Places people know: what riders type near Bengaluru's centre (and in Hyderabad and Pune) finds the place they
mean first, not a namesake hundreds of kilometres away (the gazetteer's landmarks, domain/gazetteer/search.py)."""

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from domain.gazetteer.data_file import PlaceRow, read_places
from domain.gazetteer.load import ensure_gazetteer_loaded
from domain.gazetteer.search import CONTAINING_NEAR
from domain.providers.maps import GazetteerMaps
from domain.rules.geo import distance_km
from scripts.gazetteer_known_places import is_typed_name, landmark_rows

BENGALURU_CENTRE = (12.9716, 77.5946)
HYDERABAD_CENTRE = (17.3850, 78.4867)
PUNE_CENTRE = (18.5204, 73.8567)
WITHIN_KM = 3.0

# (typed, where the searcher is, the first suggestion's label, the meant place's point)
EXAMPLES = [
    ("Ulsoor", BENGALURU_CENTRE, "Ulsoor, Bengaluru, Karnataka", (12.978, 77.623)),
    ("Halasuru", BENGALURU_CENTRE, "Halasuru, Bengaluru, Karnataka", (12.978, 77.623)),
    ("ಹಲಸೂರು", BENGALURU_CENTRE, "ಹಲಸೂರು, Bengaluru, Karnataka", (12.978, 77.623)),
    ("Lalbagh", BENGALURU_CENTRE, "Lalbagh, Bengaluru, Karnataka", (12.9507, 77.5848)),
    ("Majestic", BENGALURU_CENTRE, "Majestic, Bengaluru, Karnataka", (12.9767, 77.5713)),
    ("Manyata Tech Park", BENGALURU_CENTRE, "Manyata Tech Park, Bengaluru, Karnataka", (13.045, 77.621)),
    ("Silk Board", BENGALURU_CENTRE, "Silk Board, Bengaluru, Karnataka", (12.9172, 77.6228)),
    ("Shivajinagar", BENGALURU_CENTRE, "Shivajinagar, Bengaluru, Karnataka", (12.9857, 77.6057)),
    ("Shivaji Nagar", BENGALURU_CENTRE, "Shivaji Nagar, Bengaluru, Karnataka", (12.9857, 77.6057)),
    ("BTM Layout", BENGALURU_CENTRE, "BTM Layout, Bengaluru, Karnataka", (12.9166, 77.6101)),
    ("Hitech City", HYDERABAD_CENTRE, "Hitech City, Hyderabad, Telangana", (17.4474, 78.3762)),
    ("Koregaon Park", PUNE_CENTRE, "Koregaon Park, Pune, Maharashtra", (18.5362, 73.894)),
]


@pytest.fixture(scope="module")
def shipped_places() -> list[PlaceRow]:
    return read_places()


@pytest.fixture(scope="module")
async def maps(database_url: str) -> AsyncIterator[GazetteerMaps]:
    engine = create_async_engine(database_url)
    session_maker: async_sessionmaker[AsyncSession] = async_sessionmaker(engine, expire_on_commit=False)
    await ensure_gazetteer_loaded(session_maker)
    yield GazetteerMaps(session_maker)
    await engine.dispose()


@pytest.mark.parametrize(("typed", "searcher", "label", "meant"), EXAMPLES, ids=[example[0] for example in EXAMPLES])
async def test_the_place_meant_comes_first(maps, typed, searcher, label, meant):
    suggestions = await maps.autocomplete(typed, searcher, 8)
    assert suggestions[0].label == label
    point = (await maps.points([suggestions[0].place_id]))[suggestions[0].place_id]
    assert distance_km(point.lat, point.long, *meant) <= WITHIN_KM


async def test_nothing_far_away_comes_before_the_place_nearby(maps):
    """Hulsoor in Bidar (568 km off) may follow Ulsoor; it never leads, and the place shows once by one name."""
    suggestions = await maps.autocomplete("Ulsoor", BENGALURU_CENTRE, 8)
    points = await maps.points([suggestion.place_id for suggestion in suggestions])
    first = points[suggestions[0].place_id]
    assert distance_km(first.lat, first.long, *BENGALURU_CENTRE) < 10
    assert [suggestion.label for suggestion in suggestions].count("Ulsoor Lake, Bengaluru, Karnataka") == 0


async def test_another_name_of_a_place_leads_to_the_same_point(maps):
    ulsoor, halasuru = [(await maps.autocomplete(typed, BENGALURU_CENTRE, 1))[0] for typed in ("Ulsoor", "Halasuru")]
    points = await maps.points([ulsoor.place_id, halasuru.place_id])
    assert points[ulsoor.place_id] == points[halasuru.place_id]
    assert ulsoor.place_id.split(".")[0] == halasuru.place_id


async def test_names_containing_the_text_are_answered_by_the_trigram_index(maps):
    """The first, cheap pass ('Dilsukhnagar' shares 'nagar' with tens of thousands of names)."""
    parameters = {
        "query": "Dilsukhnagar",
        "pattern": "%Dilsukhnagar%",
        "limit": 8,
        "weight": 0.8,
        "half_km": 20.0,
        "lat": 17.385,
        "lng": 78.4867,
        "whole_weight": 0.05,
        "whole_names": ["dilsukhnagar"],
    }
    async with maps.session_maker() as session:
        plan = "\n".join((await session.scalars(text(f"EXPLAIN {CONTAINING_NEAR.text}"), parameters)).all())
    assert "ix_places_short_name_trgm" in plan


def test_the_shipped_landmarks_name_each_place_once_with_its_other_names_beside_it(shipped_places):
    halasuru = [place for place in shipped_places if place.place_id.split(".")[0] == "lm-560008-4f09cdb7"]
    assert {place.name for place in halasuru} >= {"Halasuru", "Ulsoor", "ಹಲಸೂರು", "हलसूरु"}
    assert len({(place.latitude, place.longitude, place.district) for place in halasuru}) == 1
    assert [place.place_id for place in halasuru if "." not in place.place_id] == ["lm-560008-4f09cdb7"]


LANDMARKS_HEADER = "city,name,aliases,pincode,point_from,latitude,longitude\n"


def test_a_landmark_far_from_its_pincode_is_refused(shipped_places, tmp_path):
    landmarks = tmp_path / "landmarks.csv"
    landmarks.write_text(LANDMARKS_HEADER + "Bengaluru,Silk Board Junction,Silk Board,560068,,13.2,77.6\n")
    offices = [place for place in shipped_places if place.place_id.startswith("in-560")]
    with pytest.raises(SystemExit, match="Silk Board Junction: not within"):
        landmark_rows(offices, {}, landmarks)


def test_a_landmark_a_package_holds_takes_the_package_point(shipped_places, tmp_path):
    landmarks = tmp_path / "landmarks.csv"
    landmarks.write_text(LANDMARKS_HEADER + "Bengaluru,Koramangala,,560034,india-post:560034:Koramangala S.O,,\n")
    offices = [place for place in shipped_places if place.place_id.startswith("in-560")]
    points = {"india-post:560034:Koramangala S.O": (12.92711, 77.6266)}
    (koramangala,) = landmark_rows(offices, points, landmarks)
    assert (koramangala.latitude, koramangala.longitude) == (12.92711, 77.6266)
    with pytest.raises(SystemExit, match=r"Koramangala: india-post:560034:Koramangala S\.O is not in the pinned"):
        landmark_rows(offices, {}, landmarks)


def test_a_landmark_gives_its_point_one_way(shipped_places, tmp_path):
    landmarks = tmp_path / "landmarks.csv"
    landmarks.write_text(LANDMARKS_HEADER + "Bengaluru,Koramangala,,560034,geonames:1,12.93,77.62\n")
    with pytest.raises(SystemExit, match="Koramangala: a point from geonames:1 and by hand"):
        landmark_rows([], {"geonames:1": (12.93, 77.62)}, landmarks)


@pytest.mark.parametrize(
    ("name", "point"),
    [
        ("Kempegowda International Airport", (13.1979, 77.7063)),  # airportsdata VOBL
        ("Koramangala", (12.92711, 77.6266)),  # India Post's Koramangala S.O
        ("Kukatpally", (17.48486, 78.41376)),  # GeoNames 1265767
    ],
)
def test_the_shipped_landmarks_a_package_holds_are_at_its_point(shipped_places, name, point):
    (landmark,) = [place for place in shipped_places if place.place_id.startswith("lm-") and place.name == name]
    assert (landmark.latitude, landmark.longitude) == point


@pytest.mark.parametrize(
    ("name", "typed"),
    [("Bangalore", True), ("ಬೆಂಗಳೂರು", True), ("बेंगलुरु", True), ("BLR", False), ("bwnh", False), ("班加罗尔", False)],
)
def test_a_town_keeps_the_other_names_people_type(name, typed):
    assert is_typed_name(name) is typed
