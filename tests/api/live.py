"""The API and the worker as deployed: separate processes configured by environment, so they can be killed for real."""

import os
import secrets
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from api.security.cookies import CSRF_COOKIE, CSRF_HEADER
from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, wait_for_port


def service_environment(database_url: str, temporal_address: str, data_dir: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "TEMPORAL_ADDRESS": temporal_address,
        "TEMPORAL_TASK_QUEUE": f"live-{uuid.uuid4().hex}",
        "DATA_DIR": str(data_dir),
        "SANDBOX": "true",
        "OTP_SENDS_PER_IP_PER_HOUR": "100000",
        "WEB_DIST_DIR": "/nonexistent",
        "LOG_LEVEL": "WARNING",
        **extra,
    }


@dataclass
class Process:
    """One service process; restart() starts it again with the same command, environment and log."""

    command: list[str]
    environment: dict[str, str]
    log_path: Path
    port: int | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def start(self) -> None:
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                self.command, cwd=PROJECT_ROOT, env=self.environment, stdout=log, stderr=subprocess.STDOUT
            )
        if self.port is not None:
            wait_for_port("127.0.0.1", self.port, timeout_seconds=60)

    def kill(self) -> None:
        """SIGKILL: no handler runs, nothing is flushed or finished."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]


def api_process(environment: dict[str, str], log_path: Path) -> Process:
    """The API on a free port. Unless the environment names another, that port is the app's public address, where
    its sandbox vendors are called and call back; the environment is shared, so a worker made from it later knows."""
    port = free_port()
    environment.setdefault("PUBLIC_APP_URL", f"http://127.0.0.1:{port}")
    command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app", "--port", str(port)]
    command += ["--no-access-log", "--log-level", "warning", "--no-server-header"]
    return Process(command, environment, log_path, port)


def worker_process(environment: dict[str, str], log_path: Path) -> Process:
    return Process([sys.executable, "-m", "worker"], environment, log_path)


@contextmanager
def running(*processes: Process) -> Iterator[None]:
    try:
        for process in processes:
            process.start()
        yield
    finally:
        for process in processes:
            process.stop()


@dataclass
class Person:
    """A signed-in browser's cookies and the CSRF header it echoes on unsafe calls."""

    user_id: int
    mobile_number: str
    cookies: dict[str, str]

    @property
    def headers(self) -> dict[str, str]:
        return {CSRF_HEADER: self.cookies[CSRF_COOKIE]}

    def client(self, base_url: str, timeout: float = 30) -> httpx.Client:
        return httpx.Client(base_url=base_url, cookies=self.cookies, headers=self.headers, timeout=timeout)


def sign_in(base_url: str, name: str = "Fuzz Rider") -> Person:
    """A new user signed in through the sandbox SMS outbox with a complete profile."""
    # Not the random module: property-based tests seed it, which would repeat numbers.
    mobile_number = str(secrets.choice(range(9_000_000_000, 10_000_000_000)))
    with httpx.Client(base_url=base_url, timeout=30) as browser:
        browser.get("/api/auth/session").raise_for_status()
        csrf = {CSRF_HEADER: browser.cookies[CSRF_COOKIE]}
        issued = browser.post("/api/auth/otp", json={"mobile_number": mobile_number}, headers=csrf)
        issued.raise_for_status()
        login_token = issued.json()["data"]["login_token"]
        sms = browser.get("/api/sandbox/sms", params={"mobile_number": mobile_number})
        code = int(sms.json()["data"][0]["code"])
        login = browser.post("/api/auth/login", json={"otp": code, "login_token": login_token}, headers=csrf)
        login.raise_for_status()
        profile = {"name": name, "gender": "FEMALE", "dob": "15-08-1994"}
        csrf = {CSRF_HEADER: browser.cookies[CSRF_COOKIE]}
        browser.put("/api/user/user", json=profile, headers=csrf).raise_for_status()
        return Person(int(login.json()["data"]["user_id"]), mobile_number, dict(browser.cookies))
