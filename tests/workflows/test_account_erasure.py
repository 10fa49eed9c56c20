"""Erasing a deleted account, on a real Temporal server and a real PostgreSQL."""

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from sqlalchemy import func, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.api.enums.v1 import EventType, PendingWorkflowTaskState
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowFailureError
from temporalio.exceptions import ApplicationError
from temporalio.testing import ActivityEnvironment
from temporalio.worker import Worker

from activities.account import AccountActivities
from domain.db import transaction
from domain.models import User
from domain.providers.storage import LocalDiskStorage
from domain.settings import Settings
from tests.locks import backend_of, waited_on
from tests.workflows.erasure_support import DeletedAccount, assert_scrubbed, eventually, read_user, start_erasure
from tests.workflows.recorded import replay_and_record
from worker.main import WORKFLOWS, serving
from workflows.flow import FLOW_STATUS

CreateDeletedAccount = Callable[..., Awaitable[DeletedAccount]]


async def test_erasure_deletes_the_pictures_and_scrubs_the_account(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account()
    async with serving(client, settings, engine):
        handle = await start_erasure(client, settings, account)
        await handle.result()

    assert not any((settings.media_dir / key).exists() for key in account.image_keys)
    assert_scrubbed(await read_user(session_maker, account.user_id))
    description = await handle.describe()
    assert description.typed_search_attributes.get(FLOW_STATUS) == "erased"

    async def found_by_user_id() -> bool:
        query = f'UserId = "{account.user_id}"'
        return [flow.id async for flow in client.list_workflows(query)] == [handle.id]

    await eventually(found_by_user_id)

    await replay_and_record(handle, "account_erasure")


async def test_erasing_twice_leaves_the_same_result(
    settings: Settings,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account()
    activities = AccountActivities(session_maker, LocalDiskStorage(settings.media_dir))
    environment = ActivityEnvironment()

    await environment.run(activities.erase_media, account.image_keys)
    await environment.run(activities.scrub_user, account.user_id)
    first = await read_user(session_maker, account.user_id)
    await environment.run(activities.erase_media, [*account.image_keys, "users/never/uploaded.jpg"])
    await environment.run(activities.scrub_user, account.user_id)
    second = await read_user(session_maker, account.user_id)

    assert_scrubbed(second)
    assert (second.id, second.deleted_at, second.referral_code) == (
        first.id,
        first.deleted_at,
        first.referral_code,
    )


async def test_a_live_account_keeps_its_data_and_pictures(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account(deleted=False)
    async with serving(client, settings, engine):
        handle = await start_erasure(client, settings, account)
        with pytest.raises(WorkflowFailureError):
            await handle.result()

    assert (await read_user(session_maker, account.user_id)).name == "Asha Rao"
    assert all((settings.media_dir / key).exists() for key in account.image_keys)
    description = await handle.describe()
    assert description.typed_search_attributes.get(FLOW_STATUS) == "failed"


async def test_scrub_waits_for_the_delete_that_started_it_to_commit(
    settings: Settings,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account(deleted=False)
    activities = AccountActivities(session_maker, LocalDiskStorage(settings.media_dir))

    async with transaction(session_maker) as session:
        await session.execute(update(User).where(User.id == account.user_id).values(deleted_at=func.now()))
        holder = await backend_of(session)
        scrub = asyncio.create_task(ActivityEnvironment().run(activities.scrub_user, account.user_id))
        await eventually(lambda: waited_on(session_maker, holder))
        assert not scrub.done()
    await scrub

    assert_scrubbed(await read_user(session_maker, account.user_id))


async def test_scrub_of_a_live_account_is_not_retried(
    settings: Settings,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account(deleted=False)
    activities = AccountActivities(session_maker, LocalDiskStorage(settings.media_dir))

    with pytest.raises(ApplicationError) as refusal:
        await ActivityEnvironment().run(activities.scrub_user, account.user_id)

    assert refusal.value.non_retryable


async def test_erasure_waits_for_a_worker_and_then_completes(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account()
    handle = await start_erasure(client, settings, account)
    # No worker runs: its first task is scheduled and waits, no step of it has been run.
    description = await handle.describe()
    assert (
        description.raw_description.pending_workflow_task.state
        == PendingWorkflowTaskState.PENDING_WORKFLOW_TASK_STATE_SCHEDULED
    )
    assert description.status == WorkflowExecutionStatus.RUNNING
    assert all((settings.media_dir / key).exists() for key in account.image_keys)

    async with serving(client, settings, engine):
        await handle.result()

    assert_scrubbed(await read_user(session_maker, account.user_id))


async def test_erasure_resumes_where_it_stopped_when_a_worker_dies_midway(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    deleted_account: CreateDeletedAccount,
) -> None:
    account = await deleted_account()
    real = AccountActivities(session_maker, LocalDiskStorage(settings.media_dir))

    @activity.defn(name="erase_media")
    async def erase_media_without_storage(keys: list[str]) -> None:
        raise ConnectionError("storage unreachable")

    async def erasing_media_was_retried() -> bool:
        pending = (await handle.describe()).raw_description.pending_activities
        return any(each.activity_type.name == "erase_media" and each.attempt >= 2 for each in pending)

    dying_worker = Worker(
        client,
        task_queue=settings.temporal_task_queue,
        workflows=list(WORKFLOWS),
        activities=[real.scrub_user, erase_media_without_storage],
    )
    async with dying_worker:
        handle = await start_erasure(client, settings, account)
        await eventually(erasing_media_was_retried)
    assert_scrubbed(await read_user(session_maker, account.user_id))
    assert all((settings.media_dir / key).exists() for key in account.image_keys)

    async with serving(client, settings, engine):
        await handle.result()

    assert not any((settings.media_dir / key).exists() for key in account.image_keys)
    scheduled = [
        event.activity_task_scheduled_event_attributes.activity_type.name
        async for event in handle.fetch_history_events()
        if event.event_type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
    ]
    assert scheduled == ["scrub_user", "erase_media"]
