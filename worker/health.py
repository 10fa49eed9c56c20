"""`python -m worker.health`: exits 0 when a worker in this container polls our task queue.

The container healthcheck runs it beside `python -m worker`; a worker's default identity is `pid@hostname`,
so a recent poller with this hostname is a live worker here.
"""

import asyncio
import socket
import sys
from datetime import UTC, datetime, timedelta

from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client

from domain.settings import get_settings
from workflows.client import connect_temporal

# A poll is a long poll of about a minute; a live worker is seen at least that often.
RECENT_POLL = timedelta(minutes=2)


async def polls_task_queue(client: Client, task_queue: str, hostname: str) -> bool:
    response = await client.workflow_service.describe_task_queue(
        DescribeTaskQueueRequest(
            namespace=client.namespace,
            task_queue=TaskQueue(name=task_queue),
            task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        )
    )
    recent = datetime.now(UTC) - RECENT_POLL
    return any(
        poller.identity.endswith(f"@{hostname}") and poller.last_access_time.ToDatetime(UTC) > recent
        for poller in response.pollers
    )


async def check() -> bool:
    settings = get_settings()
    client = await connect_temporal(settings.temporal_target, settings.temporal_namespace, patience_seconds=0)
    return await polls_task_queue(client, settings.temporal_task_queue, socket.gethostname())


if __name__ == "__main__":
    sys.exit(0 if asyncio.run(check()) else 1)
