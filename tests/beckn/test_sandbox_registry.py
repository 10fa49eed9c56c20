"""The sandbox network registry (/api/sandbox/beckn/registry): a buyer app subscribes its key, a signed lookup finds
it and Humsafar itself, and the registry client with the verifier checks a request the buyer app signed, end to end.

The sandbox vendors are mounted as the API mounts them (sandbox/mount.py), on the session's database; the API's own
tests (tests/api/test_authorization_matrix.py) call them through the whole app."""

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator

import httpx
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from fastapi import FastAPI

from domain.db import create_engine, create_session_maker
from domain.providers.beckn.keys import humsafar_signer
from domain.providers.beckn.registry import BecknRegistry, RegistryUnavailable, beckn_registry, lookup_body
from domain.providers.beckn.signing import KeyId, SignatureRefused, Signer, private_key_from_text, verify
from domain.settings import Settings
from sandbox.mount import include_sandbox, server_to_server_paths
from tests.beckn.test_signing import EXAMPLE_PRIVATE_KEY

BASE_URL = "http://localhost"
REGISTRY = "/api/sandbox/beckn/registry"


@pytest.fixture(scope="module")
async def registry_app(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[FastAPI]:
    settings = Settings(
        _env_file=None,
        sandbox=True,
        database_url=database_url,
        data_dir=tmp_path_factory.mktemp("beckn-data"),
        public_app_url=BASE_URL,
    )
    app = FastAPI()
    include_sandbox(app, prefix="/api")
    engine = create_engine(settings)
    app.state.settings = settings
    app.state.session_maker = create_session_maker(engine)
    yield app
    await engine.dispose()


@pytest.fixture
async def client(registry_app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=registry_app), base_url=BASE_URL) as client:
        yield client


def buyer_app() -> Signer:
    """A buyer app of its own: a new subscriber id and key for each test."""
    return Signer(KeyId(f"bap-{uuid.uuid4().hex[:12]}.example", str(uuid.uuid4())), Ed25519PrivateKey.generate())


def subscription(signer: Signer, **fields: str) -> dict[str, str]:
    return {
        "subscriber_id": signer.key_id.subscriber_id,
        "subscriber_url": f"https://{signer.key_id.subscriber_id}/beckn",
        "type": "BAP",
        "domain": "ONDC:TRV10",
        "signing_public_key": signer.public_key,
        "unique_key_id": signer.key_id.unique_key_id,
        **fields,
    }


async def subscribe(client: httpx.AsyncClient, signer: Signer) -> None:
    answer = await client.post(f"{REGISTRY}/subscribe", json=subscription(signer))
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"status": "SUBSCRIBED"}


async def signed_lookup(client: httpx.AsyncClient, signer: Signer, query: dict[str, str]) -> httpx.Response:
    body = json.dumps(query).encode()
    headers = {"Authorization": signer.authorization(body, int(time.time())), "Content-Type": "application/json"}
    return await client.post(f"{REGISTRY}/lookup", content=body, headers=headers)


async def test_a_subscribed_buyer_app_is_found_by_its_subscriber_and_key_id(client):
    bap = buyer_app()
    await subscribe(client, bap)

    answer = await signed_lookup(
        client, bap, {"subscriber_id": bap.key_id.subscriber_id, "unique_key_id": bap.key_id.unique_key_id}
    )

    assert answer.status_code == 200, answer.text
    [found] = answer.json()
    assert {name: found[name] for name in subscription(bap)} == subscription(bap)
    assert found["status"] == "SUBSCRIBED"


async def test_the_lookup_lists_humsafar_itself_as_the_bpp_with_its_key(client, registry_app):
    bap = buyer_app()
    await subscribe(client, bap)
    settings = registry_app.state.settings
    humsafar = humsafar_signer(settings)

    answer = await signed_lookup(client, bap, {"type": "BPP", "domain": "ONDC:TRV10"})

    assert answer.status_code == 200, answer.text
    assert answer.json() == [
        {
            "subscriber_id": "localhost",
            "subscriber_url": f"{BASE_URL}/beckn",
            "type": "BPP",
            "domain": "ONDC:TRV10",
            "signing_public_key": humsafar.public_key,
            "unique_key_id": humsafar.key_id.unique_key_id,
            "status": "SUBSCRIBED",
        }
    ]


async def test_a_lookup_by_type_lists_the_buyer_apps_and_not_humsafar(client):
    first, second = buyer_app(), buyer_app()
    await subscribe(client, first)
    await subscribe(client, second)

    answer = await signed_lookup(client, first, {"type": "BAP"})

    found = {entry["subscriber_id"] for entry in answer.json()}
    assert {first.key_id.subscriber_id, second.key_id.subscriber_id} <= found
    assert "localhost" not in found


