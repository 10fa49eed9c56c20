"""The durable flows run on the session's real Temporal dev server and PostgreSQL (tests/conftest.py)."""

import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio.client import Client

from domain.db import create_engine, create_session_maker
from domain.providers.storage import LocalDiskStorage
from domain.settings import Settings
from tests.workflows.erasure_support import DeletedAccount, create_deleted_account
from workflows.client import connect_temporal


@pytest.fixture
def settings(database_url: str, temporal_address: str, tmp_path: Path) -> Settings:
    """Each test has its own task queue, so a worker of one test never picks up the flows of another."""
    return Settings(
        _env_file=None,
        data_dir=tmp_path,
        database_url=database_url,
        temporal_address=temporal_address,
        temporal_task_queue=f"test-{uuid.uuid4().hex}",
        sandbox=True,
    )


@pytest.fixture
async def engine(settings: Settings) -> AsyncIterator[AsyncEngine]:
    """Its connections write flow outbox entries for the test's own task queue, which its worker's relay delivers."""
    engine = create_engine(settings)
    yield engine
    await engine.dispose()


@pytest.fixture
def session_maker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return create_session_maker(engine)


@pytest.fixture(scope="session")
async def client(temporal_address: str) -> Client:
    return await connect_temporal(temporal_address, Settings(_env_file=None).temporal_namespace)


@pytest.fixture
def deleted_account(
    session_maker: async_sessionmaker[AsyncSession], settings: Settings
) -> Callable[..., Awaitable[DeletedAccount]]:
    """Makes an account as the API leaves it after a delete: marked deleted, data still there."""

    async def create(*, deleted: bool = True) -> DeletedAccount:
        return await create_deleted_account(session_maker, LocalDiskStorage(settings.media_dir), deleted=deleted)

    return create
