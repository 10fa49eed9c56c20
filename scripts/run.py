"""`make run`: the whole system on one machine.

Starts what is not configured elsewhere (PostgreSQL from its wheel, the Temporal dev server), applies the
migrations, then runs the worker and the API serving the PWA. A worker or API that exits is started again after a
pause that grows from 1 s to 30 s while it keeps failing, as the compose stack's restart policies do; the Temporal
dev server exiting stops everything. Ctrl-C (or SIGTERM) stops every child it started; the data stays under the data
directory for the next run.
"""

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from types import FrameType

from domain.settings import Settings, startup_settings
from scripts.embedded import (
    PRIVATE_UMASK,
    keep_private,
    start_embedded_postgres,
    start_temporal_dev_server,
    wait_for_port,
)

STOP_GRACE_SECONDS = 10
FIRST_RESTART_DELAY_S = 1.0
MAX_RESTART_DELAY_S = 30.0
# A process that stays up this long is well again: if it exits later, it is restarted after the first delay.
STEADY_AFTER_S = 60.0
POLL_S = 0.5
# Longer than the API's clients keep an idle connection (app_services).
KEEP_ALIVE_S = 75


def exit_description(returncode: int) -> str:
    return f"signal {-returncode}" if returncode < 0 else f"code {returncode}"


@dataclass
class Service:
    """A process `make run` keeps running: whenever it exits it is started again, after a pause that doubles from
    FIRST_RESTART_DELAY_S to MAX_RESTART_DELAY_S while it keeps exiting within STEADY_AFTER_S of its start."""

    name: str
    command: list[str]
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    delay_s: float = FIRST_RESTART_DELAY_S
    restart_at: float | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, env=self.env)
        self.started_at = time.monotonic()
        self.restart_at = None

    def supervise(self, now: float) -> None:
        """Starts the process again once its pause is over; notices an exit and announces the pause."""
        if self.restart_at is not None:
            if now >= self.restart_at:
                self.start()
            return
        if self.process is None or (returncode := self.process.poll()) is None:
            return
        if now - self.started_at >= STEADY_AFTER_S:
            self.delay_s = FIRST_RESTART_DELAY_S
        print(f"{self.name} exited ({exit_description(returncode)}); restarting in {self.delay_s:g} s", flush=True)
        self.restart_at = now + self.delay_s
        self.delay_s = min(self.delay_s * 2, MAX_RESTART_DELAY_S)


def private_data(settings: Settings) -> None:
    """Everything this process and its children create is their owner's alone (the secret key, the databases, media,
    logs), and so is what an earlier run left in the data directory."""
    os.umask(PRIVATE_UMASK)
    keep_private(settings.data_dir)


def migrate(env: dict[str, str]) -> None:
    """Production's migrations and, with SANDBOX=true, the sandbox vendors' (scripts/migrate.py)."""
    subprocess.run([sys.executable, "-m", "scripts.migrate"], env=env, check=True)


def start_temporal(settings: Settings, env: dict[str, str]) -> subprocess.Popen[bytes] | None:
    """The Temporal dev server on its file in the data directory, unless TEMPORAL_ADDRESS names another server."""
    if settings.temporal_address is not None:
        return None
    temporal = start_temporal_dev_server(
        settings.data_dir / "temporal.db",
        settings.temporal_port,
        settings.temporal_ui_port,
        log_file=settings.data_dir / "temporal.log",
    )
    env["TEMPORAL_ADDRESS"] = f"127.0.0.1:{settings.temporal_port}"
    return temporal


def app_services(settings: Settings, env: dict[str, str]) -> list[Service]:
    """The worker and the API serving the PWA, not yet started."""
    api_command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app"]
    api_command += ["--host", settings.api_host, "--port", str(settings.api_port)]
    # No proxy stands before `make run`: the address a connection comes from is the client's. uvicorn would otherwise
    # take X-Forwarded-For from any local client (it trusts 127.0.0.1 by default), and let it choose the address its
    # per-IP caps count.
    api_command += ["--no-proxy-headers"]
    # Chat frames are a few hundred bytes: compressing each costs more CPU (and memory per socket) than it saves.
    api_command += ["--ws-per-message-deflate", "false", "--no-server-header"]
    # An idle connection is closed by its client (a proxy, a browser, 5 s for httpx) before the API would close it:
    # with uvicorn's 5 s a client could send a request on a connection the API was closing that moment, and lose it.
    api_command += ["--timeout-keep-alive", str(KEEP_ALIVE_S)]
    return [Service("worker", [sys.executable, "-m", "worker"], env), Service("api", api_command, env)]


def supervise(temporal: subprocess.Popen[bytes] | None, services: list[Service]) -> None:
    """Keeps the worker and the API running until the Temporal dev server exits or a signal stops `make run`."""
    while temporal is None or temporal.poll() is None:
        now = time.monotonic()
        for service in services:
            service.supervise(now)
        time.sleep(POLL_S)
    print(f"stopping: temporal exited ({exit_description(temporal.returncode)})", flush=True)


def stop(children: list[tuple[str, subprocess.Popen[bytes]]]) -> None:
    for _, process in reversed(children):
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for name, process in reversed(children):
        try:
            process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            print(f"{name} did not stop in time; killing it", flush=True)
            process.kill()


def print_urls(settings: Settings, env: dict[str, str]) -> None:
    app = f"http://localhost:{settings.api_port}"
    lines = [
        "",
        "Humsafar is running:",
        f"  App                {app}",
        f"  API docs           {app}/api/docs",
        f"  Health             {app}/api/health",
    ]
    if settings.temporal_address is None:
        lines.append(f"  Temporal UI        http://localhost:{settings.temporal_ui_port}")
    if settings.sandbox:
        lines.append(f"  Sandbox SMS outbox {app}/api/sandbox/sms?mobile_number=9876543210")
        lines.append(f"  Sandbox vendors    {app}/api/docs#/sandbox (KYC widget, LinkedIn consent, cab aggregator)")
    lines += [f"  Database           {env['DATABASE_URL']}", "Press Ctrl-C to stop.", ""]
    print("\n".join(lines), flush=True)


def on_signal(signum: int, _: FrameType | None) -> None:
    raise KeyboardInterrupt


def main() -> None:
    # Set both explicitly: a shell that starts this in the background leaves SIGINT ignored.
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    settings = startup_settings()
    private_data(settings)
    env = dict(os.environ)
    if "public_app_url" not in settings.model_fields_set:
        # The app's own address, where its sandbox vendors answer and send people back (another API_PORT too).
        env["PUBLIC_APP_URL"] = f"http://localhost:{settings.api_port}"
    temporal: subprocess.Popen[bytes] | None = None
    services: list[Service] = []
    try:
        if settings.database_url is None:
            env["DATABASE_URL"] = start_embedded_postgres(settings.data_dir)
        migrate(env)
        temporal = start_temporal(settings, env)
        services = app_services(settings, env)
        for service in services:
            service.start()
        wait_for_port(settings.api_host, settings.api_port, timeout_seconds=60)
        print_urls(settings, env)
        supervise(temporal, services)
    except KeyboardInterrupt:
        print("\nstopping...", flush=True)
    finally:
        children = [("temporal", temporal)] if temporal is not None else []
        stop(children + [(service.name, service.process) for service in services if service.process is not None])


if __name__ == "__main__":
    main()
