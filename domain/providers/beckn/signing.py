"""BECKN-006 signatures: every request and callback between network participants carries an `Authorization` header
(and, when a gateway forwarded it, an `X-Gateway-Authorization` header of the same format)

    Signature keyId="{subscriber_id}|{unique_key_id}|ed25519",algorithm="ed25519",created="{unix}",expires="{unix}",
    headers="(created) (expires) digest",signature="{base64 of the ed25519 signature}"

over the signing string

    (created): {created}
    (expires): {expires}
    digest: BLAKE-512={base64 of the BLAKE2b-512 digest of the exact body}

(the label is `BLAKE-512`, as the document's worked example signs it). The signer's public key is the registry's
(registry.py), found by subscriber_id and unique_key_id. Keys travel as base64: a public key as its 32 raw bytes, a
private key as its 32-byte seed or, as libsodium and ONDC's tools write it, the seed followed by the public key."""

import base64
import binascii
import hashlib
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_der_public_key

ALGORITHM = "ed25519"
SIGNED_HEADERS = "(created) (expires) digest"
DIGEST_LABEL = "BLAKE-512"
AUTHORIZATION = "Authorization"
GATEWAY_AUTHORIZATION = "X-Gateway-Authorization"
# How far a signer's clock may be ahead of (or behind) ours: a signature created further in the future, or expired
# longer ago, is refused.
CLOCK_SKEW_SECONDS = 10
# How long Humsafar's own signatures stay valid.
SIGNATURE_TTL_SECONDS = 300

SEED_BYTES = 32
SIGNATURE_BYTES = 64
PARAMETERS = frozenset({"keyId", "algorithm", "created", "expires", "headers", "signature"})
# One `name="value"` (or `name=digits`, as created and expires may be written) and the comma after it.
PARAMETER = re.compile(r'\s*([A-Za-z]+)=(?:"([^"]*)"|(\d+))\s*(?:,|\Z)')


class SignatureRefused(Exception):
    """A request's signature is missing, malformed, out of its time window, of an unknown key or wrong: the
    receiver answers 401 with a NACK and a challenge in `challenge_header`."""

    def __init__(self, reason: str, header: str = AUTHORIZATION) -> None:
        super().__init__(reason)
        self.reason = reason
        self.header = header

    @property
    def challenge_header(self) -> str:
        """WWW-Authenticate for the sender's signature, Proxy-Authenticate for a gateway's."""
        return "Proxy-Authenticate" if self.header == GATEWAY_AUTHORIZATION else "WWW-Authenticate"


def challenge(realm: str) -> str:
    """The value of the challenge header a refusal carries."""
    return f'Signature realm="{realm}",headers="{SIGNED_HEADERS}"'


def body_digest(body: bytes) -> str:
    return base64.b64encode(hashlib.blake2b(body, digest_size=64).digest()).decode()


def signing_string(created: int, expires: int, body: bytes) -> bytes:
    return f"(created): {created}\n(expires): {expires}\ndigest: {DIGEST_LABEL}={body_digest(body)}".encode()


@dataclass(frozen=True)
class KeyId:
    """A participant's key on the network: its subscriber_id and the unique_key_id the registry knows it by."""

    subscriber_id: str
    unique_key_id: str

    def __str__(self) -> str:
        return f"{self.subscriber_id}|{self.unique_key_id}|{ALGORITHM}"


@dataclass(frozen=True)
class Signature:
    """One signature header's parameters."""

    key_id: KeyId
    created: int
    expires: int
    signature: bytes

    def header_value(self) -> str:
        return (
            f'Signature keyId="{self.key_id}",algorithm="{ALGORITHM}",created="{self.created}",'
            f'expires="{self.expires}",headers="{SIGNED_HEADERS}",'
            f'signature="{base64.b64encode(self.signature).decode()}"'
        )


