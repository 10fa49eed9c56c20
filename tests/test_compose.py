"""The production compose file is valid, and every service waits for what it needs to be healthy."""

import importlib
import importlib.util
import ipaddress
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import compose
import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent
COMPOSE_FILE = PROJECT_ROOT / "docker-compose.yml"
NGINX_CONF = PROJECT_ROOT / "deploy" / "nginx.conf"
DOCKERFILE = PROJECT_ROOT / "deploy" / "Dockerfile"
# The wheel's Python wrapper always exits 0, so the Go binary beside it is called directly.
COMPOSE_BINARY = Path(compose.__file__).parent / "docker-compose"
REQUIRED_SECRETS = {"SECRET_KEY": "test-secret-key", "POSTGRES_PASSWORD": "test-postgres-password"}
ONE_SHOT_SERVICES = {"migrate", "temporal-search-attributes"}


def compose_config(*arguments: str, extra_environment: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key not in REQUIRED_SECRETS}
    environment.update(extra_environment or {})
    return subprocess.run(
        [str(COMPOSE_BINARY), "--file", str(COMPOSE_FILE), "config", *arguments],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def configuration() -> dict[str, Any]:
    result = compose_config("--format", "json", extra_environment=REQUIRED_SECRETS)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def services(configuration: dict[str, Any]) -> dict[str, Any]:
    return configuration["services"]


@pytest.fixture(scope="module")
def networks(configuration: dict[str, Any]) -> dict[str, Any]:
    return configuration["networks"]


def test_compose_file_is_valid() -> None:
    result = compose_config("--quiet", extra_environment=REQUIRED_SECRETS)

    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("secret", sorted(REQUIRED_SECRETS))
def test_compose_refuses_to_start_without_each_secret(secret: str) -> None:
    others = {key: value for key, value in REQUIRED_SECRETS.items() if key != secret}

    result = compose_config("--quiet", extra_environment=others)

    assert result.returncode != 0
    assert secret in result.stderr


def test_every_dependency_waits_on_a_condition(services: dict[str, Any]) -> None:
    for name, service in services.items():
        for dependency, requirement in service.get("depends_on", {}).items():
            expected = "service_completed_successfully" if dependency in ONE_SHOT_SERVICES else "service_healthy"
            assert requirement.get("condition") == expected, f"{name} -> {dependency}"


def test_every_long_running_service_has_a_healthcheck(services: dict[str, Any]) -> None:
    long_running = set(services) - ONE_SHOT_SERVICES

    assert {name for name in long_running if services[name].get("healthcheck", {}).get("test")} == long_running
    assert all(services[name].get("restart") == "no" for name in ONE_SHOT_SERVICES)


def test_production_services_run_without_sandboxes_and_with_the_given_secret(services: dict[str, Any]) -> None:
    for name in ("api", "worker", "migrate"):
        environment = services[name]["environment"]
        assert environment["SANDBOX"] == "false"
        assert environment["SECRET_KEY"] == REQUIRED_SECRETS["SECRET_KEY"]
        assert environment["TEMPORAL_ADDRESS"] == "temporal:7233"
        assert environment["REDIS_URL"].startswith("redis://redis:")
        assert environment["DATABASE_URL"].startswith("postgresql+psycopg://")


def test_the_browser_reaches_everything_through_the_web_service(services: dict[str, Any]) -> None:
    published = {name for name, service in services.items() if service.get("ports")}

    assert published == {"web", "temporal-ui"}
    assert services["temporal-ui"]["ports"][0]["published"] == "8233"
    assert services["temporal-ui"]["ports"][0]["target"] == 8080


def test_the_commands_of_the_python_services_name_real_code(services: dict[str, Any]) -> None:
    api_command = services["api"]["command"]
    module_name, factory_name = api_command[api_command.index("--factory") + 1].split(":")

    assert callable(getattr(importlib.import_module(module_name), factory_name))
    assert services["worker"]["command"] == ["python", "-m", "worker"]
    assert importlib.util.find_spec("worker.__main__") is not None
    assert services["migrate"]["command"] == ["alembic", "upgrade", "head"]


def test_the_api_trusts_forwarded_headers_from_nginx_alone(services: dict[str, Any], networks: dict[str, Any]) -> None:
    """A client cannot name its own address: only nginx's fixed address may set X-Forwarded-For, and nginx replaces
    the header with the address it saw."""
    web_address = services["web"]["networks"]["default"]["ipv4_address"]
    subnet = ipaddress.ip_network(networks["default"]["ipam"]["config"][0]["subnet"])
    dynamic = ipaddress.ip_network(networks["default"]["ipam"]["config"][0]["ip_range"])
    assert ipaddress.ip_address(web_address) in subnet
    assert ipaddress.ip_address(web_address) not in dynamic  # no other container is handed nginx's address
    allowed = [argument for argument in services["api"]["command"] if argument.startswith("--forwarded-allow-ips")]
    assert allowed == [f"--forwarded-allow-ips={web_address}"]
    assert "--no-server-header" in services["api"]["command"]
    nginx = NGINX_CONF.read_text()
    assert "$proxy_add_x_forwarded_for" not in nginx
    forwarded = [
        line.split() for line in nginx.splitlines() if "X-Forwarded-For" in line and "proxy_set_header" in line
    ]
    assert forwarded and all(line == ["proxy_set_header", "X-Forwarded-For", "$remote_addr;"] for line in forwarded)


def test_the_image_trusts_no_forwarded_headers_by_default_and_sends_no_banner() -> None:
    command = next(line for line in DOCKERFILE.read_text().splitlines() if line.startswith("CMD "))
    arguments = json.loads(command.removeprefix("CMD "))
    assert "--no-server-header" in arguments
    assert not any(argument.startswith("--forwarded-allow-ips") for argument in arguments)


def test_nginx_takes_large_bodies_only_on_the_chat_upload() -> None:
    nginx = NGINX_CONF.read_text()
    server_level = re.search(r"^    client_max_body_size (\d+)m;", nginx, re.MULTILINE)
    assert server_level and 14 <= int(server_level.group(1)) < 55  # the avatar's base64 JSON fits
    upload = nginx[nginx.index("location = /api/chat/message/document {") :]
    upload = upload[: upload.index("}")]
    assert "client_max_body_size 55m;" in upload
    assert nginx.count("client_max_body_size 55m;") == 1
