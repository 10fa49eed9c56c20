"""Pushing a stored notification to its recipient's devices, on a real Temporal server, a real PostgreSQL and a
push service on this machine."""

import asyncio
from collections.abc import Iterator
from dataclasses import replace

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowHandle

from domain.db import transaction
from domain.models import FlowOutboxEntry, Notification, PushSubscription, User
from domain.notifications import NotificationDraft, store_notifications
from domain.push import PushDestinations, vapid_keys
from domain.settings import Settings
from tests.flows import flow_exists
from tests.push_service import LocalPushService, Subscription
from tests.workflows.recorded import replay_and_record
from tests.workflows.trip_support import create_users
from worker.main import serving
from workflows.flow import FLOW_STATUS
from workflows.push.contracts import push_start, push_workflow_id


@pytest.fixture
def push_service(settings: Settings) -> Iterator[LocalPushService]:
    with LocalPushService(vapid_keys(settings).public_key) as service:
        yield service


async def person_with_devices(
    session_maker: async_sessionmaker[AsyncSession], devices: list[Subscription], receive: bool = True
) -> int:
    async with transaction(session_maker) as session:
        [user_id] = await create_users(session, 1)
        (await session.get_one(User, user_id)).receive_notification = receive
        for device in devices:
            keys = device.to_json()["keys"]
            session.add(PushSubscription(user_id=user_id, endpoint=device.endpoint, **keys))
    return user_id


def reminder(user_id: int) -> NotificationDraft:
    return NotificationDraft(
        recipient_id=user_id,
        title="Trip reminder",
        message="Your trip starts at 09:30.",
        entity_type="trip",
        entity_id="42",
    )


async def notify(session_maker: async_sessionmaker[AsyncSession], user_id: int) -> None:
    async with transaction(session_maker) as session:
        await store_notifications(session, [reminder(user_id)], push_start)


async def the_push_flow(client: Client, user_id: int) -> WorkflowHandle:
    """The one push flow started for this person, once the server's search has it."""
    for _ in range(100):
        flows = [flow async for flow in client.list_workflows(f'UserId = "{user_id}"')]
        if flows:
            [flow] = flows
            assert flow.id.startswith("push:")
            return client.get_workflow_handle(flow.id)
        await asyncio.sleep(0.1)
    raise AssertionError(f"no push flow for user {user_id}")


async def test_each_device_is_sent_to_and_a_gone_one_is_removed(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    push_service: LocalPushService,
) -> None:
    phone, expired = push_service.subscribe(), push_service.subscribe(answers=[404])
    user_id = await person_with_devices(session_maker, [phone, expired])
    async with serving(client, settings, engine, push_destinations=PushDestinations({push_service.address})):
        await notify(session_maker, user_id)
        handle = await the_push_flow(client, user_id)
        assert await handle.result() == 1

    [received] = push_service.received[phone.token]
    assert received.payload["message"] == "Your trip starts at 09:30."
    assert (received.payload["entity_type"], received.payload["entity_id"]) == ("trip", "42")
    async with session_maker() as session:
        left = await session.scalars(select(PushSubscription.endpoint).where(PushSubscription.user_id == user_id))
        assert list(left) == [phone.endpoint]
    description = await handle.describe()
    assert description.typed_search_attributes.get(FLOW_STATUS) == "delivered"

    await replay_and_record(handle, "push")


async def test_a_notification_that_was_rolled_back_is_never_pushed(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    push_service: LocalPushService,
) -> None:
    phone = push_service.subscribe()
    user_id = await person_with_devices(session_maker, [phone])
    async with serving(client, settings, engine, push_destinations=PushDestinations({push_service.address})):
        rolled_back: list[int] = []
        with pytest.raises(RuntimeError):
            async with transaction(session_maker) as session:
                await store_notifications(session, [reminder(user_id)], push_start)
                rolled_back.extend(
                    await session.scalars(select(Notification.id).where(Notification.recipient_id == user_id))
                )
                raise RuntimeError("the storing transaction fails after the push was handed to the outbox")
        # A notification stored next, and committed, is pushed: the outbox and the worker deliver, and what the
        # rolled-back one would have started would have been started before it.
        async with transaction(session_maker) as session:
            await store_notifications(session, [replace(reminder(user_id), entity_id="43")], push_start)
        [pushed] = await asyncio.to_thread(push_service.wait_for, phone)
    assert pushed.payload["entity_id"] == "43"
    [notification_id] = rolled_back
    assert not await flow_exists(client, push_workflow_id(notification_id))
    async with session_maker() as session:
        waiting = await session.scalars(
            select(FlowOutboxEntry.id).where(FlowOutboxEntry.search_attributes["UserId"].astext == str(user_id))
        )
        assert list(waiting) == []
    assert len(push_service.received[phone.token]) == 1


async def test_a_person_with_app_notification_off_gets_no_push(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    push_service: LocalPushService,
) -> None:
    phone = push_service.subscribe()
    user_id = await person_with_devices(session_maker, [phone], receive=False)
    async with serving(client, settings, engine, push_destinations=PushDestinations({push_service.address})):
        await notify(session_maker, user_id)
        handle = await the_push_flow(client, user_id)
        assert await handle.result() == 0
    assert push_service.received[phone.token] == []
    assert (await handle.describe()).typed_search_attributes.get(FLOW_STATUS) == "undelivered"


async def test_a_device_on_a_local_address_is_never_sent_to_and_is_removed(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    push_service: LocalPushService,
) -> None:
    """A subscription stored before the check, or whose name now resolves to this machine: the worker checks again
    when it sends, and a deploy's worker (no stand-ins) refuses the loopback push service."""
    phone = push_service.subscribe()
    by_name = push_service.subscribe()
    by_name.endpoint = by_name.endpoint.replace("127.0.0.1", "localhost")
    user_id = await person_with_devices(session_maker, [phone, by_name])
    async with serving(client, settings, engine, push_destinations=PushDestinations()):
        await notify(session_maker, user_id)
        handle = await the_push_flow(client, user_id)
        assert await handle.result() == 0
    assert push_service.received[phone.token] == push_service.received[by_name.token] == []
    async with session_maker() as session:
        left = await session.scalars(select(PushSubscription.id).where(PushSubscription.user_id == user_id))
        assert list(left) == []


async def started_eagerly(handle: WorkflowHandle) -> bool:
    """Whether Temporal handed the flow's first task back in the start's answer (eager workflow start)."""
    async for event in handle.fetch_history_events():
        return event.workflow_execution_started_event_attributes.eager_execution_accepted
    raise AssertionError(f"{handle.id} has no history")


async def test_a_flow_the_relay_starts_takes_its_first_task_from_the_start_itself(
    client: Client,
    settings: Settings,
    engine: AsyncEngine,
    session_maker: async_sessionmaker[AsyncSession],
    push_service: LocalPushService,
) -> None:
    user_id = await person_with_devices(session_maker, [push_service.subscribe()])
    async with serving(client, settings, engine, push_destinations=PushDestinations({push_service.address})):
        await notify(session_maker, user_id)
        handle = await the_push_flow(client, user_id)
        assert await handle.result() == 1

    assert await started_eagerly(handle)
