"""The API and the worker as deployed refuse to start on settings unfit to run: with SANDBOX=false (the default)
unless every vendor secret is set to a value of its own, and with SANDBOX=true on an address others reach unless
SANDBOX_PUBLIC=true says it is a demo server. Each refusal is one line, given before anything is connected to."""

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError

from domain import sandbox
from domain.settings import PROJECT_ROOT, Settings
from domain.settings import refusal as settings_refusal
from tests.api.live import api_process, running, service_environment, worker_process

SECRETS = [
    "KYC_WEBHOOK_SECRET",
    "CAB_WEBHOOK_SECRET",
    "LINKEDIN_CLIENT_SECRET",
    "KYC_APP_KEY",
    "CAB_API_KEY",
    "SMS_GATEWAY_API_KEY",
]
REQUIRED_TODAY = [
    "SECRET_KEY",
    "SMS_GATEWAY_URL",
    "KYC_VENDOR_URL",
    "LINKEDIN_AUTHORIZE_URL",
    "LINKEDIN_TOKEN_URL",
    "LINKEDIN_USERINFO_URL",
    "CAB_VENDOR_URL",
    "SUPPORT_ONCALL_NUMBER",
    "BECKN_SUBSCRIBER_ID",
    "BECKN_UNIQUE_KEY_ID",
    "BECKN_SIGNING_PRIVATE_KEY",
    "BECKN_REGISTRY_URL",
]
# A production deploy's settings, each secret a value of its own; nothing listens at these addresses.
PRODUCTION = {
    "SECRET_KEY": "Vq3xN8rT2mL6pZ9wK4cB7hJ1sD5fG0yE",
    "SMS_GATEWAY_URL": "http://127.0.0.1:9/sms",
    "KYC_VENDOR_URL": "http://127.0.0.1:9/kyc",
    "LINKEDIN_AUTHORIZE_URL": "http://127.0.0.1:9/authorize",
    "LINKEDIN_TOKEN_URL": "http://127.0.0.1:9/token",
    "LINKEDIN_USERINFO_URL": "http://127.0.0.1:9/userinfo",
    "CAB_VENDOR_URL": "http://127.0.0.1:9/cab",
    "SUPPORT_ONCALL_NUMBER": "9000000002",
    "BECKN_SUBSCRIBER_ID": "humsafar.example",
    "BECKN_UNIQUE_KEY_ID": "5e0c6a3f-7d21-4b8e-9a44-1f2d3c4b5a69",
    # An ed25519 key of its own (its seed and its public key), as ONDC's tools write one.
    "BECKN_SIGNING_PRIVATE_KEY": (
        "BVV050L+qIw6EGy2WqkD119QiP8j69PI8tGrXU1PYX+CzjOMFeysYh5EhdXo9QO4AtCk4mAPml1i2pTx5/opqw=="
    ),
    "BECKN_REGISTRY_URL": "http://127.0.0.1:9/registry",
    "DATABASE_URL": "postgresql://nobody@127.0.0.1:9/none",
    "TEMPORAL_ADDRESS": "127.0.0.1:9",
} | {name: f"{name.lower()}-{index}-of-our-own-Zq7xW3pL9vR2mK8n" for index, name in enumerate(SECRETS)}
API = ["-m", "uvicorn", "--factory", "api.main:create_app", "--port", "9"]
WORKER = ["-m", "worker"]
PROCESSES = {"api": API, "worker": WORKER}
REFUSAL = "Humsafar refuses to start: "


def start(command: list[str], settings: dict[str, str], cwd: Path) -> tuple[int, list[str]]:
    """Runs a process with exactly these settings (none inherited, no .env file) and answers its exit code and its
    output's lines."""
    inherited = {key: value for key, value in os.environ.items() if key.lower() not in Settings.model_fields}
    environment = {**inherited, "PYTHONPATH": str(PROJECT_ROOT), **settings}
    done = subprocess.run(
        [sys.executable, *command], cwd=cwd, env=environment, capture_output=True, text=True, timeout=60, check=False
    )
    return done.returncode, (done.stdout + done.stderr).strip().splitlines()


def refusal(lines: list[str]) -> str:
    """The one line of a refusal, and nothing else."""
    assert len(lines) == 1, lines
    assert lines[0].startswith(REFUSAL), lines
    return lines[0]


