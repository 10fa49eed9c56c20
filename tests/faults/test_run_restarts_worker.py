"""`make run`'s own stack (scripts.run: embedded PostgreSQL, the Temporal dev server, the worker and the API) with
its worker killed by SIGKILL while a KYC verification waits for the person's result: `make run` says so in one
line, starts the worker again by itself, and the verification finishes with nobody restarting anything. SIGTERM
then stops every process it started."""

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from domain.settings import PROJECT_ROOT, Settings
from scripts.embedded import free_port, wait_for_port
from scripts.run import STEADY_AFTER_S, Service
from tests.api.live import Person, sign_in
from tests.faults.conftest import until

STARTUP_SECONDS = 90
# The restart waits 1 s, the new worker starts, and the killed worker's cached flow waits out its sticky queue's
# timeout (10 s) before the new one takes it.
RESUME_SECONDS = 40
RESTARTED = re.compile(r"^worker exited \(signal 9\); restarting in 1 s$", re.MULTILINE)


class MakeRun:
    """`python -m scripts.run` on ports and a data directory of its own; its output (and its children's) in a file."""

    def __init__(self, data_dir: Path) -> None:
        self.api_port = free_port()
        self.base_url = f"http://127.0.0.1:{self.api_port}"
        self.output = data_dir / "make-run.log"
        inherited = {key: value for key, value in os.environ.items() if key.lower() not in Settings.model_fields}
        self.environment = {
            **inherited,
            "PYTHONPATH": str(PROJECT_ROOT),
            "SANDBOX": "true",
            "DATA_DIR": str(data_dir),
            "API_PORT": str(self.api_port),
            "TEMPORAL_PORT": str(free_port()),
            "TEMPORAL_UI_PORT": str(free_port()),
            "WEB_DIST_DIR": "/nonexistent",
            "OTP_SENDS_PER_IP_PER_HOUR": "100000",
            "LOG_LEVEL": "WARNING",
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.output.open("ab") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "scripts.run"],
                cwd=PROJECT_ROOT,
                env=self.environment,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_for_port("127.0.0.1", self.api_port, timeout_seconds=STARTUP_SECONDS)
        except TimeoutError:
            raise AssertionError(self.log()) from None

    def children(self) -> list[psutil.Process]:
        assert self.process is not None
        return psutil.Process(self.process.pid).children()

    def worker(self) -> psutil.Process | None:
        found = [child for child in self.children() if child.cmdline()[-2:] == ["-m", "worker"]]
        return found[0] if found else None

    def stop(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)

    def log(self) -> str:
        return self.output.read_text(errors="replace")[-6000:]


@pytest.fixture
def make_run(tmp_path: Path) -> Iterator[MakeRun]:
    started = MakeRun(tmp_path)
    try:
        started.start()
        yield started
    finally:
        if started.process is not None and started.process.poll() is None:
            started.stop()
        print("make run's output:\n" + started.log())


def profile(person: Person, base_url: str) -> dict:
    with person.client(base_url) as client:
        answer = client.get("/api/user/user")
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


def post(person: Person, base_url: str, path: str, body: dict[str, object] | None = None, method: str = "POST") -> dict:
    with person.client(base_url) as client:
        answer = client.request(method, path, json=body)
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["data"])


def test_make_run_restarts_a_killed_worker_and_the_flow_finishes(make_run: MakeRun) -> None:
    base_url = make_run.base_url
    person = sign_in(base_url, "Asha Restarts")
    token = post(person, base_url, "/api/user/kyc/hyperverge/initiate", method="PATCH")
    until(lambda: profile(person, base_url)["kyc_status"] == "initiated", 20, "the verification opened")
    killed = make_run.worker()
    assert killed is not None, make_run.log()

    killed.send_signal(signal.SIGKILL)
    post(person, base_url, f"/api/sandbox/kyc/{token['transaction_id']}", {"outcome": "auto_approved"})
    post(
        person, base_url, "/api/user/kyc/result", {"transaction_id": token["transaction_id"], "status": "auto_approved"}
    )

    until(lambda: RESTARTED.search(make_run.log()), 10, "make run announced the restart", interval=0.2)
    until(lambda: profile(person, base_url)["is_kyc_verified"], RESUME_SECONDS, "the verification finished", 0.5)
    restarted = make_run.worker()
    assert restarted is not None and restarted.pid != killed.pid
    assert profile(person, base_url)["kyc_status"] == "approved"

    children = make_run.children()
    assert make_run.stop() == 0
    assert not [child for child in children if child.is_running() and child.status() != psutil.STATUS_ZOMBIE]


def test_restarts_wait_longer_while_a_process_keeps_exiting_and_start_over_once_it_stayed_up(capsys) -> None:
    service = Service("worker", [sys.executable, "-c", "raise SystemExit(3)"], dict(os.environ))
    service.start()
    assert service.process is not None
    service.process.wait(timeout=30)
    pauses = []
    for _ in range(7):
        service.supervise(now=service.started_at + 1)
        assert service.restart_at is not None
        pauses.append(service.restart_at - (service.started_at + 1))
        service.start()
        service.process.wait(timeout=30)

    service.supervise(now=service.started_at + STEADY_AFTER_S)

    assert pauses == [1, 2, 4, 8, 16, 30, 30]
    assert service.restart_at == service.started_at + STEADY_AFTER_S + 1
    assert capsys.readouterr().out.splitlines()[0] == "worker exited (code 3); restarting in 1 s"
