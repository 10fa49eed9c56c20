"""Web push with VAPID (RFC 8292): the server's key pair and the sender that encrypts (RFC 8291) and posts a
message to a browser's push service (RFC 8030)."""

import asyncio
import base64
import ipaddress
import json
import os
import socket
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid
from pywebpush import WebPushException, webpush_async

from domain.rules import messages
from domain.settings import Settings

KEY_FILE_NAME = "vapid_private_key"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class VapidKeys:
    """private_key as py_vapid reads it; public_key is the applicationServerKey browsers subscribe with."""

    private_key: str
    public_key: str


def _public_key_of(private_key: str) -> str:
    vapid = Vapid.from_string(private_key)
    return b64url(vapid.public_key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))


def generate_private_key() -> str:
    vapid = Vapid()
    vapid.generate_keys()
    return b64url(vapid.private_key.private_numbers().private_value.to_bytes(32, "big"))


def _kept_private_key(data_dir: Path) -> str:
    """The key generated on the first run. The API and the worker may start together: the file appears whole or not
    at all (written aside, then linked in), and whoever links second reads the first one's key."""
    key_file = data_dir / KEY_FILE_NAME
    if not key_file.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor, draft = tempfile.mkstemp(dir=data_dir, prefix=f".{KEY_FILE_NAME}.")
        try:
            with os.fdopen(descriptor, "w") as draft_file:
                draft_file.write(generate_private_key())
            os.chmod(draft, 0o600)
            os.link(draft, key_file)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return key_file.read_text().strip()


@lru_cache(maxsize=8)
def _keys(private_key_setting: str | None, data_dir: Path) -> VapidKeys:
    private_key = private_key_setting or _kept_private_key(data_dir)
    return VapidKeys(private_key=private_key, public_key=_public_key_of(private_key))


def vapid_keys(settings: Settings) -> VapidKeys:
    return _keys(settings.web_push_vapid_private_key, settings.data_dir)


@dataclass(frozen=True)
class PushTarget:
    """A browser's PushSubscription as it serialises it: the endpoint and its keys."""

    endpoint: str
    p256dh: str
    auth: str


class PushOutcome(StrEnum):
    DELIVERED = "delivered"
    # 404 or 410: the subscription has expired or was withdrawn; it will never work again.
    GONE = "gone"
    # Any other 4xx but 429: this message will never be accepted (too large, malformed, wrong key).
    REFUSED = "refused"
    # The endpoint is not one a push may go to (domain/push.py PushDestinations); nothing was sent.
    FORBIDDEN = "forbidden"


class PushServiceUnavailable(Exception):
    """The push service could not take the message now (network, 429, 5xx); worth trying again."""


