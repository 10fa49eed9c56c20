"""A push service on this machine standing in for the browsers' (RFC 8030), for the tests.

It checks every message as a real one does: the VAPID Authorization header (RFC 8292: an ES256 JWT for this
service's origin, not expired, with a contact, signed by the key the header names, which must be the app's), then
decrypts the body with the subscription's own keys (RFC 8291, aes128gcm) as the browser would. Each subscription can
be told to answer with another status, as a push service does for an expired subscription (410) or when busy (503).
"""

import base64
import json
import os
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class VapidRefused(Exception):
    pass


def check_vapid(authorization: str, audience: str, expected_key: str | None) -> dict[str, Any]:
    """The JWT's claims when the header is a valid VAPID authorisation for this audience; else VapidRefused."""
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise VapidRefused(f"scheme {scheme!r} is not vapid")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    token, key = fields.get("t"), fields.get("k")
    if not token or not key:
        raise VapidRefused("t and k are required")
    if expected_key is not None and key != expected_key:
        raise VapidRefused("signed with another key than the app's")
    header_b64, claims_b64, signature_b64 = token.split(".")
    header = json.loads(b64url_decode(header_b64))
    if header.get("alg") != "ES256":
        raise VapidRefused(f"alg {header.get('alg')} is not ES256")
    signature = b64url_decode(signature_b64)
    if len(signature) != 64:
        raise VapidRefused("the signature is not raw r||s")
    public_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), b64url_decode(key))
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public_key.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise VapidRefused("bad signature") from error
    claims: dict[str, Any] = json.loads(b64url_decode(claims_b64))
    if claims.get("aud") != audience:
        raise VapidRefused(f"aud {claims.get('aud')!r} is not {audience!r}")
    now = time.time()
    if not now < int(claims.get("exp", 0)) <= now + 24 * 3600:
        raise VapidRefused("exp is not within the next 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise VapidRefused("sub is not a mailto: or https: contact")
    return claims


@dataclass
class Subscription:
    """What a browser's PushSubscription holds: the endpoint, the public keys it gives out, and its secrets."""

    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes
    answers: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        point = self.private_key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "keys": {"p256dh": b64url(point), "auth": b64url(self.auth_secret)}}


@dataclass(frozen=True)
class Received:
    payload: dict[str, Any]
    ttl: int
    claims: dict[str, Any]


class LocalPushService:
    def __init__(self, vapid_public_key: str | None = None, port: int = 0) -> None:
        self.vapid_public_key = vapid_public_key
        self.received: dict[str, list[Received]] = {}
        self.refusals: list[str] = []
        self._subscriptions: dict[str, Subscription] = {}
        self._lock = threading.Condition()
        self._server = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        # What the app's PushDestinations must name for pushes to reach it (it is on loopback).
        self.address = ("127.0.0.1", int(self._server.server_address[1]))
        self.origin = f"http://127.0.0.1:{self.address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "LocalPushService":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def subscribe(self, answers: list[int] | None = None) -> Subscription:
        """A new subscription; `answers` are the statuses of its first messages (then 201)."""
        token = secrets.token_urlsafe(12)
        subscription = Subscription(
            token=token,
            endpoint=f"{self.origin}/push/{token}",
            private_key=ec.generate_private_key(ec.SECP256R1()),
            auth_secret=os.urandom(16),
            answers=list(answers or []),
        )
        with self._lock:
            self._subscriptions[token] = subscription
            self.received[token] = []
        return subscription

    def wait_for(self, subscription: Subscription, count: int = 1, timeout_seconds: float = 20.0) -> list[Received]:
        deadline = time.monotonic() + timeout_seconds
        with self._lock:
            while len(self.received[subscription.token]) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"{len(self.received[subscription.token])} of {count} pushes arrived; refused: {self.refusals}"
                    )
                self._lock.wait(left)
            return list(self.received[subscription.token])

    def _accept(self, token: str, headers: Any, body: bytes) -> int:
        with self._lock:
            subscription = self._subscriptions.get(token)
            if subscription is None:
                return 404
            if subscription.answers:
                return subscription.answers.pop(0)
        try:
            claims = check_vapid(headers.get("Authorization", ""), self.origin, self.vapid_public_key)
        except VapidRefused as error:
            self.refusals.append(str(error))
            return 403
        if headers.get("Content-Encoding") != "aes128gcm" or headers.get("TTL") is None:
            self.refusals.append("aes128gcm and TTL are required")
            return 400
        plaintext = http_ece.decrypt(
            body, private_key=subscription.private_key, auth_secret=subscription.auth_secret, version="aes128gcm"
        )
        with self._lock:
            self.received[token].append(Received(json.loads(plaintext), int(headers["TTL"]), claims))
            self._lock.notify_all()
        return 201

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                token = self.path.removeprefix("/push/")
                status = service._accept(token, self.headers, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: object) -> None:
                pass

        return Handler
