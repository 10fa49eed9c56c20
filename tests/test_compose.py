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
REQUIRED_SECRETS = {
    "SECRET_KEY": "test-secret-key",
    "POSTGRES_PASSWORD": "test-postgres-password",
    "TEMPORAL_UI_HTPASSWD": "support:$2y$05$test.htpasswd.line",
}
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

    assert published == {"web"}
    assert {port["target"] for port in services["web"]["ports"]} == {8080, 8233}


def test_the_temporal_ui_is_reached_only_through_nginx_with_a_password(
    configuration: dict[str, Any], services: dict[str, Any]
) -> None:
    """Support's controls can signal any flow: the UI publishes no port, nginx serves it on a port of its own, on
    this machine only, and asks every request for the password compose cannot start without."""
    assert "ports" not in services["temporal-ui"]
    assert services["web"]["depends_on"]["temporal-ui"]["condition"] == "service_healthy"
    ui_port = next(port for port in services["web"]["ports"] if port["target"] == 8233)
    assert ui_port["host_ip"] == "127.0.0.1"
    mounted = {config["target"]: config["source"] for config in services["web"]["configs"]}
    htpasswd = configuration["configs"][mounted["/etc/nginx/temporal-ui.htpasswd"]]["content"]
    assert htpasswd.replace("$$", "$") == REQUIRED_SECRETS["TEMPORAL_UI_HTPASSWD"]

    nginx = NGINX_CONF.read_text()
    ui_server = nginx[nginx.index("listen 8233;") :]
    assert "auth_basic_user_file /etc/nginx/temporal-ui.htpasswd;" in ui_server
    assert re.search(r'^\s*auth_basic "[^"]+";', ui_server, re.MULTILINE)
    assert "auth_basic off" not in nginx
    assert 'proxy_set_header Authorization "";' in ui_server
    assert ui_server.count("proxy_pass http://temporal_ui;") == 1
    assert nginx.count("http://temporal_ui") == 1  # the app's own server never proxies to it
    assert "server temporal-ui:8080;" in nginx


def test_compose_refuses_an_empty_temporal_ui_password() -> None:
    result = compose_config("--quiet", extra_environment=REQUIRED_SECRETS | {"TEMPORAL_UI_HTPASSWD": ""})

    assert result.returncode != 0
    assert "TEMPORAL_UI_HTPASSWD" in result.stderr


def test_the_image_names_the_address_it_listens_on_to_its_settings() -> None:
    """API_HOST is what the settings check against SANDBOX=true; the image's CMD listens there."""
    lines = DOCKERFILE.read_text().splitlines()
    command = json.loads(next(line for line in lines if line.startswith("CMD ")).removeprefix("CMD "))
    assert "ENV API_HOST=0.0.0.0" in lines
    assert command[command.index("--host") + 1] == "0.0.0.0"  # noqa: S104 (in its container, behind nginx)


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
