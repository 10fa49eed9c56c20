"""Where a push may go (domain/push.py): HTTPS outside the sandbox, never a loopback, private, link-local or reserved
address, checked on the endpoint as written and on every address its name resolves to, and again by the sender
right before it connects. A stand-in push service on this machine (tests/push_service.py) is listening, so a push
that was let through would be seen."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.push import (
    PushDestinationRefused,
    PushDestinations,
    PushOutcome,
    PushTarget,
    WebPushSender,
    check_push_endpoint,
    vapid_keys,
)
from domain.rules import messages
from domain.settings import Settings
from tests.push_service import LocalPushService


def sender_settings(tmp_path: Path, sandbox: bool) -> Settings:
    # A copy, not a validated build: a deploy's settings need the vendors' secrets, which this sender does not use.
    return Settings(_env_file=None, data_dir=tmp_path, sandbox=True).model_copy(update={"sandbox": sandbox})


@pytest.fixture
def push_service(tmp_path: Path) -> Iterator[LocalPushService]:
    with LocalPushService(vapid_keys(sender_settings(tmp_path, True)).public_key) as service:
        yield service


def not_public(port: int) -> list[str]:
    return [
        f"http://127.0.0.1:{port}/push/x",
        f"http://localhost:{port}/push/x",
        f"http://[::1]:{port}/push/x",
        "https://10.1.2.3/push/x",
        "https://192.168.0.10/push/x",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fe80::1]/push/x",
        "https://[::ffff:127.0.0.1]/push/x",
        "https://0.0.0.0/push/x",
        "https://240.0.0.1/push/x",
        "https://100.64.0.1/push/x",
    ]


async def test_every_local_private_or_reserved_address_is_refused(push_service):
    for endpoint in not_public(push_service.address[1]):
        with pytest.raises(PushDestinationRefused) as refused:
            await check_push_endpoint(endpoint, True, PushDestinations())
        assert refused.value.message == messages.PUSH_ENDPOINT_NOT_PUBLIC, endpoint


async def test_plain_http_is_refused_outside_the_sandbox():
    with pytest.raises(PushDestinationRefused) as refused:
        await check_push_endpoint("http://push.example.com/x", False, PushDestinations())
    assert refused.value.message == messages.PUSH_ENDPOINT_NOT_HTTPS


async def test_a_public_address_passes_and_is_what_the_sender_connects_to():
    checked = await check_push_endpoint("https://142.250.0.1/fcm/send/x", False, PushDestinations())
    assert checked is not None and checked.addresses == ("142.250.0.1",) and checked.port == 443


async def test_a_stand_in_is_let_through_only_at_its_exact_address(push_service):
    host, port = push_service.address
    destinations = PushDestinations({push_service.address})
    assert await check_push_endpoint(f"http://{host}:{port}/push/x", True, destinations) is not None
    for other in (f"http://{host}:{port + 1}/push/x", f"http://localhost:{port}/push/x"):
        with pytest.raises(PushDestinationRefused):
            await check_push_endpoint(other, True, destinations)


async def test_the_sender_sends_nothing_to_a_local_address(tmp_path, push_service):
    sender = WebPushSender(sender_settings(tmp_path, True), PushDestinations())
    device = push_service.subscribe()
    keys = device.to_json()["keys"]
    for endpoint in not_public(push_service.address[1]):
        with pytest.raises(PushDestinationRefused) as refused:
            await sender.send(PushTarget(endpoint.replace("/push/x", f"/push/{device.token}"), **keys), {"id": 1})
        assert refused.value.message == messages.PUSH_ENDPOINT_NOT_PUBLIC
    assert push_service.received[device.token] == []
    # The same sender, given the stand-in, reaches it: the refusals above are the address policy's.
    allowed = WebPushSender(sender_settings(tmp_path, True), PushDestinations({push_service.address}))
    assert await allowed.send(PushTarget(device.endpoint, **keys), {"id": 1}) is PushOutcome.DELIVERED
    assert [received.payload for received in push_service.received[device.token]] == [{"id": 1}]


async def test_the_sender_sends_no_plain_http_outside_the_sandbox(tmp_path, push_service):
    sender = WebPushSender(sender_settings(tmp_path, False), PushDestinations({push_service.address}))
    device = push_service.subscribe()
    with pytest.raises(PushDestinationRefused) as refused:
        await sender.send(PushTarget(device.endpoint, **device.to_json()["keys"]), {"id": 1})
    assert refused.value.message == messages.PUSH_ENDPOINT_NOT_HTTPS
    assert push_service.received[device.token] == []
