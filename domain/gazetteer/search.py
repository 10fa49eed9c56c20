"""Fuzzy, proximity-aware search over the places table (pg_trgm on the short name, earthdistance for the points).

Names are searched and shown without the post office's disambiguating suffix ('Indiranagar (Bangalore)' is
'Indiranagar', the generated column short_name); a label that would repeat one already found is left out.

Typed text is matched by trigram word similarity, so 'Electronic City' finds 'Electronics City' and a prefix like
'Kora' finds 'Koramangala'; the GIN trigram index answers the `<%` filter. When the caller's point is known, nearer
places win among comparable matches. Inputs under four characters carry too few trigrams to search the whole
country cheaply, so they are prefix matches, first around the point (the GiST earth index), then anywhere.

A place whose whole name is the typed text, spaces and stops aside ('MG Road' is 'M.G. Road'), ranks above places
that contain it as well, and initials people type for a name the post office spells out are read both ways ('MG Road'
also finds 'Mahatma Gandhi Road').

Beside the post offices the table holds the places people know (scripts/gazetteer_known_places.py): neighbourhoods,
landmarks and towns, each name of a place a row of its own, 'Ulsoor' as well as 'Halasuru' and 'ಹಲಸೂರು'. A search
shows the name that matched best and the place once: another name's id is the place's id and '.' and a digest.
A dropped pin is named by a post office or by a landmark's first name, never by another name of a place or a town.

A word as common as 'Nagar' or 'Road' shares most of its trigrams with tens of thousands of names, and scoring them
all costs a quarter of a second. So a search first asks for the names that contain the typed text, which the trigram
index answers from its rarest trigrams; when one of them is within CONTAINING_NEAR_KM of the searcher (or, the
searcher's point unknown, they fill the list) they are the answer, scored as any match, and only otherwise are fuzzy
matches scored.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import TextClause, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from domain.compiled_query import CompiledQuery
from domain.db import driver_connection
from domain.rules.geo import distance_km
from domain.rules.trip import PLACE_POINT_MAX_KM

SHORT_INPUT_LENGTH = 4
SHORT_INPUT_RADIUS_METRES = 50_000
# Rows read beyond the limit, so that leaving out repeated labels and other names of a place still fills the list.
REPEATS_ALLOWANCE = 12
# A place's other names carry its id before this mark ('lm-560008-4f09cdb7.7bf022' is 'lm-560008-4f09cdb7').
OTHER_NAME_MARK = "."
# A dropped pin is named by a place within a trip end's reach of it (domain/rules/trip.py).
REVERSE_GEOCODE_MAX_METRES = PLACE_POINT_MAX_KM * 1000
REVERSE_GEOCODE_CANDIDATES = 10

# Weight of the match against nearness: an exact name 500 km away loses to a good fuzzy match in town. The distance
# is a flat-earth approximation in km: exact enough to rank places, and free of ll_to_earth's per-row cost.
NEARNESS_WEIGHT = 0.8
NEARNESS_HALF_KM = 20.0

# The first, cheap pass (names containing the typed text) is enough when one of them lies this near the searcher.
CONTAINING_NEAR_KM = 50.0

# Added to the score of a place whose name is the typed text (or its spelled-out form) letter for letter: enough to
# put it above a longer name containing the text as well, far too little to bring one from far away.
WHOLE_NAME_WEIGHT = 0.05
# Added to the score of a place people know (a landmark or a town, not a post office placed at its pincode's point):
# between equal matches it wins, its point being the place's own; as little as the whole-name weight otherwise.
KNOWN_PLACE_WEIGHT = 0.05
KNOWN_PLACE_SCORE = f" + {KNOWN_PLACE_WEIGHT}::float8 * (place_id NOT LIKE 'in-%')::int"
# Initials typed for names the post office spells out, by their letters.
SPELLED_OUT = {"mg": "Mahatma Gandhi"}

MATCH_SCORE = (
    "word_similarity(:query, short_name) + 0.1 * similarity(:query, short_name)"
    " + :whole_weight * (lower(regexp_replace(short_name, '[^[:alnum:]]+', '', 'g')) = ANY(:whole_names))::int"
    + KNOWN_PLACE_SCORE
)
SPELLED_MATCH_SCORE = (
    "greatest(word_similarity(:query, short_name) + 0.1 * similarity(:query, short_name),"
    " word_similarity(:spelled, short_name) + 0.1 * similarity(:spelled, short_name))"
    " + :whole_weight * (lower(regexp_replace(short_name, '[^[:alnum:]]+', '', 'g')) = ANY(:whole_names))::int"
    + KNOWN_PLACE_SCORE
)
NEARNESS_SCORE = (
    ":weight / (1 + 111.2 * sqrt(power(latitude - :lat, 2)"
    " + power((longitude - :lng) * cos(radians(:lat)), 2)) / :half_km)"
)


def fuzzy_search(*, near: bool, spelled: bool, containing: bool = False) -> TextClause:
    """The fuzzy search statement: nearer first or not, and also matching the spelled-out text or not; names that
    contain the text (:pattern, :spelled_pattern) or, by default, are like it by trigram word similarity."""
    if containing:
        matches = (
            "(short_name ILIKE :pattern OR short_name ILIKE :spelled_pattern)"
            if spelled
            else "short_name ILIKE :pattern"
        )
    else:
        matches = "(:query <% short_name OR :spelled <% short_name)" if spelled else ":query <% short_name"
    score = SPELLED_MATCH_SCORE if spelled else MATCH_SCORE
    if near:
        score = f"{score} + {NEARNESS_SCORE}"
    # Built only from the constant fragments above; every value is a bound parameter.
    return text(
        f"""
        SELECT place_id, short_name, district, state, latitude, longitude FROM places
        WHERE {matches}
        ORDER BY {score} DESC, place_id
        LIMIT :limit
        """  # noqa: S608
    )


FUZZY_NEAR = fuzzy_search(near=True, spelled=False)
FUZZY_ANYWHERE = fuzzy_search(near=False, spelled=False)
FUZZY_SPELLED_NEAR = fuzzy_search(near=True, spelled=True)
FUZZY_SPELLED_ANYWHERE = fuzzy_search(near=False, spelled=True)
CONTAINING_NEAR = fuzzy_search(near=True, spelled=False, containing=True)
CONTAINING_ANYWHERE = fuzzy_search(near=False, spelled=False, containing=True)
CONTAINING_SPELLED_NEAR = fuzzy_search(near=True, spelled=True, containing=True)
CONTAINING_SPELLED_ANYWHERE = fuzzy_search(near=False, spelled=True, containing=True)
PREFIX_NEAR = text(
    """
    SELECT place_id, short_name, district, state FROM places
    WHERE earth_box(ll_to_earth(:lat, :lng), :radius) @> ll_to_earth(latitude, longitude)
      AND short_name ILIKE :pattern
    ORDER BY power(latitude - :lat, 2) + power((longitude - :lng) * cos(radians(:lat)), 2),
             strpos(place_id, '.') > 0, length(short_name), place_id
    LIMIT :limit
    """
)
PREFIX_ANYWHERE = text(
    """
    SELECT place_id, short_name, district, state FROM places
    WHERE short_name ILIKE :pattern
    LIMIT :limit
    """
)
NEAREST = text(
    """
    SELECT place_id, short_name, district, state,
           earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(:lat, :lng)) AS metres
    FROM places
    WHERE place_id LIKE 'in-%' OR (place_id LIKE 'lm-%' AND strpos(place_id, '.') = 0)
    ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth(:lat, :lng)
    LIMIT :limit
    """
)
# Places by their ids, the commonest lookup (both ends of every new trip, in one round trip): compiled once and
# prepared on each connection, run on psycopg's own (domain/compiled_query.py).
POINTS_OF = CompiledQuery(
    text("SELECT place_id, latitude, longitude FROM places WHERE place_id = ANY(:place_ids)"), prepared=True
)
# Places by their ids with their names: a place id names one locality, though several may share its point.
PLACES_BY_ID = text("SELECT place_id, short_name, district, state FROM places WHERE place_id = ANY(:place_ids)")


@dataclass(frozen=True)
class FoundPlace:
    place_id: str
    name: str
    district: str
    state: str

    @property
    def label(self) -> str:
        """'Koramangala, Bengaluru, Karnataka'; a part that repeats the one before it is left out."""
        parts: list[str] = []
        for part in (self.name, self.district, self.state):
            if part and (not parts or parts[-1].casefold() != part.casefold()):
                parts.append(part)
        return ", ".join(parts)


def word_similarity_threshold(query: str) -> float:
    """Short inputs are mostly prefixes being typed: stricter, or every word sharing two letters would match."""
    if len(query) >= 8:
        # Long enough that one swapped or doubled letter ('Whitefeild', 'Koramangla') still leaves most trigrams.
        return 0.4
    return 0.5 if len(query) >= 6 else 0.7


def escape_like(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def letters_only(name: str) -> str:
    """'M.G. Road' is 'mgroad': a name compared whole, whatever its spaces, stops and case."""
    return "".join(character for character in name.casefold() if character.isalnum())


def spelled_out(query: str) -> str | None:
    """'MG Road' (or 'M.G. Road', 'M G Road') as 'Mahatma Gandhi Road'; None when it has no initials to spell out."""
    words = [word for word in re.split(r"[^\w]+", query) if word]
    joined: list[str] = []
    for word in words:
        if len(word) == 1 and joined and len(joined[-1]) < 3 and joined[-1].isalpha() and word.isalpha():
            joined[-1] += word
        else:
            joined.append(word)
    spelled = [SPELLED_OUT.get(word.casefold(), word) for word in joined]
    return " ".join(spelled) if spelled != joined else None


async def find_places(
    session: AsyncSession, query: str, near: tuple[float, float] | None, limit: int
) -> list[FoundPlace]:
    query = " ".join(query.split())
    if not query or limit <= 0:
        return []
    point = {"lat": near[0], "lng": near[1]} if near else {}
    if len(query) < SHORT_INPUT_LENGTH:
        return distinct_labels(await _prefix_matches(session, query, point, limit + REPEATS_ALLOWANCE), limit)
    spelled = spelled_out(query)
    whole_names = [letters_only(query)] + ([letters_only(spelled)] if spelled else [])
    parameters: dict[str, object] = {
        "query": query,
        "pattern": f"%{escape_like(query)}%",
        "limit": limit + REPEATS_ALLOWANCE,
        "whole_weight": WHOLE_NAME_WEIGHT,
        "whole_names": whole_names,
    }
    if spelled:
        parameters |= {"spelled": spelled, "spelled_pattern": f"%{escape_like(spelled)}%"}
    if near:
        parameters |= {"weight": NEARNESS_WEIGHT, "half_km": NEARNESS_HALF_KM, **point}
        containing = CONTAINING_SPELLED_NEAR if spelled else CONTAINING_NEAR
        statement = FUZZY_SPELLED_NEAR if spelled else FUZZY_NEAR
    else:
        containing = CONTAINING_SPELLED_ANYWHERE if spelled else CONTAINING_ANYWHERE
        statement = FUZZY_SPELLED_ANYWHERE if spelled else FUZZY_ANYWHERE
    found = [(FoundPlace(*row[:4]), (row[4], row[5])) for row in await session.execute(containing, parameters)]
    containing_found = distinct_labels([place for place, _ in found], limit)
    if near is None and len(containing_found) == limit:
        return containing_found
    if near is not None and any(distance_km(*near, *point) <= CONTAINING_NEAR_KM for _, point in found):
        return containing_found
    # Set for the connection, not the transaction: place search reads on autocommit connections, where a local
    # setting would end with its own statement and the search would run at pg_trgm's default (0.6). Every fuzzy
    # search sets it first, and nothing else reads it.
    threshold = str(word_similarity_threshold(query))
    await session.execute(
        text("SELECT set_config('pg_trgm.word_similarity_threshold', :value, false)"), {"value": threshold}
    )
    return distinct_labels([FoundPlace(*row[:4]) for row in await session.execute(statement, parameters)], limit)


def place_of(place_id: str) -> str:
    """The place a row names: its own id, or for another name of a place, that place's id."""
    return place_id.split(OTHER_NAME_MARK, 1)[0]