async def test_subscribing_the_same_key_id_again_replaces_its_key(client):
    bap = buyer_app()
    await subscribe(client, bap)
    renewed = Signer(bap.key_id, Ed25519PrivateKey.generate())
    await subscribe(client, renewed)

    answer = await signed_lookup(client, renewed, {"subscriber_id": bap.key_id.subscriber_id})

    assert [entry["signing_public_key"] for entry in answer.json()] == [renewed.public_key]
    stale = await signed_lookup(client, bap, {"subscriber_id": bap.key_id.subscriber_id})
    assert stale.status_code == 401


async def test_a_lookup_is_refused_unsigned_by_an_unknown_key_or_over_another_body(client):
    bap = buyer_app()
    await subscribe(client, bap)
    query = {"subscriber_id": bap.key_id.subscriber_id}

    unsigned = await client.post(f"{REGISTRY}/lookup", json=query)
    stranger = await signed_lookup(client, buyer_app(), query)
    body = json.dumps(query).encode()
    changed = await client.post(
        f"{REGISTRY}/lookup",
        content=body.replace(b"bap-", b"bap_"),
        headers={"Authorization": bap.authorization(body, int(time.time())), "Content-Type": "application/json"},
    )

    for refused in (unsigned, stranger, changed):
        assert refused.status_code == 401, refused.text
        assert refused.json()["message"] == {"ack": {"status": "NACK"}}
        assert refused.json()["error"]["code"] == "10001"
        assert refused.headers["WWW-Authenticate"] == (
            'Signature realm="sandbox-registry",headers="(created) (expires) digest"'
        )


@pytest.mark.parametrize(
    "wrong",
    [
        {"type": "BPP"},
        {"domain": "ONDC:RET10"},
        {"signing_public_key": "not a key"},
        {"signing_public_key": "c2hvcnQ="},
        {"subscriber_id": "bap|example"},
        {"unique_key_id": "key with spaces"},
        {"subscriber_url": "ftp://bap.example"},
    ],
    ids=lambda wrong: "-".join(f"{name}={value}" for name, value in wrong.items()),
)
async def test_a_subscription_that_is_not_a_buyer_apps_key_is_refused(client, wrong):
    answer = await client.post(f"{REGISTRY}/subscribe", json=subscription(buyer_app(), **wrong))
    assert answer.status_code == 422, answer.text


async def test_no_one_subscribes_as_humsafar(client):
    answer = await client.post(f"{REGISTRY}/subscribe", json=subscription(buyer_app(), subscriber_id="localhost"))
    assert answer.status_code == 409, answer.text
    assert answer.json()["message"] == {"ack": {"status": "NACK"}}


def test_the_registrys_calls_are_server_to_server():
    assert {f"{REGISTRY}/subscribe", f"{REGISTRY}/lookup"} <= set(server_to_server_paths("/api"))


async def test_a_request_a_subscribed_buyer_app_signed_is_verified_through_the_registry_end_to_end(
    client, registry_app
):
    """What the BPP will do with each request: the key from the registry (a signed lookup as Humsafar, once for a
    burst), then the signature over the exact body."""
    bap = buyer_app()
    await subscribe(client, bap)
    lookups: list[httpx.Request] = []

    async def count(request: httpx.Request) -> None:
        lookups.append(request)

    client.event_hooks["request"] = [count]
    registry = beckn_registry(client, registry_app.state.settings)
    body = b'{"context":{"action":"search","domain":"ONDC:TRV10"},"message":{}}'
    authorization = bap.authorization(body, int(time.time()))

    verified = await asyncio.gather(
        *(verify(authorization, body, registry.signing_public_key, int(time.time())) for _ in range(10))
    )
    assert verified == [bap.key_id] * 10
    assert [request.url.path for request in lookups] == [f"{REGISTRY}/lookup"]
    with pytest.raises(SignatureRefused, match="does not sign this body"):
        await verify(authorization, body.replace(b"search", b"select"), registry.signing_public_key, int(time.time()))
    unknown = buyer_app()
    with pytest.raises(SignatureRefused, match="lists no key"):
        await verify(unknown.authorization(body, int(time.time())), body, registry.signing_public_key, int(time.time()))


async def test_humsafars_lookups_are_refused_once_its_key_is_not_the_listed_one(client, registry_app):
    """The registry checks Humsafar's own signature like anyone's: a lookup signed with another key under Humsafar's
    key id is refused, and the client says the registry is unavailable rather than that the key is unknown."""
    settings = registry_app.state.settings
    own = humsafar_signer(settings)
    impostor = Signer(own.key_id, private_key_from_text(EXAMPLE_PRIVATE_KEY))
    registry = BecknRegistry(client, settings.resolved_beckn_registry_url, impostor, 600, 5)
    answer = await client.post(
        f"{REGISTRY}/lookup",
        content=lookup_body(own.key_id),
        headers={
            "Authorization": impostor.authorization(lookup_body(own.key_id), int(time.time())),
            "Content-Type": "application/json",
        },
    )
    assert answer.status_code == 401
    with pytest.raises(RegistryUnavailable):
        await registry.signing_public_key(own.key_id)
