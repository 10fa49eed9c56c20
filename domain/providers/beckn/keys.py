"""Humsafar's own signing key on the network and the identity it signs as. With SANDBOX=false all three are set
(BECKN_SUBSCRIBER_ID, BECKN_UNIQUE_KEY_ID, BECKN_SIGNING_PRIVATE_KEY; the settings refuse to start without them). With
SANDBOX=true an unset key is generated on the first run and kept under data_dir, the subscriber id is
PUBLIC_APP_URL's host, and the unique_key_id is a UUID named after the public key: a new key is a new key id, so no
participant's cached copy of the old one is taken for it."""

import os
import tempfile
import uuid
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from domain.providers.beckn.signing import KeyId, Signer, private_key_from_text, private_key_text, public_key_text
from domain.settings import Settings

KEY_FILE_NAME = "beckn_signing_private_key"
# The namespace of the sandbox's key ids (uuid5 of the public key in it).
SANDBOX_KEY_NAMESPACE = uuid.UUID("6f1c9b52-8d3e-4a7f-9e21-5b0c4d7a8e13")


def _kept_private_key(data_dir: Path) -> str:
    """The key generated on the first run. The API and the worker may start together: the file appears whole or not
    at all (written aside, then linked in), and whoever links second reads the first one's key."""
    key_file = data_dir / KEY_FILE_NAME
    if not key_file.exists():
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        descriptor, draft = tempfile.mkstemp(dir=data_dir, prefix=f".{KEY_FILE_NAME}.")
        try:
            with os.fdopen(descriptor, "w") as draft_file:
                draft_file.write(private_key_text(Ed25519PrivateKey.generate()))
            os.chmod(draft, 0o600)
            os.link(draft, key_file)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft)
    return key_file.read_text().strip()


def sandbox_unique_key_id(public_key: str) -> str:
    return str(uuid.uuid5(SANDBOX_KEY_NAMESPACE, public_key))


@lru_cache(maxsize=8)
def _signer(
    subscriber_id: str | None, unique_key_id: str | None, private_key: str | None, public_app_url: str, data_dir: Path
) -> Signer:
    key = private_key_from_text(private_key or _kept_private_key(data_dir))
    return Signer(
        KeyId(
            subscriber_id=subscriber_id or urlsplit(public_app_url).hostname or "localhost",
            unique_key_id=unique_key_id or sandbox_unique_key_id(public_key_text(key)),
        ),
        key,
    )


def humsafar_signer(settings: Settings) -> Signer:
    """Humsafar's key on the network, and the subscriber id and unique_key_id the registry lists it by."""
    return _signer(
        settings.beckn_subscriber_id,
        settings.beckn_unique_key_id,
        settings.beckn_signing_private_key,
        settings.public_app_url,
        settings.data_dir,
    )
