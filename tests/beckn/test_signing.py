"""BECKN-006 signatures: the document's worked example reproduced exactly, and every way a signature is refused."""

import base64

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from domain.providers.beckn.signing import (
    CLOCK_SKEW_SECONDS,
    GATEWAY_AUTHORIZATION,
    KeyId,
    Signature,
    SignatureRefused,
    Signer,
    body_digest,
    challenge,
    parse_signature,
    private_key_from_text,
    private_key_text,
    public_key_from_text,
    public_key_text,
    signing_string,
    verify,
    verify_request,
)

# The worked example of BECKN-006 (/work/shared/ondc/BECKN-006-signing.md, "Step 1").
EXAMPLE_BODY = (
    b'{"context":{"domain":"nic2004:60212","country":"IND","city":"Kochi","action":"search","core_version":"0.9.1",'
    b'"bap_id":"bap.stayhalo.in","bap_uri":"https://8f9f-49-207-209-131.ngrok.io/protocol/","transaction_id":'
    b'"e6d9f908-1d26-4ff3-a6d1-3af3d3721054","message_id":"a2fe6d52-9fe4-4d1a-9d0b-dccb8b48522d","timestamp":'
    b'"2022-01-04T09:17:55.971Z","ttl":"P1M"},"message":{"intent":{"fulfillment":{"start":{"location":{"gps":'
    b'"10.108768, 76.347517"}},"end":{"location":{"gps":"10.102997, 76.353480"}}}}}}'
)
EXAMPLE_PUBLIC_KEY = "awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk="
EXAMPLE_PRIVATE_KEY = "lP3sHA+9gileOkXYJXh4Jg8tK0gEEMbf9yCPnFpbldhrAY+NErqL9WD+Vav7TE5tyVXGXBle9ONZi2W7o144eQ=="
EXAMPLE_DIGEST = "b6lf6lRgOweajukcvcLsagQ2T60+85kRh/Rd2bdS+TG/5ALebOEgDJfyCrre/1+BMu5nA94o4DT3pTFXuUg7sw=="
EXAMPLE_CREATED, EXAMPLE_EXPIRES = 1641287875, 1641291475
EXAMPLE_SIGNATURE = "cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ=="
EXAMPLE_KEY = KeyId("example-bap.com", "ae3ea24b-cfec-495e-81f8-044aaef164ac")
EXAMPLE_HEADER = (
    'Signature keyId="example-bap.com|ae3ea24b-cfec-495e-81f8-044aaef164ac|ed25519",algorithm="ed25519",'
    'created="1641287875",expires="1641291475",headers="(created) (expires) digest",'
    'signature="cjbhP0PFyrlSCNszJM1F/YmHDVAWsZqJUPzojnE/7TJU3fJ/rmIlgaUHEr5E0/2PIyf0tpSnWtT6cyNNlpmoAQ=="'
)
# The document's gateway keys (Step 3).
GATEWAY_PUBLIC_KEY = "7YRZXVeIJ0/Va56vYgzT1Uirg6mnq3FY0MBZY9DJft0="
GATEWAY_PRIVATE_KEY = "hJ5sCmbe7s9Wateq6QAdBGloVSkLuLHWOXcRkzrMcVLthFldV4gnT9Vrnq9iDNPVSKuDqaercVjQwFlj0Ml+3Q=="
GATEWAY_KEY = KeyId("example-bg.com", "dfb974ea-9113-4089-9a2d-77552b50624e")

EXAMPLE_SIGNER = Signer(EXAMPLE_KEY, private_key_from_text(EXAMPLE_PRIVATE_KEY))
GATEWAY_SIGNER = Signer(GATEWAY_KEY, private_key_from_text(GATEWAY_PRIVATE_KEY))
LISTED = {EXAMPLE_KEY: EXAMPLE_PUBLIC_KEY, GATEWAY_KEY: GATEWAY_PUBLIC_KEY}
# A moment inside the example's window.
DURING = EXAMPLE_CREATED + 60


async def registry(key: KeyId) -> str | None:
    return LISTED.get(key)


def test_the_digest_of_the_worked_example():
    assert body_digest(EXAMPLE_BODY) == EXAMPLE_DIGEST


def test_the_blake2b_512_digest_of_the_documents_sentence():
    assert body_digest(b"The quick brown fox jumps over the lazy dog") == (
        "qK3Uvd39k+SHfSdG5igXsRY2Sh+nvBSNlQkLxzM7NnP4JAHPeqLkyx7NkCluPxTLVBP47Xe+cwRbE5FM3NapGA=="
    )


def test_the_signing_string_of_the_worked_example():
    assert signing_string(EXAMPLE_CREATED, EXAMPLE_EXPIRES, EXAMPLE_BODY) == (
        f"(created): 1641287875\n(expires): 1641291475\ndigest: BLAKE-512={EXAMPLE_DIGEST}".encode()
    )