def distinct_labels(places: list[FoundPlace], limit: int) -> list[FoundPlace]:
    """The first place of each label and the first name of each place, in order: two post offices of one name in one
    district read the same, and 'Ulsoor' and 'Halasuru' are one place."""
    seen: set[str] = set()
    kept: list[FoundPlace] = []
    for place in places:
        keys = {place.label.casefold(), place_of(place.place_id)}
        if not keys & seen:
            seen |= keys
            kept.append(place)
    return kept[:limit]


async def _prefix_matches(session: AsyncSession, query: str, point: dict[str, float], limit: int) -> list[FoundPlace]:
    pattern = escape_like(query) + "%"
    rows: list[FoundPlace] = []
    if point:
        near = {"pattern": pattern, "radius": SHORT_INPUT_RADIUS_METRES, "limit": limit, **point}
        rows = [FoundPlace(*row) for row in await session.execute(PREFIX_NEAR, near)]
    if len(rows) < limit:
        seen = {row.place_id for row in rows}
        anywhere = await session.execute(PREFIX_ANYWHERE, {"pattern": pattern, "limit": limit * 2})
        rows += [FoundPlace(*row) for row in anywhere if row[0] not in seen][: limit - len(rows)]
    return rows


def best_known_name(places: list[FoundPlace]) -> FoundPlace:
    """Among localities sharing a point: the one other names build on ('Koramangala' over 'Koramangala I Block'),
    else the shortest."""

    def built_on(place: FoundPlace) -> int:
        stem = place.name.casefold()
        return sum(other.name.casefold().startswith(stem) for other in places if other is not place)

    return min(places, key=lambda place: (-built_on(place), len(place.name), place.place_id))


