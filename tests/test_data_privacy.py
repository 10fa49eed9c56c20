"""What `make run` keeps under its data directory (the generated secret key, the databases, media, logs) is readable
by its owner alone, the embedded PostgreSQL still working when it runs as a system user of its own (as root); the
Temporal dev server's UI listens on this machine alone."""

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from domain.settings import PROJECT_ROOT, Settings
from scripts.embedded import free_port, start_temporal_dev_server, wait_for_port

# Run in a process of its own, as `make run` runs (its umask is the process's): it prepares the data directory, starts
# the embedded PostgreSQL and makes the secret key, a child writes media and a log, and it answers every mode.
MAKE_RUNS_DATA = """
import json, subprocess, sys
from pathlib import Path

import psycopg

from domain.settings import Settings
from scripts.embedded import start_embedded_postgres
from scripts.run import private_data

data_dir = Path(sys.argv[1])
settings = Settings(_env_file=None, sandbox=True, data_dir=data_dir)
private_data(settings)
url = start_embedded_postgres(data_dir)
settings.resolved_secret_key()
child = "import pathlib, sys; d = pathlib.Path(sys.argv[1]); (d / 'media').mkdir(); "
child += "(d / 'media' / 'avatar.jpg').write_bytes(b'x'); (d / 'temporal.log').write_text('x')"
subprocess.run([sys.executable, "-c", child, str(data_dir)], check=True)
with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as connection:
    assert connection.execute("SELECT 1").fetchone() == (1,)
paths = [data_dir, *data_dir.iterdir(), data_dir / "media" / "avatar.jpg"]
print(json.dumps({str(path.relative_to(data_dir)): path.stat().st_mode & 0o777 for path in paths}))
"""


@contextmanager
def umask(mask: int) -> Iterator[None]:
    earlier = os.umask(mask)
    try:
        yield
    finally:
        os.umask(earlier)


def test_the_generated_secret_key_and_its_directory_are_the_owners_alone(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with umask(0o022):
        key = Settings(_env_file=None, sandbox=True, data_dir=data_dir).resolved_secret_key()

    assert len(key) >= 32
    assert data_dir.stat().st_mode & 0o777 == 0o700
    assert (data_dir / "secret_key").stat().st_mode & 0o777 == 0o600
    assert [path.name for path in data_dir.iterdir()] == ["secret_key"]  # no draft left behind
    assert Settings(_env_file=None, sandbox=True, data_dir=data_dir).resolved_secret_key() == key


def test_make_run_keeps_its_data_readable_by_its_owner_alone(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o755)
    (data_dir / "old.log").write_text("left by an earlier run")
    (data_dir / "old.log").chmod(0o644)

    with umask(0o022):
        done = subprocess.run(
            [sys.executable, "-c", MAKE_RUNS_DATA, str(data_dir)],
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    assert done.returncode == 0, done.stderr
    modes = json.loads(done.stdout.strip().splitlines()[-1])
    # As root, PostgreSQL's own user passes through the data directory; nobody else may list or read it.
    assert modes.pop(".") == (0o711 if os.geteuid() == 0 else 0o700)
    assert modes.pop("postgres") == 0o700
    assert modes == {
        "secret_key": 0o600,
        "old.log": 0o600,
        "temporal.log": 0o600,
        "media": 0o700,
        "media/avatar.jpg": 0o600,
    }


def an_address_of_this_machine_beyond_loopback() -> str | None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: the kernel picks the outgoing address
        except OSError:
            return None
        address = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def test_the_temporal_dev_servers_ui_listens_on_this_machine_alone(tmp_path: Path) -> None:
    address = an_address_of_this_machine_beyond_loopback()
    if address is None:
        pytest.skip("this machine has no address beyond loopback")
    ui_port = free_port()
    server = start_temporal_dev_server(None, free_port(), ui_port, log_file=tmp_path / "temporal.log")
    try:
        wait_for_port("127.0.0.1", ui_port, timeout_seconds=30)
        with pytest.raises(OSError):
            socket.create_connection((address, ui_port), timeout=2).close()
    finally:
        server.terminate()
        server.wait(timeout=20)