def test_the_signer_reproduces_the_worked_examples_signature_and_header():
    signature = EXAMPLE_SIGNER.sign(EXAMPLE_BODY, EXAMPLE_CREATED, ttl_seconds=EXAMPLE_EXPIRES - EXAMPLE_CREATED)
    assert base64.b64encode(signature.signature).decode() == EXAMPLE_SIGNATURE
    assert signature.header_value() == EXAMPLE_HEADER
    assert EXAMPLE_SIGNER.authorization(EXAMPLE_BODY, EXAMPLE_CREATED, EXAMPLE_EXPIRES - EXAMPLE_CREATED) == (
        EXAMPLE_HEADER
    )


def test_the_documents_keys_are_read_in_both_forms_and_written_as_ondcs_tools_write_them():
    key = private_key_from_text(EXAMPLE_PRIVATE_KEY)
    assert public_key_text(key) == EXAMPLE_PUBLIC_KEY
    assert private_key_text(key) == EXAMPLE_PRIVATE_KEY
    seed_only = base64.b64encode(base64.b64decode(EXAMPLE_PRIVATE_KEY)[:32]).decode()
    assert public_key_text(private_key_from_text(seed_only)) == EXAMPLE_PUBLIC_KEY
    assert public_key_text(private_key_from_text(GATEWAY_PRIVATE_KEY)) == GATEWAY_PUBLIC_KEY


def test_a_private_key_whose_second_half_is_another_public_key_is_refused():
    raw = base64.b64decode(EXAMPLE_PRIVATE_KEY)
    other = base64.b64decode(GATEWAY_PUBLIC_KEY)
    with pytest.raises(ValueError):
        private_key_from_text(base64.b64encode(raw[:32] + other).decode())
    for wrong in ("", "not base64!", base64.b64encode(b"x" * 40).decode()):
        with pytest.raises(ValueError):
            private_key_from_text(wrong)


def test_a_public_key_is_read_raw_or_as_der():
    key = private_key_from_text(EXAMPLE_PRIVATE_KEY).public_key()
    der = base64.b64encode(key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo)).decode()
    assert public_key_from_text(der) == public_key_from_text(EXAMPLE_PUBLIC_KEY)
    for wrong in ("", "AAAA", base64.b64encode(b"y" * 31).decode()):
        with pytest.raises(ValueError):
            public_key_from_text(wrong)


async def test_the_worked_examples_header_verifies_within_its_window():
    assert await verify(EXAMPLE_HEADER, EXAMPLE_BODY, registry, now=DURING) == EXAMPLE_KEY


