"""The sandbox network registry: the registry protocol of domain/providers/beckn/registry.py. A buyer app (or a
gateway) subscribes its signing key and is listed at once (no on_subscribe challenge, unlike ONDC's registry); the
lookup answers every matching subscription, Humsafar's own among them (type BPP, its key and subscriber URL), to a
caller that signs the lookup with a key the registry lists, as the registry's lookups are for the network's
subscribers alone."""

import time

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.providers.beckn.ack import NETWORK_INVALID_REQUEST
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.registry import SUBSCRIBED, Subscription
from domain.providers.beckn.signing import KeyId, verify
from domain.settings import Settings
from sandbox.models import SandboxBecknSubscriber
from sandbox.schemas import RegistryLookup, RegistrySubscribe

DOMAIN = "ONDC:TRV10"
# The realm of the registry's challenge to an unsigned or wrongly signed lookup.
REALM = "sandbox-registry"
# The most subscriptions one lookup answers.
MOST_ANSWERED = 100


class RegistryRefusal(Exception):
    def __init__(self, status_code: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.code = code
        self.message = message


def humsafar_subscription(settings: Settings) -> Subscription:
    signer = humsafar_signer(settings)
    return Subscription(
        subscriber_id=signer.key_id.subscriber_id,
        subscriber_url=settings.beckn_subscriber_url,
        type="BPP",
        domain=DOMAIN,
        signing_public_key=signer.public_key,
        unique_key_id=signer.key_id.unique_key_id,
        status=SUBSCRIBED,
    )


def _subscription(row: SandboxBecknSubscriber) -> Subscription:
    return Subscription(
        subscriber_id=row.subscriber_id,
        subscriber_url=row.subscriber_url,
        type=row.type,
        domain=row.domain,
        signing_public_key=row.signing_public_key,
        unique_key_id=row.unique_key_id,
        status=row.status,
        created=row.created_at,
        updated=row.updated_at,
    )


async def subscribe(session: AsyncSession, settings: Settings, subscription: RegistrySubscribe) -> None:
    """Lists the participant's key; subscribing the same key id again replaces its URL and key."""
    if subscription.subscriber_id == humsafar_signer(settings).key_id.subscriber_id:
        raise RegistryRefusal(409, NETWORK_INVALID_REQUEST, "This subscriber id is Humsafar's own")
    values = subscription.model_dump() | {"status": SUBSCRIBED}
    await session.execute(
        insert(SandboxBecknSubscriber)
        .values(**values)
        .on_conflict_do_update(
            index_elements=["subscriber_id", "unique_key_id"],
            set_={
                "subscriber_url": subscription.subscriber_url,
                "type": subscription.type,
                "domain": subscription.domain,
                "signing_public_key": subscription.signing_public_key,
                "status": SUBSCRIBED,
                "updated_at": func.now(),
            },
        )
    )


async def _listed(session: AsyncSession, settings: Settings, query: RegistryLookup) -> list[Subscription]:
    wanted = query.model_dump(exclude_none=True)
    statement = select(SandboxBecknSubscriber).where(SandboxBecknSubscriber.status == SUBSCRIBED)
    for name, value in wanted.items():
        statement = statement.where(getattr(SandboxBecknSubscriber, name) == value)
    rows = await session.scalars(
        statement.order_by(SandboxBecknSubscriber.subscriber_id, SandboxBecknSubscriber.unique_key_id).limit(
            MOST_ANSWERED
        )
    )
    own = humsafar_subscription(settings)
    listed_own = [own] if all(getattr(own, name) == value for name, value in wanted.items()) else []
    return [*listed_own, *map(_subscription, rows)][:MOST_ANSWERED]


async def lookup(
    session: AsyncSession, settings: Settings, query: RegistryLookup, body: bytes, authorization: str | None
) -> list[Subscription]:
    """The subscriptions matching the query, to a caller whose signature over the exact body is of a listed key."""

    async def listed_key(key: KeyId) -> str | None:
        found = await _listed(
            session, settings, RegistryLookup(subscriber_id=key.subscriber_id, unique_key_id=key.unique_key_id)
        )
        return found[0].signing_public_key if found else None

    await verify(authorization, body, listed_key, now=int(time.time()))
    return await _listed(session, settings, query)