def _decoded(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not base64") from None


def _parameters(text: str) -> dict[str, str]:
    parameters: dict[str, str] = {}
    position = 0
    while position < len(text):
        match = PARAMETER.match(text, position)
        if match is None or match.end() == position or match[1] in parameters:
            raise ValueError("not a list of parameters")
        parameters[match[1]] = match[2] if match[2] is not None else match[3]
        position = match.end()
    return parameters


def parse_signature(value: str | None, header: str = AUTHORIZATION) -> Signature:
    """A signature header's parameters, refused unless it is exactly the BECKN-006 format."""
    if not value:
        raise SignatureRefused(f"{header} is missing", header)
    scheme, _, rest = value.strip().partition(" ")
    try:
        if scheme.lower() != "signature":
            raise ValueError("not the Signature scheme")
        parameters = _parameters(rest)
        if set(parameters) != PARAMETERS:
            raise ValueError("not the signature's parameters")
        subscriber_id, unique_key_id, key_algorithm = parameters["keyId"].split("|")
        if not subscriber_id or not unique_key_id:
            raise ValueError("keyId has no subscriber or key")
        if not (key_algorithm == parameters["algorithm"] == ALGORITHM):
            raise ValueError("not ed25519")
        if " ".join(parameters["headers"].split()) != SIGNED_HEADERS:
            raise ValueError("not the signed headers")
        created, expires = int(parameters["created"]), int(parameters["expires"])
        signature = _decoded(parameters["signature"])
        if len(signature) != SIGNATURE_BYTES:
            raise ValueError("not an ed25519 signature")
    except ValueError:
        raise SignatureRefused(f"{header} is not a BECKN-006 signature", header) from None
    return Signature(KeyId(subscriber_id, unique_key_id), created, expires, signature)


def private_key_from_text(text: str) -> Ed25519PrivateKey:
    """A private key from its base64: the 32-byte seed, or the seed followed by its public key."""
    raw = _decoded(text.strip())
    if len(raw) not in (SEED_BYTES, 2 * SEED_BYTES):
        raise ValueError("an ed25519 private key is 32 or 64 bytes")
    key = Ed25519PrivateKey.from_private_bytes(raw[:SEED_BYTES])
    if len(raw) == 2 * SEED_BYTES and raw[SEED_BYTES:] != _raw_public(key):
        raise ValueError("the private key's second half is not its public key")
    return key


def private_key_text(key: Ed25519PrivateKey) -> str:
    """The private key as libsodium and ONDC's tools write it: base64 of the seed and the public key."""
    seed = key.private_bytes_raw()
    return base64.b64encode(seed + _raw_public(key)).decode()


def _raw_public(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def public_key_text(key: Ed25519PrivateKey) -> str:
    """The public key as the registry lists it: base64 of its 32 raw bytes."""
    return base64.b64encode(_raw_public(key)).decode()


def public_key_from_text(text: str) -> Ed25519PublicKey:
    """A registry's signing_public_key: base64 of the 32 raw bytes (or of its DER, as some registries list it).
    Raises ValueError for anything else."""
    raw = _decoded(text.strip())
    if len(raw) == SEED_BYTES:
        return Ed25519PublicKey.from_public_bytes(raw)
    try:
        key = load_der_public_key(raw)
    except UnsupportedAlgorithm:
        raise ValueError("not an ed25519 public key") from None
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("not an ed25519 public key")
    return key


@dataclass(frozen=True)
class Signer:
    """A participant signing with its registered key."""

    key_id: KeyId
    private_key: Ed25519PrivateKey

    @property
    def public_key(self) -> str:
        return public_key_text(self.private_key)

    def sign(self, body: bytes, created: int, ttl_seconds: int = SIGNATURE_TTL_SECONDS) -> Signature:
        expires = created + ttl_seconds
        return Signature(self.key_id, created, expires, self.private_key.sign(signing_string(created, expires, body)))

    def authorization(self, body: bytes, created: int, ttl_seconds: int = SIGNATURE_TTL_SECONDS) -> str:
        """The value of the `Authorization` header of a request with this exact body."""
        return self.sign(body, created, ttl_seconds).header_value()


# A participant's signing_public_key by its key, or None when the registry lists no such key.
KeyResolver = Callable[[KeyId], Awaitable[str | None]]


async def verify(
    value: str | None,
    body: bytes,
    keys: KeyResolver,
    now: int,
    header: str = AUTHORIZATION,
) -> KeyId:
    """The key that signed this exact body, refused (SignatureRefused) when the header is missing or malformed, the
    signature was created in the future or has expired, the registry has no such key, or the signature is wrong."""
    signature = parse_signature(value, header)
    if signature.created > now + CLOCK_SKEW_SECONDS:
        raise SignatureRefused(f"{header} was created in the future", header)
    if signature.expires < signature.created or signature.expires + CLOCK_SKEW_SECONDS < now:
        raise SignatureRefused(f"{header} has expired", header)
    public_key = await keys(signature.key_id)
    if public_key is None:
        raise SignatureRefused(f"the registry lists no key {signature.key_id}", header)
    try:
        public_key_from_text(public_key).verify(
            signature.signature, signing_string(signature.created, signature.expires, body)
        )
    except (InvalidSignature, ValueError):
        raise SignatureRefused(f"{header} does not sign this body", header) from None
    return signature.key_id


@dataclass(frozen=True)
class VerifiedRequest:
    """Who signed a request: its sender, and the gateway that forwarded it, if one did."""

    sender: KeyId
    gateway: KeyId | None


async def verify_request(
    body: bytes,
    authorization: str | None,
    gateway_authorization: str | None,
    keys: KeyResolver,
    now: int,
) -> VerifiedRequest:
    """A request's `Authorization` (required) and its `X-Gateway-Authorization` (when present), both over the body."""
    sender = await verify(authorization, body, keys, now)
    gateway = None
    if gateway_authorization is not None:
        gateway = await verify(gateway_authorization, body, keys, now, GATEWAY_AUTHORIZATION)
    return VerifiedRequest(sender, gateway)
