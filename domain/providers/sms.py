"""SMS delivery: an HTTP gateway in production; with SANDBOX=true the sandbox outbox stands in (sandbox/sms.py,
whose sms_providers chooses)."""

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

logger = logging.getLogger("humsafar.sms")


@dataclass(frozen=True)
class SmsMessage:
    mobile_number: str
    text: str
    code: str | None = None


class SmsDeliveryError(Exception):
    pass


class SmsProvider(Protocol):
    async def send(self, message: SmsMessage) -> None: ...


# The provider for a caller's transaction: an outbox keeps its messages in it, a gateway sends them at once.
SmsProviders = Callable[[AsyncSession], SmsProvider]


class HttpSmsGateway:
    """Posts to an SMS gateway's JSON API with a bearer key (the shape most Indian gateways accept)."""

    def __init__(self, client: httpx.AsyncClient, url: str, api_key: str, sender_id: str) -> None:
        self.client = client
        self.url = url
        self.api_key = api_key
        self.sender_id = sender_id

    async def send(self, message: SmsMessage) -> None:
        try:
            answer = await self.client.post(
                self.url,
                headers={"Authorization": f"Bearer {self.api_key}"},
                json={"to": f"+91{message.mobile_number}", "sender": self.sender_id, "message": message.text},
                timeout=10,
            )
            answer.raise_for_status()
        except httpx.HTTPError as error:
            logger.warning("SMS gateway refused a message: %s", error)
            raise SmsDeliveryError(str(error)) from error
