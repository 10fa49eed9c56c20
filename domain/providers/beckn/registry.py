"""The network registry, where every participant's signing key is listed (beckn-registry.yaml; the field names are
ONDC's registry's):

- `POST {BECKN_REGISTRY_URL}/lookup` `{"subscriber_id", "unique_key_id"}`, signed with Humsafar's key (an
  `Authorization` header, BECKN-006: the lookup is for the network's subscribers) → the list of matching subscriptions
  `[{subscriber_id, subscriber_url, type, domain, signing_public_key, unique_key_id, valid_from, valid_until, status,
  created, updated}]`.

A key is looked up once and kept in this process for BECKN_REGISTRY_CACHE_SECONDS (a key the registry does not list,
for a shorter while), and callers asking for one key at the same moment wait for one lookup: a burst of requests from
one buyer app costs one call to the registry. The sandbox registry (sandbox/beckn_registry.py) answers the same;
settings choose which one this talks to."""

import asyncio
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime

import httpx
from pydantic import AliasChoices, BaseModel, Field, TypeAdapter, ValidationError, field_validator

from domain import clock
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.signing import AUTHORIZATION, KeyId, Signer
from domain.settings import Settings

logger = logging.getLogger("humsafar.beckn")

SUBSCRIBED = "SUBSCRIBED"
# A key the registry does not list is asked about again after this long at most: it may have just subscribed.
UNKNOWN_KEY_CACHE_SECONDS = 30.0
# The keys kept at most; the oldest looked up goes first.
MAX_CACHED_KEYS = 1024


class Subscription(BaseModel):
    """A participant's entry on the registry, as its lookup answers it."""

    subscriber_id: str = Field(max_length=200)
    subscriber_url: str | None = Field(default=None, max_length=1000)
    # BAP, BPP or BG (or a registry's own words for them): read as given, so one unusual entry spoils no lookup.
    type: str | None = Field(default=None, max_length=40)
    domain: str | None = Field(default=None, max_length=100)
    signing_public_key: str = Field(max_length=200)
    # ONDC's registry answers the key id as ukId on some lookups.
    unique_key_id: str | None = Field(
        default=None, max_length=200, validation_alias=AliasChoices("unique_key_id", "ukId")
    )
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    status: str | None = Field(default=None, max_length=40)
    created: datetime | None = None
    updated: datetime | None = None

    @field_validator("valid_from", "valid_until", "created", "updated")
    @classmethod
    def in_utc_unless_told(cls, moment: datetime | None) -> datetime | None:
        return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment

    def lists(self, key: KeyId, now: datetime) -> bool:
        """Whether this entry is that key, subscribed and valid now."""
        return (
            self.subscriber_id == key.subscriber_id
            and self.unique_key_id == key.unique_key_id
            and self.status in (None, SUBSCRIBED)
            and (self.valid_from is None or self.valid_from <= now)
            and (self.valid_until is None or now <= self.valid_until)
        )


SUBSCRIPTIONS = TypeAdapter(list[Subscription])


class RegistryUnavailable(Exception):
    """The registry could not be reached or did not answer a list of subscriptions: the key is neither known nor
    known to be absent."""


def lookup_body(key: KeyId) -> bytes:
    return json.dumps({"subscriber_id": key.subscriber_id, "unique_key_id": key.unique_key_id}).encode()


class BecknRegistry:
    """The registry's lookup of participants' signing keys, cached in this process."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        url: str,
        signer: Signer,
        cache_seconds: float,
        timeout_seconds: float,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._http = http
        self._lookup_url = f"{url.rstrip('/')}/lookup"
        self._signer = signer
        self._cache_seconds = cache_seconds
        self._timeout = timeout_seconds
        self._monotonic = monotonic
        self._known: OrderedDict[KeyId, tuple[float, Subscription | None]] = OrderedDict()
        self._asking: dict[KeyId, asyncio.Future[Subscription | None]] = {}

    async def signing_public_key(self, key: KeyId) -> str | None:
        """The key's signing_public_key, or None when the registry lists no such key subscribed and valid now.
        Raises RegistryUnavailable when the registry cannot say."""
        listed = await self.subscription(key)
        return None if listed is None else listed.signing_public_key

    async def subscription(self, key: KeyId) -> Subscription | None:
        """The registry's entry of the key, subscribed and valid now, or None when it lists none. Raises
        RegistryUnavailable when the registry cannot say."""
        known = self._known.get(key)
        if known is not None and known[0] > self._monotonic():
            return known[1]
        asking = self._asking.get(key)
        if asking is None:
            asking = asyncio.ensure_future(self._look_up(key))
            self._asking[key] = asking
            asking.add_done_callback(lambda _: self._asking.pop(key, None))
        # A caller that gives up does not cancel the lookup the others wait for.
        return await asyncio.shield(asking)

    async def _look_up(self, key: KeyId) -> Subscription | None:
        body = lookup_body(key)
        headers = {
            AUTHORIZATION: self._signer.authorization(body, int(time.time())),
            "Content-Type": "application/json",
        }
        try:
            answer = await self._http.post(self._lookup_url, content=body, headers=headers, timeout=self._timeout)
            answer.raise_for_status()
            subscriptions = SUBSCRIPTIONS.validate_json(answer.content)
        except (httpx.HTTPError, ValidationError) as error:
            logger.warning("the registry's lookup of %s failed: %s", key, error)
            raise RegistryUnavailable(str(error)) from error
        now = clock.now()
        listed = next((entry for entry in subscriptions if entry.lists(key, now)), None)
        keep_for = min(self._cache_seconds, UNKNOWN_KEY_CACHE_SECONDS) if listed is None else self._cache_seconds
        self._known[key] = (self._monotonic() + keep_for, listed)
        self._known.move_to_end(key)
        while len(self._known) > MAX_CACHED_KEYS:
            self._known.popitem(last=False)
        return listed


def beckn_registry(http: httpx.AsyncClient, settings: Settings) -> BecknRegistry:
    """The registry the settings name (the sandbox's by default), asked as Humsafar."""
    return BecknRegistry(
        http,
        settings.resolved_beckn_registry_url,
        humsafar_signer(settings),
        cache_seconds=settings.beckn_registry_cache_seconds,
        timeout_seconds=settings.beckn_registry_timeout_seconds,
    )
