"""Browser journeys: the real API and worker as subprocesses, the built PWA, Debian's Chromium via Playwright."""

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Geolocation, Locator, Page, ViewportSize

from domain.settings import PROJECT_ROOT
from scripts.embedded import free_port, wait_for_port
from tests.e2e.axe import AXE, Audit
from tests.e2e.layout import PHONE_WIDTH, Layout
from tests.e2e.push_stand_in import STAND_IN_VARIABLE

CHROMIUM = Path("/usr/bin/chromium")
# A phone's screen, as the journeys see the app.
PHONE: ViewportSize = {"width": PHONE_WIDTH, "height": 844}
# Where the journeys' people are: Koramangala, Bengaluru.
KORAMANGALA: Geolocation = {"latitude": 12.9352, "longitude": 77.6245}
# The browser's language tag of each language the app speaks (web/src/i18n/languages.ts).
LANGUAGE_TAGS = {"en": "en-IN", "hi": "hi-IN", "kn": "kn-IN"}
# Where the app keeps the language chosen on the device (web/src/lib/storage.ts).
LANGUAGE_STORAGE_KEY = "humsafar.language"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without Chromium the journeys are skipped on a laptop, but in CI a missing browser is a failure."""
    if CHROMIUM.exists() or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is not installed (apt-get install chromium)")
    for item in items:
        if "e2e" in item.nodeid:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, object]) -> dict[str, object]:
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def push_stand_in_port() -> int:
    """The port the journeys' stand-in push service listens on (on 127.0.0.1): the only loopback address the API and
    the worker may push to (tests/e2e/push_stand_in.py)."""
    return free_port()


@pytest.fixture(scope="session")
def live_server(
    database_url: str, temporal_address: str, push_stand_in_port: int, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The API serving the built web app, and a worker, on the session's PostgreSQL and Temporal."""
    dist = PROJECT_ROOT / "web" / "dist"
    assert (dist / "index.html").exists(), "build the web app first: make build"
    port = free_port()
    data_dir = tmp_path_factory.mktemp("e2e-data")
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "TEMPORAL_ADDRESS": temporal_address,
        "TEMPORAL_TASK_QUEUE": "e2e",
        "DATA_DIR": str(data_dir),
        "SANDBOX": "true",
        # Every person of every journey signs in from this one machine's address.
        "OTP_SENDS_PER_IP_PER_HOUR": "100000",
        "API_PORT": str(port),
        # The sandbox vendors' pages send the browser back here, and the app calls them here.
        "PUBLIC_APP_URL": f"http://localhost:{port}",
        STAND_IN_VARIABLE: f"127.0.0.1:{push_stand_in_port}",
    }
    log = (data_dir / "server.log").open("wb")
    api = [sys.executable, "-m", "uvicorn", "--factory", "tests.e2e.push_stand_in:create_app", "--port", str(port)]
    api.append("--no-server-header")
    processes = [
        subprocess.Popen(api, cwd=PROJECT_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT),
        subprocess.Popen(
            [sys.executable, "-m", "tests.e2e.push_stand_in"],
            cwd=PROJECT_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        ),
    ]
    try:
        # The API answers once its start-up has loaded the gazetteer (some 15 s, longer on a busy machine).
        wait_for_port("127.0.0.1", port, timeout_seconds=120)
        yield f"http://localhost:{port}"
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=20)
        log.close()


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    return live_server


def screen_status(page: Page) -> Locator:
    """The screen's own status line: the app's offline banner is a status region too, always there and empty while
    the device is online."""
    return page.get_by_role("status").filter(has_text=re.compile(r"\S"))


def sandbox_code(base_url: str, mobile_number: str, timeout_seconds: float = 10.0) -> str:
    """The newest one-time code the sandbox SMS outbox holds for a number, waiting for it to arrive."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        answer = httpx.get(f"{base_url}/api/sandbox/sms", params={"mobile_number": mobile_number}, timeout=10)
        sent = answer.json()["data"]
        if sent:
            return str(sent[0]["code"])
        if time.monotonic() > deadline:
            raise AssertionError(f"no code was sent to {mobile_number} within {timeout_seconds} s")
        time.sleep(0.1)


@pytest.fixture
def audit() -> Audit:
    assert AXE.is_file(), f"{AXE} is missing: make install"
    return Audit()


def phone_in(browser: Browser, base_url: str, language: str, *, chosen: bool = False) -> BrowserContext:
    """A phone-sized browser at Koramangala whose device speaks the language: the locale gives navigator.languages
    and the Accept-Language of the page's own loads (the app's API calls name the app's language themselves). With
    `chosen`, the language is also the one picked in the app on this device (localStorage humsafar.language, set
    before the app's first script runs on the first visit)."""
    tag = LANGUAGE_TAGS[language]
    context = browser.new_context(
        base_url=base_url,
        viewport=PHONE,
        locale=tag,
        geolocation=KORAMANGALA,
        permissions=["geolocation"],
        reduced_motion="reduce",
    )
    if chosen:
        # Stored as the app stores it (JSON), once: a later choice in the app stands through reloads.
        key = json.dumps(LANGUAGE_STORAGE_KEY)
        value = json.dumps(json.dumps(language))
        context.add_init_script(f"localStorage.getItem({key}) === null && localStorage.setItem({key}, {value})")
    return context


@pytest.fixture
def layout() -> Layout:
    return Layout()
