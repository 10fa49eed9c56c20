"""Which host a request named decides the cookies' Secure flag and prefix (api/security/cookies.py)."""

import pytest
from starlette.requests import HTTPConnection

from api.security.cookies import is_secure_context, request_hostname


def connection(host: str | None, server: tuple[str, int] | None = ("10.0.0.5", 8000)) -> HTTPConnection:
    headers = [(b"host", host.encode())] if host is not None else []
    return HTTPConnection({"type": "http", "headers": headers, "server": server, "path": "/", "query_string": b""})


@pytest.mark.parametrize(
    ("host", "hostname"),
    [
        ("localhost:5173", "localhost"),
        ("127.0.0.1", "127.0.0.1"),
        ("[::1]:8000", "::1"),
        ("Humsafar.Example.IN", "humsafar.example.in"),
        ("humsafar.example.in:443", "humsafar.example.in"),
    ],
)
def test_the_hostname_is_the_host_header_without_its_port(host: str, hostname: str) -> None:
    assert request_hostname(connection(host)) == hostname


def test_without_a_host_header_the_server_address_is_the_hostname() -> None:
    assert request_hostname(connection(None)) == "10.0.0.5"


@pytest.mark.parametrize(("host", "secure"), [("localhost:8000", False), ("[::1]:8000", False), ("app.in", True)])
def test_only_hosts_other_than_this_machine_are_a_secure_context(host: str, secure: bool) -> None:
    assert is_secure_context(connection(host)) is secure
