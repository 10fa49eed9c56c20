import gc
from collections.abc import Iterator

import pytest

from domain.memory import YOUNG_COLLECTION_EVERY, freeze_startup_objects


@pytest.fixture
def collector_restored() -> Iterator[None]:
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector_restored")
def test_startup_objects_are_frozen_and_the_youngest_generation_is_walked_less_often() -> None:
    gc.unfreeze()
    _, middle, oldest = gc.get_threshold()

    freeze_startup_objects()

    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (YOUNG_COLLECTION_EVERY, middle, oldest)
    assert YOUNG_COLLECTION_EVERY > 700  # Python's default walks it several times a request
