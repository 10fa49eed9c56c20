"""The API's Temporal client, connected on first use so the API starts even while Temporal is still coming up."""

import asyncio

from temporalio.client import Client

from domain.settings import Settings
from workflows.client import connect_temporal


class LazyTemporalClient:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._client: Client | None = None
        self._lock = asyncio.Lock()

    async def get(self) -> Client:
        if self._client is None:
            async with self._lock:
                if self._client is None:
                    settings = self.settings
                    self._client = await connect_temporal(settings.temporal_target, settings.temporal_namespace)
        return self._client
