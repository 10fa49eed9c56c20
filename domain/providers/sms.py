"""SMS delivery: an HTTP gateway in production, the sandbox outbox otherwise."""

import logging
from dataclasses import dataclass
from typing import Protocol

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

from domain.models import SandboxSms

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


class SandboxOutbox:
    """Keeps each message in the sandbox outbox, in the caller's transaction."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def send(self, message: SmsMessage) -> None:
        self.session.add(SandboxSms(mobile_number=message.mobile_number, message=message.text, code=message.code))
        await self.session.flush()
