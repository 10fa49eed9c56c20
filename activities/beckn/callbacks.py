"""The callbacks Humsafar owes buyer apps: each kept once by its (message_id, action) with its exact bytes, then sent
once, signed with Humsafar's key.

A kept callback is sent with no transaction open and marked sent after: a crash between the two sends the same bytes
again, under the same message_id, which a buyer app takes once (BECKN-003); a callback marked sent is never sent
again."""

import json
import time
from typing import Any

import httpx
from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.exceptions import ApplicationError

from domain.db import transaction
from domain.models import BecknCallback, BecknMessage
from domain.providers.beckn.signing import AUTHORIZATION, Signer

# How long one callback's POST may take.
CALLBACK_TIMEOUT_SECONDS = 10.0


def callback_url(bap_uri: str, action: str) -> str:
    return f"{bap_uri.rstrip('/')}/{action}"


def callback_bytes(body: dict[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


async def kept_id(session: AsyncSession, message_id: str, action: str) -> int | None:
    """The callback already kept for this message and action, if any."""
    return await session.scalar(
        select(BecknCallback.id).where(BecknCallback.message_id == message_id, BecknCallback.action == action)
    )


async def keep(
    session: AsyncSession, message: BecknMessage, request_id: int | None, body: dict[str, Any]
) -> int | None:
    """Keeps the callback once by its (message_id, action), to the message's buyer app; answers its id."""
    context = body["context"]
    action = context["action"]
    return await session.scalar(
        insert(BecknCallback)
        .values(
            request_id=request_id,
            message_id=context["message_id"],
            action=action,
            transaction_id=message.transaction_id,
            url=callback_url(message.bap_uri, action),
            body=callback_bytes(body),
        )
        .on_conflict_do_update(
            constraint="uq_beckn_callbacks_message_id_action", set_={"message_id": context["message_id"]}
        )
        .returning(BecknCallback.id)
    )


async def send_kept(
    session_maker: async_sessionmaker[AsyncSession], http: httpx.AsyncClient, signer: Signer, callback_id: int
) -> bool:
    """Sends the kept callback, signed, unless it was sent before; True when sent now. A buyer app that cannot be
    reached, or answers anything but an ACK, raises for the step's retry."""
    async with transaction(session_maker) as session:
        callback = await session.get(BecknCallback, callback_id)
        if callback is None or callback.sent_at is not None:
            return False
        url, body = callback.url, callback.body
    headers = {AUTHORIZATION: signer.authorization(body, int(time.time())), "Content-Type": "application/json"}
    try:
        answer = await http.post(url, content=body, headers=headers, timeout=CALLBACK_TIMEOUT_SECONDS)
    except httpx.HTTPError as error:
        raise ApplicationError(f"the buyer app could not be reached: {error}", type="BuyerAppUnavailable") from None
    if not answer.is_success or _status(answer) != "ACK":
        raise ApplicationError(f"the buyer app answered {answer.status_code}", type="BuyerAppRefused")
    async with transaction(session_maker) as session:
        await session.execute(
            update(BecknCallback)
            .where(BecknCallback.id == callback_id, BecknCallback.sent_at.is_(None))
            .values(sent_at=func.now())
        )
    return True


def _status(answer: httpx.Response) -> str | None:
    try:
        return str(answer.json()["message"]["ack"]["status"])
    except (ValueError, KeyError, TypeError):
        return None