def named(line: str) -> set[str]:
    return set(re.findall(r"\b[A-Z][A-Z_]+[A-Z]\b", line)) - {"SANDBOX"}


@pytest.mark.parametrize("process", sorted(PROCESSES))
def test_without_a_sandbox_setting_nothing_starts_and_every_missing_setting_is_named(process, tmp_path):
    code, lines = start(PROCESSES[process], {}, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert "SANDBOX=false" in line
    assert named(line) == set(REQUIRED_TODAY + SECRETS)


@pytest.mark.parametrize("process", sorted(PROCESSES))
@pytest.mark.parametrize("secret", SECRETS)
def test_production_refuses_to_start_without_each_vendor_secret(process, secret, tmp_path):
    settings = {name: value for name, value in PRODUCTION.items() if name != secret}

    code, lines = start(PROCESSES[process], settings, tmp_path)

    assert code != 0
    assert named(refusal(lines)) == {secret}


@pytest.mark.parametrize("process", sorted(PROCESSES))
def test_production_refuses_secrets_published_in_the_repository(process, tmp_path):
    published = {
        "KYC_WEBHOOK_SECRET": sandbox.KYC_WEBHOOK_SECRET,
        "CAB_WEBHOOK_SECRET": sandbox.CAB_WEBHOOK_SECRET,
        "LINKEDIN_CLIENT_SECRET": f" {sandbox.LINKEDIN_CLIENT_SECRET.upper()} ",
        "KYC_APP_KEY": sandbox.KYC_APP_KEY,
        "CAB_API_KEY": sandbox.CAB_API_KEY,
        "SMS_GATEWAY_API_KEY": sandbox.SMS_GATEWAY_API_KEY,
    }

    code, lines = start(PROCESSES[process], PRODUCTION | published, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert "each equal a value published in the repository" in line
    assert named(line) == set(SECRETS)
    assert all(value.strip().lower() not in line.lower() for value in published.values())


def test_make_runs_script_refuses_too(tmp_path):
    started = time.monotonic()
    code, lines = start(["-m", "scripts.run"], {"CAB_API_KEY": sandbox.CAB_API_KEY}, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert named(line) == set(REQUIRED_TODAY + SECRETS)
    assert "CAB_API_KEY equals a value published in the repository" in line
    assert time.monotonic() - started < 30  # no PostgreSQL or Temporal was started


@pytest.mark.parametrize("process", sorted(PROCESSES))
def test_production_refuses_secrets_too_short_or_too_plain_naming_each(process, tmp_path):
    weak = {
        "SECRET_KEY": "a",
        "KYC_WEBHOOK_SECRET": "x" * 64,
        "CAB_WEBHOOK_SECRET": "Ab3$" * 12,
        "LINKEDIN_CLIENT_SECRET": "abcdefghijklmnopqrstuvwxyz12345",  # 31 characters
        "KYC_APP_KEY": "aaaaabbbbbcccccdddddeeeeefffffgggggg",  # 7 different characters
    }

    code, lines = start(PROCESSES[process], PRODUCTION | weak, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert "too short or too plain for a secret" in line
    assert named(line) == set(weak)
    assert all(value not in line for value in weak.values() if len(value) > 1)  # the refusal prints no secret


def test_make_runs_script_refuses_a_weak_secret_key_before_starting_anything(tmp_path):
    started = time.monotonic()
    code, lines = start(["-m", "scripts.run"], PRODUCTION | {"SECRET_KEY": "a"}, tmp_path)

    assert code != 0
    assert named(refusal(lines)) == {"SECRET_KEY"}
    assert time.monotonic() - started < 30


def test_production_with_every_secret_of_its_own_passes_the_check():
    settings = Settings.model_validate({"sandbox": False} | {name.lower(): value for name, value in PRODUCTION.items()})

    assert not settings.sandbox
    assert settings.kyc_webhook_secret == PRODUCTION["KYC_WEBHOOK_SECRET"]
    assert settings.cab_api_key == PRODUCTION["CAB_API_KEY"]


def test_production_refuses_an_oncall_number_support_could_not_be_paged_at():
    with pytest.raises(ValidationError) as refused:
        Settings.model_validate(
            {"sandbox": False}
            | {name.lower(): value for name, value in PRODUCTION.items()}
            | {"support_oncall_number": "112"}
        )

    assert named(refusal(settings_refusal(refused.value).splitlines())) == {"SUPPORT_ONCALL_NUMBER"}


def test_in_the_sandbox_the_vendor_secrets_are_the_sandbox_vendors():
    settings = Settings(_env_file=None, sandbox=True)

    assert (settings.kyc_webhook_secret, settings.cab_webhook_secret) == (
        sandbox.KYC_WEBHOOK_SECRET,
        sandbox.CAB_WEBHOOK_SECRET,
    )
    assert (settings.kyc_app_key, settings.cab_api_key, settings.linkedin_client_secret) == (
        sandbox.KYC_APP_KEY,
        sandbox.CAB_API_KEY,
        sandbox.LINKEDIN_CLIENT_SECRET,
    )
    assert (settings.sms_gateway_api_key, settings.resolved_sms_gateway_url) == (
        sandbox.SMS_GATEWAY_API_KEY,
        f"{settings.public_app_url}/api/sandbox/sms/gateway",
    )


@pytest.mark.parametrize("process", sorted(PROCESSES))
@pytest.mark.parametrize("address", ["https://humsafar.example", "http://192.168.1.20:8000", "http://[2001:db8::1]"])
def test_a_sandbox_others_can_reach_refuses_to_start(process, address, tmp_path):
    code, lines = start(PROCESSES[process], {"SANDBOX": "true", "PUBLIC_APP_URL": address}, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert address in line
    assert "SANDBOX_PUBLIC=true" in line


@pytest.mark.parametrize("command", [API, WORKER, ["-m", "scripts.run"]], ids=["api", "worker", "make-run"])
@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "humsafar.example"])  # noqa: S104 (refused)
def test_a_sandbox_listening_beyond_this_machine_refuses_to_start(command, host, tmp_path):
    code, lines = start(command, {"SANDBOX": "true", "API_HOST": host}, tmp_path)

    assert code != 0
    line = refusal(lines)
    assert f"API_HOST {host} listens beyond this machine" in line
    assert "SANDBOX_PUBLIC=true" in line


@pytest.mark.parametrize("host", ["127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"])
def test_a_sandbox_on_a_loopback_address_passes_the_check(host):
    assert Settings(_env_file=None, sandbox=True, api_host=host).api_host == host


def test_a_demo_server_may_listen_on_every_address():
    assert Settings(_env_file=None, sandbox=True, sandbox_public=True, api_host="0.0.0.0").sandbox_public  # noqa: S104


def test_a_demo_server_starts_with_a_warning(database_url, temporal_address, tmp_path):
    environment = service_environment(
        database_url,
        temporal_address,
        tmp_path,
        PUBLIC_APP_URL="https://demo.humsafar.example",
        SANDBOX_PUBLIC="true",
    )
    api = api_process(environment, tmp_path / "api.log")
    worker = worker_process(environment, tmp_path / "worker.log")
    with running(api, worker):
        assert httpx.get(f"http://127.0.0.1:{api.port}/api/health", timeout=10).status_code == 200
        deadline = time.monotonic() + 30
        while sandbox.WARNING not in worker.log() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert worker.process is not None and worker.process.poll() is None, worker.log()
    for log in (api.log(), worker.log()):
        assert "WARNING humsafar" in log and sandbox.WARNING in log, log


# Where the repository prints example settings, and the settings whose examples must never pass as secrets.
DOCUMENTS = ["README.md", "docker-compose.yml", "docs/*.md", "deploy/*"]
SECRET_SETTINGS = "|".join(["SECRET_KEY", *SECRETS])
EXAMPLE = re.compile(rf"\b({SECRET_SETTINGS})\b\s*[:=]\s*[\"'`]?([^\s\"'`|,;)]+)")


def test_every_secret_printed_in_the_repository_is_refused_as_a_production_secret():
    examples = {}
    for pattern in DOCUMENTS:
        for path in PROJECT_ROOT.glob(pattern):
            for name, value in EXAMPLE.findall(path.read_text(errors="replace")):
                if not value.startswith(("$", "<", "...")):
                    examples[(path.name, name)] = value
    unrefused = {where: value for where, value in examples.items() if not sandbox.is_published(value)}

    assert unrefused == {}, "add these to domain/sandbox.py PUBLISHED_VALUES"