@pytest.mark.parametrize("position", [0, 17, len(EXAMPLE_BODY) // 2, len(EXAMPLE_BODY) - 1])
async def test_a_changed_byte_of_the_body_is_refused(position):
    changed = bytearray(EXAMPLE_BODY)
    changed[position] ^= 0x01
    with pytest.raises(SignatureRefused, match="does not sign this body"):
        await verify(EXAMPLE_HEADER, bytes(changed), registry, now=DURING)


async def test_an_added_byte_of_the_body_is_refused():
    with pytest.raises(SignatureRefused, match="does not sign this body"):
        await verify(EXAMPLE_HEADER, EXAMPLE_BODY + b" ", registry, now=DURING)


async def test_a_signature_past_its_expiry_is_refused():
    await verify(EXAMPLE_HEADER, EXAMPLE_BODY, registry, now=EXAMPLE_EXPIRES)
    with pytest.raises(SignatureRefused, match="expired"):
        await verify(EXAMPLE_HEADER, EXAMPLE_BODY, registry, now=EXAMPLE_EXPIRES + CLOCK_SKEW_SECONDS + 1)


async def test_a_signature_created_in_the_future_beyond_the_skew_is_refused():
    await verify(EXAMPLE_HEADER, EXAMPLE_BODY, registry, now=EXAMPLE_CREATED - CLOCK_SKEW_SECONDS)
    with pytest.raises(SignatureRefused, match="future"):
        await verify(EXAMPLE_HEADER, EXAMPLE_BODY, registry, now=EXAMPLE_CREATED - CLOCK_SKEW_SECONDS - 1)


async def test_a_signature_that_expires_before_it_was_created_is_refused():
    backwards = EXAMPLE_SIGNER.sign(EXAMPLE_BODY, EXAMPLE_CREATED, ttl_seconds=-1)
    with pytest.raises(SignatureRefused, match="expired"):
        await verify(backwards.header_value(), EXAMPLE_BODY, registry, now=EXAMPLE_CREATED)


async def test_a_key_the_registry_does_not_list_is_refused():
    stranger = Signer(KeyId("example-bap.com", "another-key"), Ed25519PrivateKey.generate())
    with pytest.raises(SignatureRefused, match="lists no key"):
        await verify(stranger.authorization(EXAMPLE_BODY, DURING), EXAMPLE_BODY, registry, now=DURING)


async def test_a_listed_key_id_signed_with_another_private_key_is_refused():
    impostor = Signer(EXAMPLE_KEY, Ed25519PrivateKey.generate())
    with pytest.raises(SignatureRefused, match="does not sign this body"):
        await verify(impostor.authorization(EXAMPLE_BODY, DURING), EXAMPLE_BODY, registry, now=DURING)


async def test_a_registry_key_that_is_not_a_key_is_a_refusal_not_a_crash():
    async def broken_registry(key: KeyId) -> str:
        return "not a key"

    with pytest.raises(SignatureRefused, match="does not sign this body"):
        await verify(EXAMPLE_HEADER, EXAMPLE_BODY, broken_registry, now=DURING)


MALFORMED = {
    "missing": None,
    "empty": "",
    "another scheme": EXAMPLE_HEADER.replace("Signature ", "Bearer ", 1),
    "no parameters": "Signature",
    "another algorithm": EXAMPLE_HEADER.replace('algorithm="ed25519"', 'algorithm="rsa-sha256"'),
    "keyId's algorithm differs": EXAMPLE_HEADER.replace("|ed25519", "|rsa-sha256"),
    "keyId without the key id": EXAMPLE_HEADER.replace("|ae3ea24b-cfec-495e-81f8-044aaef164ac", ""),
    "keyId with an empty subscriber": EXAMPLE_HEADER.replace("example-bap.com|", "|"),
    "other signed headers": EXAMPLE_HEADER.replace('headers="(created) (expires) digest"', 'headers="digest"'),
    "no signature": EXAMPLE_HEADER.split(',signature="')[0],
    "a signature too short": EXAMPLE_HEADER.replace(EXAMPLE_SIGNATURE, "c2hvcnQ="),
    "a signature not base64": EXAMPLE_HEADER.replace(EXAMPLE_SIGNATURE, "!" * 88),
    "created not a number": EXAMPLE_HEADER.replace('created="1641287875"', 'created="soon"'),
    "a parameter twice": EXAMPLE_HEADER + ',created="1641287875"',
    "an unknown parameter": EXAMPLE_HEADER + ',nonce="1"',
    "an unquoted word": EXAMPLE_HEADER.replace('algorithm="ed25519"', "algorithm=ed25519"),
    "garbage between": EXAMPLE_HEADER.replace(",expires=", " junk,expires="),
}


@pytest.mark.parametrize("header", MALFORMED.values(), ids=MALFORMED.keys())
async def test_a_malformed_header_is_refused(header):
    with pytest.raises(SignatureRefused) as refused:
        await verify(header, EXAMPLE_BODY, registry, now=DURING)
    assert refused.value.challenge_header == "WWW-Authenticate"


def test_the_header_is_read_with_spaces_after_commas_and_unquoted_numbers_as_the_document_writes_it():
    spaced = EXAMPLE_HEADER.replace('",', '", ').replace('created="1641287875"', "created=1641287875")
    parsed = parse_signature(spaced)
    assert parsed == parse_signature(EXAMPLE_HEADER)
    assert parsed == Signature(EXAMPLE_KEY, EXAMPLE_CREATED, EXAMPLE_EXPIRES, base64.b64decode(EXAMPLE_SIGNATURE))


async def test_a_request_through_a_gateway_is_verified_for_the_sender_and_the_gateway():
    authorization = EXAMPLE_SIGNER.authorization(EXAMPLE_BODY, DURING)
    forwarded = GATEWAY_SIGNER.authorization(EXAMPLE_BODY, DURING + 1)
    verified = await verify_request(EXAMPLE_BODY, authorization, forwarded, registry, now=DURING + 2)
    assert (verified.sender, verified.gateway) == (EXAMPLE_KEY, GATEWAY_KEY)
    direct = await verify_request(EXAMPLE_BODY, authorization, None, registry, now=DURING + 2)
    assert (direct.sender, direct.gateway) == (EXAMPLE_KEY, None)


async def test_a_wrong_gateway_signature_is_refused_with_the_proxy_challenge():
    authorization = EXAMPLE_SIGNER.authorization(EXAMPLE_BODY, DURING)
    forwarded = GATEWAY_SIGNER.authorization(EXAMPLE_BODY + b"\n", DURING)
    with pytest.raises(SignatureRefused) as refused:
        await verify_request(EXAMPLE_BODY, authorization, forwarded, registry, now=DURING)
    assert refused.value.header == GATEWAY_AUTHORIZATION
    assert refused.value.challenge_header == "Proxy-Authenticate"


async def test_a_gateway_signature_does_not_stand_for_a_missing_senders_signature():
    forwarded = GATEWAY_SIGNER.authorization(EXAMPLE_BODY, DURING)
    with pytest.raises(SignatureRefused) as refused:
        await verify_request(EXAMPLE_BODY, None, forwarded, registry, now=DURING)
    assert refused.value.challenge_header == "WWW-Authenticate"


def test_the_challenge_names_the_realm_and_the_signed_headers():
    assert challenge("example-bpp.com") == 'Signature realm="example-bpp.com",headers="(created) (expires) digest"'
