"""The per-IP cap counts the address the API's trusted proxy saw: a client that is not the proxy cannot choose its
address with X-Forwarded-For. Real uvicorn processes, started as deployed (--proxy-headers, --forwarded-allow-ips) and
as `make run` starts them (no proxy: no forwarded header is read)."""

import secrets
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.settings import Settings
from scripts.embedded import free_port
from scripts.run import app_services
from tests.api.live import Process, api_process, running, service_environment

SENDS_PER_IP = 3
NOT_THIS_MACHINE = "10.89.0.1"  # the proxy's address, which the tests' client is not


def random_address() -> str:
    return f"203.0.113.{secrets.randbelow(250) + 1}, 198.51.100.{secrets.randbelow(250) + 1}"


@pytest.fixture
def serve(database_url: str, temporal_address: str, tmp_path: Path) -> Iterator:
    def start(trusted_proxy: str) -> object:
        environment = service_environment(
            database_url, temporal_address, tmp_path, OTP_SENDS_PER_IP_PER_HOUR=str(SENDS_PER_IP)
        )
        process = api_process(environment, tmp_path / f"api-{trusted_proxy}.log")
        process.command += ["--proxy-headers", f"--forwarded-allow-ips={trusted_proxy}"]
        return running(process), f"http://127.0.0.1:{process.port}"

    yield start


def send_codes(base_url: str, count: int) -> list[httpx.Response]:
    """Codes to `count` new numbers, each request naming another client address in X-Forwarded-For."""
    with httpx.Client(base_url=base_url, timeout=30) as browser:
        browser.get("/api/auth/session").raise_for_status()
        answers = []
        for _ in range(count):
            mobile_number = str(secrets.choice(range(9_000_000_000, 10_000_000_000)))
            headers = {CSRF_HEADER: browser.cookies[CSRF_COOKIE], "X-Forwarded-For": random_address()}
            answers.append(browser.post("/api/auth/otp", json={"mobile_number": mobile_number}, headers=headers))
        return answers


def test_a_client_that_is_not_the_proxy_cannot_choose_its_address(serve) -> None:
    server, base_url = serve(NOT_THIS_MACHINE)
    with server:
        answers = send_codes(base_url, SENDS_PER_IP + 1)
    codes = [answer.status_code for answer in answers]
    assert codes.count(200) <= SENDS_PER_IP
    assert codes[-1] == 429, codes
    assert all("server" not in answer.headers for answer in answers)


def test_the_proxy_names_the_client_address(serve) -> None:
    """The same calls through a trusted proxy count each named client apart: the header is what decides."""
    server, base_url = serve("127.0.0.1")
    with server:
        answers = send_codes(base_url, SENDS_PER_IP + 1)
    assert [answer.status_code for answer in answers] == [200] * (SENDS_PER_IP + 1)


def make_runs_api(database_url: str, temporal_address: str, data_dir: Path) -> tuple[Process, str]:
    """The API as `make run` starts it (scripts/run.py), on a port of its own."""
    port = free_port()
    environment = service_environment(
        database_url,
        temporal_address,
        data_dir,
        OTP_SENDS_PER_IP_PER_HOUR=str(SENDS_PER_IP),
        API_PORT=str(port),
        PUBLIC_APP_URL=f"http://127.0.0.1:{port}",
    )
    settings = Settings.model_validate({key.lower(): value for key, value in environment.items() if key.isupper()})
    api = next(service for service in app_services(settings, environment) if service.name == "api")
    return Process(api.command, environment, data_dir / "make-run-api.log", port), f"http://127.0.0.1:{port}"


def test_make_run_trusts_no_forwarded_address(database_url: str, temporal_address: str, tmp_path: Path) -> None:
    """`make run` has no proxy before it: a local client naming other addresses is counted as itself."""
    process, base_url = make_runs_api(database_url, temporal_address, tmp_path)
    assert not any("proxy-headers" in argument and "no-" not in argument for argument in process.command)
    assert not any(argument.startswith("--forwarded-allow-ips") for argument in process.command)
    with running(process):
        answers = send_codes(base_url, SENDS_PER_IP + 1)
    codes = [answer.status_code for answer in answers]
    assert codes.count(200) <= SENDS_PER_IP
    assert codes[-1] == 429, codes
