"""One way to reach the Temporal server, shared by the API and the worker."""

import asyncio
import logging
import time

from temporalio.client import Client
from temporalio.runtime import Runtime

from domain.settings import Settings

logger = logging.getLogger(__name__)

CONNECT_PATIENCE_SECONDS = 15.0
RETRY_PAUSE_SECONDS = 0.5


def temporal_address(settings: Settings) -> str:
    return settings.temporal_address or f"127.0.0.1:{settings.temporal_port}"


async def connect_temporal(
    settings: Settings, patience_seconds: float = CONNECT_PATIENCE_SECONDS, runtime: Runtime | None = None
) -> Client:
    """Connects, retrying while the server is still coming up (compose starts everything at once); `runtime` for
    where its metrics go (the SDK's default, which keeps none, otherwise)."""
    address = temporal_address(settings)
    deadline = time.monotonic() + patience_seconds
    while True:
        try:
            return await Client.connect(address, namespace=settings.temporal_namespace, runtime=runtime)
        except RuntimeError as error:
            if time.monotonic() >= deadline:
                raise RuntimeError(f"Temporal did not answer on {address}: {error}") from error
            logger.info("waiting for Temporal on %s", address)
            await asyncio.sleep(RETRY_PAUSE_SECONDS)
