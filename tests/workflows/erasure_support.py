"""What the erasure tests share: an account as the API leaves it after a delete; checks of the result."""

import asyncio
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client, WorkflowHandle

from domain.db import transaction
from domain.models import User
from domain.providers.storage import MediaStorage
from domain.settings import Settings
from workflows.account_erasure.contracts import AccountErasureInput, account_erasure_workflow_id
from workflows.account_erasure.workflow import AccountErasureWorkflow

PERSONAL_DATA = (
    "mobile_number",
    "name",
    "dob",
    "gender",
    "small_image_key",
    "medium_image_key",
    "current_latitude",
    "current_longitude",
    "current_location_updated_at",
    "linked_in_url",
)


@dataclass(frozen=True)
class DeletedAccount:
    user_id: int
    image_keys: list[str]


async def create_deleted_account(
    session_maker: async_sessionmaker[AsyncSession], storage: MediaStorage, *, deleted: bool = True
) -> DeletedAccount:
    async with transaction(session_maker) as session:
        user = User(
            name="Asha Rao",
            gender="FEMALE",
            dob=date(1994, 3, 14),
            referral_code=f"R{uuid.uuid4().hex[:12]}",
            linked_in_url="https://www.linkedin.com/in/asha-rao",
            current_latitude=Decimal("12.935200"),
            current_longitude=Decimal("77.624500"),
            current_location_updated_at=datetime.now(UTC),
            deleted_at=datetime.now(UTC) if deleted else None,
        )
        session.add(user)
        await session.flush()
        user.small_image_key = f"users/{user.id}/small.jpg"
        user.medium_image_key = f"users/{user.id}/medium.jpg"
        image_keys = [user.small_image_key, user.medium_image_key]
    for key in image_keys:
        await storage.put(key, b"\xff\xd8\xff picture")
    return DeletedAccount(user.id, image_keys)


async def start_erasure(client: Client, settings: Settings, account: DeletedAccount) -> WorkflowHandle:
    return await client.start_workflow(
        AccountErasureWorkflow.run,
        AccountErasureInput(user_id=account.user_id, image_keys=account.image_keys),
        id=account_erasure_workflow_id(account.user_id),
        task_queue=settings.temporal_task_queue,
    )


async def read_user(session_maker: async_sessionmaker[AsyncSession], user_id: int) -> User:
    async with transaction(session_maker) as session:
        user = await session.get(User, user_id)
        assert user is not None
        return user


def assert_scrubbed(user: User) -> None:
    """Personal data is gone; the row, its id and its deletion mark stay for referential integrity."""
    assert user.deleted_at is not None
    assert user.referral_code
    assert {field: getattr(user, field) for field in PERSONAL_DATA} == dict.fromkeys(PERSONAL_DATA)


async def eventually(condition: Callable[[], Awaitable[bool]], timeout_seconds: float = 15.0) -> None:
    async with asyncio.timeout(timeout_seconds):
        while True:
            if await condition():
                return
            await asyncio.sleep(0.1)
