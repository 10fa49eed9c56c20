"""The offline gazetteer: the shipped data, its loader, and fuzzy nearer-first search on the migrated database."""

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker, create_async_engine

from domain.gazetteer.data_file import PlaceRow, fingerprint, read_manifest, read_places, write_places
from domain.gazetteer.load import ensure_gazetteer_loaded
from domain.gazetteer.search import FUZZY_NEAR, FUZZY_SPELLED_NEAR, FoundPlace, spelled_out
from domain.providers.maps import GazetteerMaps, point_of

BENGALURU = (12.97, 77.59)
LUCKNOW = (26.85, 80.95)
SCRATCH_SCHEMA = "gazetteer_scratch"


@pytest.fixture(scope="module")
def shipped_places() -> list[PlaceRow]:
    return read_places()


@pytest.fixture(scope="module")
async def session_maker(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    engine = create_async_engine(database_url)
    yield async_sessionmaker(engine, expire_on_commit=False)
    await engine.dispose()


@pytest.fixture(scope="module")
async def maps(session_maker: async_sessionmaker[AsyncSession]) -> GazetteerMaps:
    await ensure_gazetteer_loaded(session_maker)
    return GazetteerMaps(session_maker)


@pytest.fixture(scope="module")
async def scratch_session_maker(database_url: str) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """A places table of its own (same columns and indexes) so loader tests never disturb the shared one."""
    engine = create_async_engine(database_url, connect_args={"options": f"-c search_path={SCRATCH_SCHEMA},public"})
    async with engine.begin() as connection:
        await connection.execute(text(f"DROP SCHEMA IF EXISTS {SCRATCH_SCHEMA} CASCADE"))
        await connection.execute(text(f"CREATE SCHEMA {SCRATCH_SCHEMA}"))
        await connection.execute(text(f"CREATE TABLE {SCRATCH_SCHEMA}.places (LIKE public.places INCLUDING ALL)"))
    yield async_sessionmaker(engine, expire_on_commit=False)
    async with engine.begin() as connection:
        await connection.execute(text(f"DROP SCHEMA {SCRATCH_SCHEMA} CASCADE"))
    await engine.dispose()


def write_data(directory: Path, rows: list[PlaceRow]) -> tuple[Path, Path]:
    places_file, manifest_file = directory / "places.csv.gz", directory / "manifest.json"
    write_places(places_file, rows)
    manifest_file.write_text(json.dumps({"rows": len(rows), "fingerprint": fingerprint(rows)}))
    return places_file, manifest_file


async def count_places(session_maker: async_sessionmaker[AsyncSession]) -> int:
    async with session_maker() as session:
        return int(await session.scalar(text("SELECT count(*) FROM places")) or 0)


def test_the_shipped_data_matches_its_manifest(shipped_places):
    manifest = read_manifest()
    assert len(shipped_places) == manifest.rows > 150_000
    assert fingerprint(shipped_places) == manifest.fingerprint
    assert len({place.place_id for place in shipped_places}) == manifest.rows


def test_the_shipped_data_uses_current_district_names(shipped_places):
    electronics_city = next(place for place in shipped_places if place.name == "Electronics City")
    assert (electronics_city.district, electronics_city.state, electronics_city.pincode) == (
        "Bengaluru",
        "Karnataka",
        "560100",
    )
    assert all(6 <= place.latitude <= 37.5 and 68 <= place.longitude <= 97.5 for place in shipped_places)


async def test_loading_fills_the_table_once_and_then_leaves_it_alone(scratch_session_maker, shipped_places, tmp_path):
    bengaluru = [place for place in shipped_places if place.district == "Bengaluru"]
    places_file, manifest_file = write_data(tmp_path, bengaluru)

    assert await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file) == len(bengaluru)
    assert await count_places(scratch_session_maker) == len(bengaluru)
    assert await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file) == 0


async def test_a_new_data_version_replaces_the_table(scratch_session_maker, shipped_places, tmp_path):
    mumbai = [place for place in shipped_places if place.district == "Mumbai"]
    places_file, manifest_file = write_data(tmp_path, mumbai)

    assert await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file) == len(mumbai)
    async with scratch_session_maker() as session:
        districts = (await session.scalars(text("SELECT DISTINCT district FROM places"))).all()
    assert districts == ["Mumbai"]


