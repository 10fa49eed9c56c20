"""Humsafar's identity on the network: set in production (the settings refuse to start without it), generated once
into the data directory in the sandbox."""

import stat
import uuid
from pathlib import Path

import pytest
from pydantic import ValidationError

from domain.providers.beckn import keys
from domain.providers.beckn.keys import KEY_FILE_NAME, humsafar_signer
from domain.providers.beckn.signing import private_key_from_text, public_key_text
from domain.settings import Settings, refusal
from tests.beckn.test_signing import EXAMPLE_PRIVATE_KEY, EXAMPLE_PUBLIC_KEY

BECKN_REQUIRED = {"BECKN_SUBSCRIBER_ID", "BECKN_UNIQUE_KEY_ID", "BECKN_SIGNING_PRIVATE_KEY", "BECKN_REGISTRY_URL"}


def sandbox_settings(data_dir: Path, **settings: object) -> Settings:
    return Settings(_env_file=None, sandbox=True, data_dir=data_dir, **settings)  # type: ignore[arg-type]


def production_refusal(**settings: object) -> str:
    with pytest.raises(ValidationError) as refused:
        Settings.model_validate({"sandbox": False, **settings})
    return refusal(refused.value)


def test_production_names_each_beckn_setting_it_lacks():
    line = production_refusal()
    assert all(name in line for name in BECKN_REQUIRED), line


def test_production_given_the_beckn_settings_no_longer_names_them():
    line = production_refusal(
        beckn_subscriber_id="humsafar.example",
        beckn_unique_key_id="k1",
        beckn_signing_private_key=EXAMPLE_PRIVATE_KEY,
        beckn_registry_url="https://registry.example/",
    )
    assert not [name for name in BECKN_REQUIRED if name in line], line


@pytest.mark.parametrize("key", ["not base64!", "c2hvcnQ=", "QUFB" * 30])
def test_a_private_key_that_is_not_an_ed25519_key_is_refused_at_start(key):
    assert "BECKN_SIGNING_PRIVATE_KEY" in production_refusal(beckn_signing_private_key=key)


@pytest.mark.parametrize("codes", [["080"], ["std:"], ["std:080", "Bengaluru"], []])
def test_city_codes_are_ondc_std_codes(codes, tmp_path):
    with pytest.raises(ValidationError):
        sandbox_settings(tmp_path, beckn_city_codes=codes)
    assert sandbox_settings(tmp_path, beckn_city_codes=["std:080", "std:011"]).beckn_city_codes == [
        "std:080",
        "std:011",
    ]


def test_in_the_sandbox_a_key_pair_is_generated_once_into_the_data_directory(tmp_path):
    signer = humsafar_signer(sandbox_settings(tmp_path))
    key_file = tmp_path / KEY_FILE_NAME
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert public_key_text(private_key_from_text(key_file.read_text())) == signer.public_key

    keys._signer.cache_clear()  # as a process starting later would
    assert humsafar_signer(sandbox_settings(tmp_path)).public_key == signer.public_key
    assert humsafar_signer(sandbox_settings(tmp_path / "elsewhere")).public_key != signer.public_key


def test_in_the_sandbox_humsafar_is_its_hosts_subscriber_with_a_key_id_named_after_its_key(tmp_path):
    settings = sandbox_settings(tmp_path, public_app_url="http://localhost:8000")
    signer = humsafar_signer(settings)
    assert signer.key_id.subscriber_id == "localhost"
    assert uuid.UUID(signer.key_id.unique_key_id).version == 5
    assert signer.key_id.unique_key_id == keys.sandbox_unique_key_id(signer.public_key)
    assert settings.resolved_beckn_registry_url == "http://localhost:8000/api/sandbox/beckn/registry"
    assert settings.beckn_subscriber_url == "http://localhost:8000/beckn"


def test_set_identity_and_key_are_used_as_given_and_nothing_is_generated(tmp_path):
    settings = sandbox_settings(
        tmp_path,
        beckn_subscriber_id="humsafar.example",
        beckn_unique_key_id="key-1",
        beckn_signing_private_key=EXAMPLE_PRIVATE_KEY,
        beckn_registry_url="https://registry.example/ondc/",
    )
    signer = humsafar_signer(settings)
    assert (signer.key_id.subscriber_id, signer.key_id.unique_key_id) == ("humsafar.example", "key-1")
    assert signer.public_key == EXAMPLE_PUBLIC_KEY
    assert settings.resolved_beckn_registry_url == "https://registry.example/ondc"
    assert not (tmp_path / KEY_FILE_NAME).exists()