async def nearest_place(session: AsyncSession, lat: float, lng: float) -> FoundPlace | None:
    """The closest locality within reach; many share their pincode's point, so one name is chosen among them."""
    candidates = {"lat": lat, "lng": lng, "limit": REVERSE_GEOCODE_CANDIDATES}
    rows = (await session.execute(NEAREST, candidates)).all()
    if not rows or rows[0][4] > REVERSE_GEOCODE_MAX_METRES:
        return None
    closest = round(min(row[4] for row in rows))
    return best_known_name([FoundPlace(*row[:4]) for row in rows if round(row[4]) == closest])


async def points_of(engine: AsyncEngine, place_ids: Sequence[str]) -> dict[str, tuple[float, float]]:
    """(latitude, longitude) of each of these places there is, by place id."""
    async with driver_connection(engine) as connection:
        rows = await POINTS_OF.rows(connection, {"place_ids": list(place_ids)})
    return {place_id: (latitude, longitude) for place_id, latitude, longitude in rows}


async def places_by_id(session: AsyncSession, place_ids: Sequence[str]) -> list[FoundPlace]:
    """Each of these places there is, as the gazetteer names it."""
    rows = await session.execute(PLACES_BY_ID, {"place_ids": list(place_ids)})
    return [FoundPlace(*row) for row in rows]