async def test_an_edited_table_is_loaded_again(scratch_session_maker, shipped_places, tmp_path):
    chennai = [place for place in shipped_places if place.district == "Chennai"]
    places_file, manifest_file = write_data(tmp_path, chennai)
    await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file)
    async with scratch_session_maker() as session, session.begin():
        await session.execute(
            text("UPDATE places SET latitude = latitude + 1 WHERE place_id = :id"), {"id": chennai[0].place_id}
        )

    assert await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file) == len(chennai)
    assert await ensure_gazetteer_loaded(scratch_session_maker, places_file, manifest_file) == 0


async def test_the_full_gazetteer_is_loaded_in_the_shared_table(maps, session_maker):
    assert await count_places(session_maker) == read_manifest().rows


async def test_electronic_city_finds_electronic_city_near_bengaluru(maps):
    for typed in ("Electronic City", "Electronics City"):
        suggestions = await maps.autocomplete(typed, BENGALURU, 8)
        assert suggestions[0].label == f"{typed}, Bengaluru, Karnataka"


async def test_a_misspelt_name_finds_koramangala(maps):
    near_bengaluru = await maps.autocomplete("Koramangla", BENGALURU, 8)
    anywhere = await maps.autocomplete("Koramangla", None, 8)
    assert near_bengaluru[0].label == "Koramangala, Bengaluru, Karnataka"
    assert "Koramangala, Bengaluru, Karnataka" in [suggestion.label for suggestion in anywhere]


async def test_nearer_places_come_first_among_equal_matches(maps):
    from_bengaluru = await maps.autocomplete("Indiranagar", BENGALURU, 8)
    from_lucknow = await maps.autocomplete("Indiranagar", LUCKNOW, 8)
    assert from_bengaluru[0].label.endswith("Bengaluru, Karnataka")
    assert from_lucknow[0].label.endswith("Lucknow, Uttar Pradesh")


async def test_a_typed_prefix_finds_the_places_it_begins(maps):
    three_letters = await maps.autocomplete("Kor", BENGALURU, 8)
    two_letters = await maps.autocomplete("ko", BENGALURU, 8)
    assert three_letters[0].label == "Koramangala, Bengaluru, Karnataka"
    assert all(suggestion.label.lower().startswith("ko") for suggestion in two_letters)
    assert two_letters[0].label.endswith("Bengaluru, Karnataka")


async def test_wildcards_in_the_text_match_only_themselves(maps):
    assert await maps.autocomplete("%", BENGALURU, 8) == []
    assert await maps.autocomplete("__", None, 8) == []


async def test_a_suggestion_leads_to_its_point_and_back_to_its_name(maps):
    koramangala = (await maps.autocomplete("Koramangala", BENGALURU, 8))[0]
    point = await point_of(maps, koramangala.place_id)
    assert point is not None
    assert (round(point.lat, 1), round(point.long, 1)) == (12.9, 77.6)

    named = await maps.reverse_geocode(point.lat, point.long)
    assert named == type(named)(place_id=koramangala.place_id, name="Koramangala, Bengaluru, Karnataka")


async def test_both_ends_of_a_trip_are_looked_up_at_once_and_an_unknown_one_is_left_out(maps):
    koramangala = (await maps.autocomplete("Koramangala", BENGALURU, 8))[0].place_id
    whitefield = (await maps.autocomplete("Whitefield", BENGALURU, 8))[0].place_id
    points = await maps.points([koramangala, whitefield, "in-000000-00000000"])
    assert points.keys() == {koramangala, whitefield}
    assert points[koramangala] == await point_of(maps, koramangala)
    assert 77.7 <= points[whitefield].long <= 77.8


