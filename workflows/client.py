"""One way to reach the Temporal server, for the API, the worker and the tools."""

import asyncio
import logging
import time

from temporalio.client import Client
from temporalio.runtime import Runtime

logger = logging.getLogger(__name__)

CONNECT_PATIENCE_SECONDS = 15.0
RETRY_PAUSE_SECONDS = 0.5


async def connect_temporal(
    address: str,
    namespace: str,
    patience_seconds: float = CONNECT_PATIENCE_SECONDS,
    runtime: Runtime | None = None,
) -> Client:
    """Connects, retrying while the server is still coming up (compose starts everything at once); `runtime` for
    where its metrics go (the SDK's default, which keeps none, otherwise)."""
    deadline = time.monotonic() + patience_seconds
    while True:
        try:
            return await Client.connect(address, namespace=namespace, runtime=runtime)
        except RuntimeError as error:
            if time.monotonic() >= deadline:
                raise RuntimeError(f"Temporal did not answer on {address}: {error}") from error
            logger.info("waiting for Temporal on %s", address)
            await asyncio.sleep(RETRY_PAUSE_SECONDS)
