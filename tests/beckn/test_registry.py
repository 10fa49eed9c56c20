"""The registry client: a signed lookup by subscriber_id and unique_key_id, the key of the entry that is that key,
subscribed and valid now, kept for a while, and one lookup for a burst."""

import asyncio
import json
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from domain.providers.beckn.registry import (
    UNKNOWN_KEY_CACHE_SECONDS,
    BecknRegistry,
    RegistryUnavailable,
)
from domain.providers.beckn.signing import KeyId, verify
from tests.beckn.test_signing import (
    EXAMPLE_KEY,
    EXAMPLE_PUBLIC_KEY,
    EXAMPLE_SIGNER,
    GATEWAY_KEY,
    GATEWAY_PUBLIC_KEY,
    GATEWAY_SIGNER,
)

REGISTRY_URL = "https://registry.example/ondc/"
CACHE_SECONDS = 600.0


def entry(key: KeyId, public_key: str, **fields: object) -> dict[str, object]:
    return {
        "subscriber_id": key.subscriber_id,
        "subscriber_url": f"https://{key.subscriber_id}/beckn",
        "type": "BAP",
        "domain": "ONDC:TRV10",
        "signing_public_key": public_key,
        "unique_key_id": key.unique_key_id,
        "status": "SUBSCRIBED",
        **fields,
    }


class FakeRegistry:
    """A registry answering its lookups from a list, counting them; the clock is the test's."""

    def __init__(self, entries: list[dict[str, object]]) -> None:
        self.entries = entries
        self.requests: list[httpx.Request] = []
        self.status_code = 200
        self.delay = 0.0
        self.now = 1000.0

    async def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        await asyncio.sleep(self.delay)
        return httpx.Response(self.status_code, json=self.entries)

    def client(self) -> BecknRegistry:
        http = httpx.AsyncClient(transport=httpx.MockTransport(self.handle))
        return BecknRegistry(
            http, REGISTRY_URL, GATEWAY_SIGNER, CACHE_SECONDS, timeout_seconds=5, monotonic=lambda: self.now
        )


async def test_a_lookup_is_a_signed_post_by_subscriber_and_key_id_answering_that_keys_public_key():
    registry = FakeRegistry([entry(GATEWAY_KEY, GATEWAY_PUBLIC_KEY), entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY)])

    assert await registry.client().signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY

    [request] = registry.requests
    assert (request.method, str(request.url)) == ("POST", "https://registry.example/ondc/lookup")
    assert json.loads(request.content) == {
        "subscriber_id": EXAMPLE_KEY.subscriber_id,
        "unique_key_id": EXAMPLE_KEY.unique_key_id,
    }

    async def gateway_key(key: KeyId) -> str | None:
        return GATEWAY_PUBLIC_KEY if key == GATEWAY_KEY else None

    now = int(datetime.now(UTC).timestamp())
    assert await verify(request.headers["Authorization"], request.content, gateway_key, now) == GATEWAY_KEY


@pytest.mark.parametrize(
    "listed",
    [
        entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY, status="UNSUBSCRIBED"),
        entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY, valid_until=(datetime.now(UTC) - timedelta(days=1)).isoformat()),
        entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY, valid_from=(datetime.now(UTC) + timedelta(days=1)).isoformat()),
        entry(KeyId(EXAMPLE_KEY.subscriber_id, "another-key"), EXAMPLE_PUBLIC_KEY),
        entry(KeyId("another.example", EXAMPLE_KEY.unique_key_id), EXAMPLE_PUBLIC_KEY),
    ],
    ids=["unsubscribed", "expired", "not yet valid", "another key id", "another subscriber"],
)
async def test_an_entry_that_is_not_that_key_subscribed_and_valid_now_answers_no_key(listed):
    assert await FakeRegistry([listed]).client().signing_public_key(EXAMPLE_KEY) is None


async def test_ondcs_ukid_and_a_validity_window_without_a_time_zone_are_read():
    listed = entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY, valid_from="2020-01-01T00:00:00", valid_until="2999-01-01T00:00:00")
    listed["ukId"] = listed.pop("unique_key_id")
    assert await FakeRegistry([listed]).client().signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY


async def test_a_burst_of_requests_for_one_key_does_one_lookup():
    registry = FakeRegistry([entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY)])
    registry.delay = 0.05
    client = registry.client()

    answers = await asyncio.gather(*(client.signing_public_key(EXAMPLE_KEY) for _ in range(50)))
    assert answers == [EXAMPLE_PUBLIC_KEY] * 50
    assert await client.signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY
    assert len(registry.requests) == 1


async def test_a_known_key_is_looked_up_again_once_its_time_is_over():
    registry = FakeRegistry([entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY)])
    client = registry.client()
    await client.signing_public_key(EXAMPLE_KEY)

    registry.now += CACHE_SECONDS - 1
    await client.signing_public_key(EXAMPLE_KEY)
    assert len(registry.requests) == 1

    registry.entries = [entry(EXAMPLE_KEY, GATEWAY_PUBLIC_KEY)]  # the participant has a new key
    registry.now += 2
    assert await client.signing_public_key(EXAMPLE_KEY) == GATEWAY_PUBLIC_KEY
    assert len(registry.requests) == 2


async def test_a_key_the_registry_does_not_list_is_asked_about_again_sooner():
    registry = FakeRegistry([])
    client = registry.client()
    assert await client.signing_public_key(EXAMPLE_KEY) is None
    assert await client.signing_public_key(EXAMPLE_KEY) is None
    assert len(registry.requests) == 1

    registry.entries = [entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY)]  # it has just subscribed
    registry.now += UNKNOWN_KEY_CACHE_SECONDS + 1
    assert await client.signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY


@pytest.mark.parametrize("status_code", [401, 500, 503])
async def test_a_registry_that_refuses_or_fails_is_unavailable_and_its_failure_is_not_kept(status_code):
    registry = FakeRegistry([entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY)])
    registry.status_code = status_code
    client = registry.client()
    with pytest.raises(RegistryUnavailable):
        await client.signing_public_key(EXAMPLE_KEY)

    registry.status_code = 200
    assert await client.signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY


async def test_an_answer_that_is_not_a_list_of_subscriptions_is_unavailable():
    registry = FakeRegistry([{"subscriber_id": "no key listed"}])
    with pytest.raises(RegistryUnavailable):
        await registry.client().signing_public_key(EXAMPLE_KEY)


async def test_an_unreachable_registry_is_unavailable():
    async def unreachable(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    client = BecknRegistry(
        httpx.AsyncClient(transport=httpx.MockTransport(unreachable)), REGISTRY_URL, EXAMPLE_SIGNER, CACHE_SECONDS, 5
    )
    with pytest.raises(RegistryUnavailable):
        await client.signing_public_key(EXAMPLE_KEY)


async def test_an_entry_in_a_registrys_own_words_spoils_no_lookup():
    other = entry(KeyId("seller.example", "k"), GATEWAY_PUBLIC_KEY, type="sellerApp", city="std:080")
    registry = FakeRegistry([other, entry(EXAMPLE_KEY, EXAMPLE_PUBLIC_KEY, type="buyerApp")])
    assert await registry.client().signing_public_key(EXAMPLE_KEY) == EXAMPLE_PUBLIC_KEY