async def test_a_place_id_keeps_its_own_name_where_others_share_its_point(maps):
    """Marathahalli Colony shares its pincode's point with Rameshnagar and others: its point names another."""
    colony = next(s for s in await maps.autocomplete("Marathahalli Colony", BENGALURU, 8) if "Colony" in s.label)
    assert await maps.names([colony.place_id, "in-000000-00000000"]) == {colony.place_id: colony.label}
    point = await point_of(maps, colony.place_id)
    assert point is not None
    named = await maps.reverse_geocode(point.lat, point.long)
    assert named is not None and named.name != colony.label


async def test_unknown_places_and_points_far_from_india_have_no_answer(maps):
    assert await point_of(maps, "in-000000-00000000") is None
    assert await maps.reverse_geocode(0.0, 0.0) is None
    assert await maps.reverse_geocode(51.5, -0.12) is None


async def test_autocomplete_is_answered_by_the_trigram_index(maps, session_maker):
    async with session_maker() as session:
        parameters = {
            "query": "Koramangla",
            "limit": 8,
            "weight": 0.5,
            "half_km": 20.0,
            "lat": 12.97,
            "lng": 77.59,
            "whole_weight": 0.05,
            "whole_names": ["koramangla"],
        }
        plan = "\n".join((await session.scalars(text(f"EXPLAIN {FUZZY_NEAR.text}"), parameters)).all())
    assert "ix_places_short_name_trgm" in plan


async def test_spelled_out_initials_are_answered_by_the_trigram_index(maps, session_maker):
    async with session_maker() as session:
        parameters = {
            "query": "MG Road",
            "spelled": "Mahatma Gandhi Road",
            "limit": 8,
            "weight": 0.5,
            "half_km": 20.0,
            "lat": 12.97,
            "lng": 77.59,
            "whole_weight": 0.05,
            "whole_names": ["mgroad", "mahatmagandhiroad"],
        }
        plan = "\n".join((await session.scalars(text(f"EXPLAIN {FUZZY_SPELLED_NEAR.text}"), parameters)).all())
    assert "ix_places_short_name_trgm" in plan


async def test_marathahalli_offers_marathahalli_first(maps):
    near_bengaluru = await maps.autocomplete("Marathahalli", BENGALURU, 8)
    anywhere = await maps.autocomplete("Marathahalli", None, 8)
    assert near_bengaluru[0].label == "Marathahalli, Bengaluru, Karnataka"
    assert anywhere[0].label == "Marathahalli, Bengaluru, Karnataka"


async def test_mg_road_ranks_the_mg_road_in_town_first(maps):
    for typed in ("MG Road", "M.G. Road", "M G Road", "mg road"):
        near_bengaluru = await maps.autocomplete(typed, BENGALURU, 8)
        assert near_bengaluru[0].label == "Mahatma Gandhi Road, Bengaluru, Karnataka", typed
    near_hyderabad = await maps.autocomplete("MG Road", (17.43, 78.48), 8)
    assert near_hyderabad[0].label == "MG Road, Hyderabad, Telangana"


async def test_a_whole_name_comes_before_names_containing_it(maps):
    anywhere = await maps.autocomplete("MG Road", None, 8)
    spaced = await maps.autocomplete("M G Road", None, 8)
    assert anywhere[0].label in ("MG Road, Hyderabad, Telangana", "Mahatma Gandhi Road, Bengaluru, Karnataka")
    assert "Porbandar M G Road, Porbandar, Gujarat" not in [suggestion.label for suggestion in spaced[:4]]
    assert all("Road" in suggestion.label for suggestion in spaced[:4])


def test_initials_are_spelled_out_however_they_are_typed():
    assert spelled_out("MG Road") == "Mahatma Gandhi Road"
    assert spelled_out("M.G. Road") == "Mahatma Gandhi Road"
    assert spelled_out("m g road") == "Mahatma Gandhi road"
    assert spelled_out("Koramangala") is None
    assert spelled_out("R K Puram") is None


def test_a_label_names_a_part_once():
    assert FoundPlace("in-400001-x", "Mumbai", "Mumbai", "Maharashtra").label == "Mumbai, Maharashtra"
    assert FoundPlace("in-560034-x", "Koramangala", "Bengaluru", "Karnataka").label == (
        "Koramangala, Bengaluru, Karnataka"
    )
