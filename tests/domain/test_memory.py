import gc
from collections.abc import Iterator

import pytest

from domain.memory import YOUNG_COLLECTION_EVERY, collect_young_less_often, freeze_startup_objects


@pytest.fixture
def collector_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector_restored")
def test_startup_objects_are_frozen_and_the_collectors_pace_is_kept() -> None:
    gc.unfreeze()
    threshold = gc.get_threshold()

    freeze_startup_objects()

    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == threshold


@pytest.mark.usefixtures("collector_restored")
def test_the_api_walks_the_youngest_generation_less_often() -> None:
    _, middle, oldest = gc.get_threshold()

    collect_young_less_often()

    assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, middle, oldest)
    assert YOUNG_COLLECTION_EVERY > 700  # Python's default walks it several times a request
