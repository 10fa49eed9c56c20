"""`make run`: the whole system on one machine.

Starts what is not configured elsewhere (PostgreSQL from its wheel, the Temporal dev server), applies the
migrations, then runs the worker and the API serving the PWA. Ctrl-C stops every child it started; the data
stays under the data directory for the next run.
"""

import os
import signal
import subprocess
import sys
import time
from types import FrameType

from domain.settings import Settings, startup_settings
from scripts.embedded import start_embedded_postgres, start_temporal_dev_server, wait_for_port

STOP_GRACE_SECONDS = 10


def migrate(env: dict[str, str]) -> None:
    subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], env=env, check=True)


def start_children(
    settings: Settings, env: dict[str, str], children: list[tuple[str, subprocess.Popen[bytes]]]
) -> None:
    """Starts Temporal (unless configured elsewhere), the worker and the API, recording each as it starts."""
    if settings.temporal_address is None:
        temporal = start_temporal_dev_server(
            settings.data_dir / "temporal.db",
            settings.temporal_port,
            settings.temporal_ui_port,
            log_file=settings.data_dir / "temporal.log",
        )
        children.append(("temporal", temporal))
        env["TEMPORAL_ADDRESS"] = f"127.0.0.1:{settings.temporal_port}"
    children.append(("worker", subprocess.Popen([sys.executable, "-m", "worker"], env=env)))
    api_command = [sys.executable, "-m", "uvicorn", "--factory", "api.main:create_app"]
    api_command += ["--host", settings.api_host, "--port", str(settings.api_port), "--proxy-headers"]
    # Chat frames are a few hundred bytes: compressing each costs more CPU (and memory per socket) than it saves.
    api_command += ["--ws-per-message-deflate", "false", "--no-server-header"]
    children.append(("api", subprocess.Popen(api_command, env=env)))


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
    env = dict(os.environ)
    if "public_app_url" not in settings.model_fields_set:
        # The app's own address, where its sandbox vendors answer and send people back (another API_PORT too).
        env["PUBLIC_APP_URL"] = f"http://localhost:{settings.api_port}"
    children: list[tuple[str, subprocess.Popen[bytes]]] = []
    try:
        if settings.database_url is None:
            env["DATABASE_URL"] = start_embedded_postgres(settings.data_dir)
        migrate(env)
        start_children(settings, env, children)
        wait_for_port(settings.api_host, settings.api_port, timeout_seconds=60)
        print_urls(settings, env)
        while all(process.poll() is None for _, process in children):
            time.sleep(0.5)
        failed = [name for name, process in children if process.poll() is not None]
        print(f"stopping: {', '.join(failed)} exited", flush=True)
    except KeyboardInterrupt:
        print("\nstopping...", flush=True)
    finally:
        stop(children)


if __name__ == "__main__":
    main()
