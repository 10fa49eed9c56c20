"""SMS delivery through a gateway's JSON API with a bearer key (the shape most Indian gateways accept):

- `POST {url}` with `Authorization: Bearer {key}` and `{to: "+91XXXXXXXXXX", sender, message}`, and `reference` when
  the sender gives one (a message sent again with it is delivered once); any 2xx answer means the gateway took the
  message.

The sandbox gateway (sandbox/sms.py) answers the same and keeps what it was given, so a tester can read a sign-in
code; settings choose which one this talks to (SMS_GATEWAY_URL, else the sandbox's). The API sends sign-in codes
with it, and the worker builds its own the same way (`sms_gateway`).
"""

import logging
import re
from dataclasses import dataclass
from typing import Final, Protocol

import httpx

from domain.i18n import catalog
from domain.i18n.languages import LANGUAGES, Language
from domain.settings import Settings

logger = logging.getLogger("humsafar.sms")

# India's country code, which the gateway wants before the 10-digit mobile number.
COUNTRY_CODE: Final = "+91"
TIMEOUT_SECONDS: Final = 10


@dataclass(frozen=True)
class SmsMessage:
    mobile_number: str
    text: str
    # The sender's idempotency reference: a message sent again with it (a retried step) is delivered once.
    reference: str | None = None


def sign_in_code_message(mobile_number: str, code: str, minutes: int, language: Language) -> SmsMessage:
    """The text that carries a one-time code, in the language of the request that asked for it (the number has no
    profile yet): the code first, so a phone can offer to fill it in."""
    return SmsMessage(
        mobile_number=mobile_number,
        text=catalog.text("SIGN_IN_CODE_SMS", language).format(code=code, minutes=minutes),
    )


def _sign_in_code_pattern() -> re.Pattern[str]:
    """The start of a sign-in message in any language: its code, then the words that follow it there."""
    starts = {catalog.text("SIGN_IN_CODE_SMS", language).split("{code}", 1)[1].split("{")[0] for language in LANGUAGES}
    words = "|".join(re.escape(start) for start in sorted(starts, key=len, reverse=True))
    return re.compile(rf"(\d{{4,10}})(?:{words})")


SIGN_IN_CODE = _sign_in_code_pattern()


def sign_in_code_in(text: str) -> str | None:
    """The one-time code of a sign-in message, in whichever language it was sent; other messages carry none."""
    found = SIGN_IN_CODE.match(text)
    return found.group(1) if found else None


class SmsDeliveryError(Exception):
    """The gateway could not be reached or refused the message."""


class SmsProvider(Protocol):
    async def send(self, message: SmsMessage) -> None: ...


class HttpSmsGateway:
    """Posts each message to the gateway at once: never called while a request or an activity holds a row lock or a
    transaction (api/outbound.py)."""

    def __init__(self, client: httpx.AsyncClient, url: str, api_key: str, sender_id: str) -> None:
        self.client = client
        self.url = url
        self.api_key = api_key
        self.sender_id = sender_id

    async def send(self, message: SmsMessage) -> None:
        body = {"to": f"{COUNTRY_CODE}{message.mobile_number}", "sender": self.sender_id, "message": message.text}
        if message.reference is not None:
            body["reference"] = message.reference
        try:
            answer = await self.client.post(
                self.url, headers={"Authorization": f"Bearer {self.api_key}"}, json=body, timeout=TIMEOUT_SECONDS
            )
            answer.raise_for_status()
        except httpx.HTTPError as error:
            logger.warning("SMS gateway refused a message: %s", error)
            raise SmsDeliveryError(str(error)) from error


def sms_gateway(http: httpx.AsyncClient, settings: Settings) -> HttpSmsGateway:
    return HttpSmsGateway(http, settings.resolved_sms_gateway_url, settings.sms_gateway_api_key, settings.sms_sender_id)
