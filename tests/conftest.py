"""Real parts for every test: PostgreSQL (schema by the migrations) and a Temporal dev server, once a session."""

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

# The tests run on the sandbox vendors; a deploy's default is off (domain/settings.py).
os.environ.setdefault("SANDBOX", "true")

from domain.rules import text as text_rule
from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, start_embedded_postgres, start_temporal_dev_server


@pytest.fixture(scope="session")
def temporal_address() -> Iterator[str]:
    port = free_port()
    server = start_temporal_dev_server(None, port, None)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=20)


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """TEST_DATABASE_URL points the tests at an existing server; otherwise an embedded one in a temp dir."""
    url = os.environ.get("TEST_DATABASE_URL") or start_embedded_postgres(tmp_path_factory.mktemp("postgres"))
    subprocess.run(
        [sys.executable, "-m", "scripts.migrate"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": url},
        check=True,
        capture_output=True,
    )
    return url


@pytest.fixture
def examined(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every text the free-text rule looked at character by character, in the order it did: the
    rule's work, told without a clock."""
    lengths: list[int] = []
    looked_at = text_rule.refused_characters

    def counted(text: str, **options: bool) -> list[str]:
        lengths.append(len(text))
        return looked_at(text, **options)

    monkeypatch.setattr(text_rule, "refused_characters", counted)
    return lengths
