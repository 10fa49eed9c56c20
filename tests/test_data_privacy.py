"""What `make run` keeps under its data directory (the generated secret key, the databases, media, logs) is readable
by its owner alone, the embedded PostgreSQL still working when it runs as a system user of its own (as root); the
Temporal dev server's UI listens on this machine alone."""

import ipaddress
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


def listening_addresses(port: int) -> set[str]:
    """The IPv4 and IPv6 addresses this machine listens on at the port, read from the kernel's socket tables."""
    addresses: set[str] = set()
    for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, port_hex = local.split(":")
            if state == "0A" and int(port_hex, 16) == port:  # 0A: LISTEN
                packed = bytes.fromhex(address)
                # The kernel writes each 32-bit word in the machine's byte order (little-endian here).
                words = b"".join(packed[i : i + 4][::-1] for i in range(0, len(packed), 4))
                addresses.add(str(ipaddress.ip_address(words)))
    return addresses


def test_the_temporal_dev_servers_ui_listens_on_this_machine_alone(tmp_path: Path) -> None:
    ui_port = free_port()
    server = start_temporal_dev_server(None, free_port(), ui_port, log_file=tmp_path / "temporal.log")
    try:
        wait_for_port("127.0.0.1", ui_port, timeout_seconds=30)
        listening = listening_addresses(ui_port)
        assert listening, "the UI's listening socket was not found"
        assert all(ipaddress.ip_address(address).is_loopback for address in listening), listening
    finally:
        server.terminate()
        server.wait(timeout=20)
