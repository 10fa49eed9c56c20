"""A started API keeps what it made at startup out of the garbage collector's walks (domain/memory.py), so a full
collection walks only what its calls made since, and pauses the event loop that much less."""

import gc

from fastapi import FastAPI


async def test_the_started_app_has_frozen_its_startup_objects(app: FastAPI) -> None:
    # The modules, the framework's and the SDK's tables, the routes: far more than a few thousand objects.
    assert gc.get_freeze_count() > 50_000
    assert app.state.chat is not None
