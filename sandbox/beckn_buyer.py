"""The sandbox buyer app (a BAP): what a rider's app on the network does, so the tests and a browser can book a seat
from outside. It has its own key pair (derived from the app's secret key, so every API process has the same one),
lists itself in the sandbox registry before each request, signs what it sends to Humsafar's `/beckn/{action}`
(BECKN-006), and keeps the callbacks Humsafar sends to its bap_uri, `{PUBLIC_APP_URL}/api/sandbox/beckn/buyer`,
once each, after verifying Humsafar's signature through the registry, as any buyer app does."""

import hashlib
import json
import time
import uuid
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

import httpx
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from domain.db import transaction
from domain.providers.beckn.registry import BecknRegistry
from domain.providers.beckn.signing import AUTHORIZATION, KeyId, Signer, verify
from domain.settings import Settings
from sandbox import beckn_registry
from sandbox.models import SandboxBecknCallback
from sandbox.schemas import BuyerCallback, BuyerSend, BuyerSent, RegistrySubscribe
from sandbox.web import SandboxRefusal

# Where the buyer app's callbacks arrive, under the API's prefix: its bap_uri is PUBLIC_APP_URL + this.
BAP_PATH = "/sandbox/beckn/buyer"
# The realm of the buyer app's challenge to a callback it cannot verify.
REALM = "sandbox-buyer"
SEND_TIMEOUT_SECONDS = 10.0
# The callbacks one listing answers at most, the newest last.
MOST_LISTED = 200
KEY_PURPOSE = b"sandbox beckn buyer app"


class CallbackRefused(Exception):
    def __init__(self, status_code: int, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.message = message


@lru_cache(maxsize=4)
def _signer(secret_key: str, host: str) -> Signer:
    seed = hashlib.blake2b(KEY_PURPOSE, key=secret_key.encode()[:64], digest_size=32).digest()
    key = Ed25519PrivateKey.from_private_bytes(seed)
    unique_key_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{host}/{KEY_PURPOSE.decode()}/{seed.hex()[:16]}"))
    return Signer(KeyId(f"buyer.sandbox.{host}", unique_key_id), key)


def buyer_signer(settings: Settings) -> Signer:
    """The sandbox buyer app's key and the subscriber id and key id the registry lists it by."""
    return _signer(settings.resolved_secret_key(), urlsplit(settings.public_app_url).hostname or "localhost")


def bap_uri(settings: Settings) -> str:
    return f"{settings.public_app_url.rstrip('/')}/api{BAP_PATH}"


async def subscribe_self(session: AsyncSession, settings: Settings) -> None:
    signer = buyer_signer(settings)
    await beckn_registry.subscribe(
        session,
        settings,
        RegistrySubscribe(
            subscriber_id=signer.key_id.subscriber_id,
            subscriber_url=bap_uri(settings),
            type="BAP",
            domain=beckn_registry.DOMAIN,
            signing_public_key=signer.public_key,
            unique_key_id=signer.key_id.unique_key_id,
        ),
    )


def request_body(settings: Settings, send: BuyerSend, transaction_id: str, message_id: str) -> dict[str, Any]:
    signer = buyer_signer(settings)
    return {
        "context": {
            "domain": beckn_registry.DOMAIN,
            "version": "2.0.1",
            "action": send.action,
            "location": {"city": {"code": settings.beckn_city_codes[0]}, "country": {"code": "IND"}},
            "bap_id": signer.key_id.subscriber_id,
            "bap_uri": bap_uri(settings),
            "transaction_id": transaction_id,
            "message_id": message_id,
            "timestamp": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "ttl": "PT30S",
        },
        "message": send.message,
    }


async def send(
    session_maker: async_sessionmaker[AsyncSession], http: httpx.AsyncClient, settings: Settings, request: BuyerSend
) -> BuyerSent:
    """Lists the buyer app in the registry (committed first: Humsafar looks its key up), then signs the request and
    sends it to Humsafar; answers Humsafar's immediate answer. Refused (502) when Humsafar cannot be reached."""
    async with transaction(session_maker) as session:
        await subscribe_self(session, settings)
    transaction_id = request.transaction_id or str(uuid.uuid4())
    message_id = str(uuid.uuid4())
    body = json.dumps(request_body(settings, request, transaction_id, message_id)).encode()
    headers = {
        AUTHORIZATION: buyer_signer(settings).authorization(body, int(time.time())),
        "Content-Type": "application/json",
    }
    try:
        answer = await http.post(
            f"{settings.beckn_subscriber_url}/{request.action}",
            content=body,
            headers=headers,
            timeout=SEND_TIMEOUT_SECONDS,
        )
    except httpx.HTTPError as error:
        raise SandboxRefusal(f"Humsafar could not be reached: {error}", 502) from None
    try:
        answered = answer.json()
    except ValueError:
        answered = {"text": answer.text[:1000]}
    return BuyerSent(
        transaction_id=transaction_id,
        message_id=message_id,
        status_code=answer.status_code,
        answer=answered if isinstance(answered, dict) else {"answer": answered},
    )


def registry(http: httpx.AsyncClient, settings: Settings) -> BecknRegistry:
    """The registry asked as the buyer app (its lookups signed with the buyer app's key)."""
    return BecknRegistry(
        http,
        settings.resolved_beckn_registry_url,
        buyer_signer(settings),
        cache_seconds=settings.beckn_registry_cache_seconds,
        timeout_seconds=settings.beckn_registry_timeout_seconds,
    )


async def receive(
    session: AsyncSession, keys: BecknRegistry, action: str, body: bytes, authorization: str | None
) -> None:
    """Keeps a callback whose signature the registry's key verifies (raises SignatureRefused otherwise), once by its
    message id and action; one sent again is counted, not kept again."""
    signed_by = await verify(authorization, body, keys.signing_public_key, now=int(time.time()))
    try:
        callback = json.loads(body)
        context = callback["context"]
        transaction_id, message_id = str(context["transaction_id"]), str(context["message_id"])
    except (ValueError, KeyError, TypeError):
        raise CallbackRefused(400, "Not a Beckn callback") from None
    if context.get("action") != action:
        raise CallbackRefused(400, f"context.action is not {action}")
    await session.execute(
        insert(SandboxBecknCallback)
        .values(
            transaction_id=transaction_id[:100],
            message_id=message_id[:100],
            action=action,
            signed_by=signed_by.subscriber_id,
            body=callback,
        )
        .on_conflict_do_update(
            constraint="uq_beckn_buyer_callbacks_message_id_action",
            set_={"deliveries": SandboxBecknCallback.deliveries + 1},
        )
    )


async def callbacks(session: AsyncSession, transaction_id: str) -> list[BuyerCallback]:
    rows = await session.scalars(
        select(SandboxBecknCallback)
        .where(SandboxBecknCallback.transaction_id == transaction_id)
        .order_by(SandboxBecknCallback.id)
        .limit(MOST_LISTED)
    )
    return [
        BuyerCallback(
            transaction_id=row.transaction_id,
            message_id=row.message_id,
            action=row.action,
            signed_by=row.signed_by,
            deliveries=row.deliveries,
            received_at=row.received_at,
            body=row.body,
        )
        for row in rows
    ]