class PushDestinationRefused(Exception):
    """The endpoint is not one a push may go to: not HTTPS outside the sandbox, or on a loopback, private,
    link-local or reserved address. `message` is the user-facing reason (domain/rules/messages.py)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Reachable on the public internet: not loopback, private, link-local, shared, reserved, multicast or
    unspecified (an IPv4 address written as IPv6 counts as the IPv4 address it carries)."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is not None and not _is_public(embedded):
            return False
    return address.is_global and not (address.is_multicast or address.is_reserved or address.is_unspecified)


@dataclass
class PushDestinations:
    """Where pushes may go: to public addresses only. `stand_ins` are exact (host, port) pairs let through despite
    their address: only the tests fill it, with their stand-in push service on this machine (tests/push_service.py).
    It is built in code and handed to the API and the worker; no setting fills it."""

    stand_ins: set[tuple[str, int]] = field(default_factory=set)

    def is_stand_in(self, host: str, port: int) -> bool:
        return (host, port) in self.stand_ins

    def refuse_unless_public(self, host: str, port: int, addresses: Iterable[str]) -> None:
        if self.is_stand_in(host, port):
            return
        for address in addresses:
            if not _is_public(ipaddress.ip_address(address.split("%", 1)[0])):
                raise PushDestinationRefused(messages.PUSH_ENDPOINT_NOT_PUBLIC)


@dataclass(frozen=True)
class PushAddress:
    """An endpoint as checked: its host and port and the addresses it was found at (connect to these only)."""

    host: str
    port: int
    addresses: tuple[str, ...]


def _literal_address(host: str) -> str | None:
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        return None


async def _resolve(host: str, port: int) -> tuple[str, ...]:
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except UnicodeError as error:
        raise PushDestinationRefused(messages.PUSH_SUBSCRIPTION_INVALID) from error
    return tuple(dict.fromkeys(str(info[4][0]) for info in found))


async def check_push_endpoint(
    endpoint: str, sandbox: bool, destinations: PushDestinations, resolve_timeout_seconds: float | None = None
) -> PushAddress | None:
    """Refuses (PushDestinationRefused) an endpoint a push may not go to; its checked addresses when it names a
    literal address or its name resolves. Resolving is needed (OSError when it fails) unless a timeout is given:
    then a name that does not resolve in time gives None, and is checked again when a push is sent."""
    try:
        parts = urlsplit(endpoint)
        host, port = parts.hostname, parts.port
    except ValueError as error:
        raise PushDestinationRefused(messages.PUSH_SUBSCRIPTION_INVALID) from error
    if parts.scheme not in ("https", "http") or not host:
        raise PushDestinationRefused(messages.PUSH_SUBSCRIPTION_INVALID)
    if parts.scheme != "https" and not sandbox:
        raise PushDestinationRefused(messages.PUSH_ENDPOINT_NOT_HTTPS)
    port = port or (443 if parts.scheme == "https" else 80)
    literal = _literal_address(host)
    if literal is not None:
        addresses: tuple[str, ...] = (literal,)
    elif resolve_timeout_seconds is None:
        addresses = await _resolve(host, port)
    else:
        try:
            addresses = await asyncio.wait_for(_resolve(host, port), resolve_timeout_seconds)
        except (OSError, TimeoutError):
            return None
    if not addresses:
        raise OSError(f"{host} has no address")
    destinations.refuse_unless_public(host, port, addresses)
    return PushAddress(host, port, addresses)


class _CheckedResolver(AbstractResolver):
    """Answers the checked endpoint's host with the addresses that were checked, and nothing else: no second
    lookup between the check and the connection (DNS rebinding), no redirect to another host."""

    def __init__(self, checked: PushAddress) -> None:
        self._checked = checked

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if (host, port) != (self._checked.host, self._checked.port):
            raise PushDestinationRefused(messages.PUSH_ENDPOINT_NOT_PUBLIC)
        return [
            ResolveResult(
                hostname=host,
                host=address,
                port=port,
                family=socket.AF_INET6 if ":" in address else socket.AF_INET,
                proto=0,
                flags=socket.AI_NUMERICHOST,
            )
            for address in self._checked.addresses
        ]

    async def close(self) -> None:
        pass


class _CheckedConnector(aiohttp.TCPConnector):
    """Connects only to the checked endpoint's host and port (a redirect elsewhere, even to a literal address, is
    refused), at the addresses that were checked."""

    def __init__(self, checked: PushAddress) -> None:
        super().__init__(resolver=_CheckedResolver(checked), use_dns_cache=False)
        self._checked = checked

    async def connect(self, req: Any, traces: Any, timeout: aiohttp.ClientTimeout) -> Any:  # noqa: ASYNC109 (aiohttp's)
        host = (req.url.host or "").strip("[]")
        if (host, req.url.port) != (self._checked.host, self._checked.port):
            raise PushDestinationRefused(messages.PUSH_ENDPOINT_NOT_PUBLIC)
        return await super().connect(req, traces, timeout)


class WebPushSender:
    def __init__(self, settings: Settings, destinations: PushDestinations) -> None:
        self._keys = vapid_keys(settings)
        self._subject = settings.web_push_subject
        self._ttl = settings.web_push_ttl_seconds
        self._timeout = settings.web_push_timeout_seconds
        self._sandbox = settings.sandbox
        self._destinations = destinations

    async def send(self, target: PushTarget, payload: dict[str, Any]) -> PushOutcome:
        """Checks the endpoint again (PushDestinationRefused), resolving its name now, and posts to the addresses
        it checked."""
        try:
            checked = await check_push_endpoint(target.endpoint, self._sandbox, self._destinations)
        except OSError as error:
            raise PushServiceUnavailable(f"resolving the push service failed: {error}") from error
        assert checked is not None
        keys = {"p256dh": target.p256dh, "auth": target.auth}
        subscription: dict[str, Any] = {"endpoint": target.endpoint, "keys": keys}
        try:
            async with aiohttp.ClientSession(connector=_CheckedConnector(checked)) as session:
                await webpush_async(
                    subscription,
                    data=json.dumps(payload, ensure_ascii=False),
                    vapid_private_key=self._keys.private_key,
                    vapid_claims={"sub": self._subject},
                    ttl=self._ttl,
                    timeout=aiohttp.ClientTimeout(total=self._timeout),
                    aiohttp_session=session,
                )
        except WebPushException as error:
            status = getattr(error.response, "status", None) or getattr(error.response, "status_code", None)
            if status in (404, 410):
                return PushOutcome.GONE
            if status is not None and 400 <= status < 500 and status != 429:
                return PushOutcome.REFUSED
            raise PushServiceUnavailable(str(error)) from error
        except (aiohttp.ClientError, TimeoutError) as error:
            raise PushServiceUnavailable(str(error)) from error
        return PushOutcome.DELIVERED
