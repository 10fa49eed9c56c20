"""The built PWA as the API serves it: compressed copies by Accept-Encoding, hashed files cached for a year,
index.html and the service worker always revalidated."""

import gzip
import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from api.main import create_app
from api.web import accepted_encodings
from domain.envelope import Failure
from domain.settings import PROJECT_ROOT, Settings
from tests.api.conftest import BASE_URL

DIST = PROJECT_ROOT / "web" / "dist"
YEAR_IMMUTABLE = "public, max-age=31536000, immutable"


@pytest.fixture(scope="module")
async def web_app(api_settings: Settings) -> AsyncIterator[FastAPI]:
    assert (DIST / "index.html").is_file(), "build the web app first: make build"
    application = create_app(api_settings.model_copy(update={"web_dist_dir": DIST}))
    async with application.router.lifespan_context(application):
        yield application


@pytest.fixture
async def browser(web_app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=web_app, client=("127.0.0.1", 50000))
    async with httpx.AsyncClient(transport=transport, base_url=BASE_URL) as client:
        yield client


def entry_script() -> str:
    """The hashed entry chunk index.html loads, e.g. /assets/index-AbC123.js."""
    found = re.search(r'(?:src|href)="(/assets/index-[^"]+\.js)"', (DIST / "index.html").read_text())
    assert found, "index.html names no entry script"
    return found.group(1)


async def fetch_raw(client: httpx.AsyncClient, path: str, accept_encoding: str) -> tuple[httpx.Response, bytes]:
    """The answer and its body exactly as sent, without httpx undoing the content coding."""
    async with client.stream("GET", path, headers={"Accept-Encoding": accept_encoding}) as response:
        body = b"".join([chunk async for chunk in response.aiter_raw()])
    return response, body


async def test_hashed_script_is_sent_as_brotli_and_cached_for_a_year(browser: httpx.AsyncClient) -> None:
    path = entry_script()
    original = (DIST / path.lstrip("/")).read_bytes()
    response, body = await fetch_raw(browser, path, "gzip, deflate, br, zstd")
    assert response.status_code == 200
    assert response.headers["content-encoding"] == "br"
    assert response.headers["cache-control"] == YEAR_IMMUTABLE
    assert "accept-encoding" in response.headers["vary"].lower()
    assert response.headers["content-type"].startswith("text/javascript")
    assert body == (DIST / (path.lstrip("/") + ".br")).read_bytes()
    assert len(body) < len(original) / 2


async def test_hashed_script_is_sent_as_gzip_to_a_browser_without_brotli(browser: httpx.AsyncClient) -> None:
    path = entry_script()
    original = (DIST / path.lstrip("/")).read_bytes()
    for accept in ("gzip, deflate", "br;q=0, gzip;q=0.8"):
        response, body = await fetch_raw(browser, path, accept)
        assert response.status_code == 200
        assert response.headers["content-encoding"] == "gzip"
        assert response.headers["cache-control"] == YEAR_IMMUTABLE
        assert gzip.decompress(body) == original
        assert len(body) < len(original) / 2


async def test_hashed_script_is_sent_plain_when_no_coding_is_accepted(browser: httpx.AsyncClient) -> None:
    path = entry_script()
    response, body = await fetch_raw(browser, path, "identity")
    assert response.status_code == 200
    assert "content-encoding" not in response.headers
    assert response.headers["cache-control"] == YEAR_IMMUTABLE
    assert body == (DIST / path.lstrip("/")).read_bytes()


@pytest.mark.parametrize("path", ["/", "/index.html", "/home", "/trip/12"])
async def test_the_page_is_revalidated_and_compressed(browser: httpx.AsyncClient, path: str) -> None:
    response, body = await fetch_raw(browser, path, "gzip")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["content-encoding"] == "gzip"
    assert gzip.decompress(body) == (DIST / "index.html").read_bytes()


async def test_a_live_trip_page_is_not_indexed_and_the_others_are(browser: httpx.AsyncClient) -> None:
    live, _ = await fetch_raw(browser, "/t/some-token", "gzip")
    assert (live.status_code, live.headers["x-robots-tag"]) == (200, "noindex")
    home, _ = await fetch_raw(browser, "/home", "gzip")
    assert "x-robots-tag" not in home.headers


async def test_the_service_worker_is_revalidated_and_compressed(browser: httpx.AsyncClient) -> None:
    response, body = await fetch_raw(browser, "/sw.js", "br, gzip")
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["content-encoding"] == "br"
    assert body == (DIST / "sw.js.br").read_bytes()


def test_every_built_text_file_has_compressed_copies() -> None:
    texts = [path for path in DIST.rglob("*") if path.suffix in {".js", ".css", ".html"} and path.stat().st_size > 1024]
    assert texts
    missing = [str(path) for path in texts if not Path(f"{path}.br").is_file() or not Path(f"{path}.gz").is_file()]
    assert missing == []


def test_accept_encoding_parsing() -> None:
    assert accepted_encodings("gzip, deflate, br") == {"gzip", "deflate", "br"}
    assert accepted_encodings("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted_encodings("") == set()
    assert accepted_encodings("*") >= {"br", "gzip"}
    assert accepted_encodings("identity") == {"identity"}


async def test_the_page_answers_a_head_request(browser: httpx.AsyncClient) -> None:
    response = await browser.head("/login")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.content == b""


async def test_an_api_path_called_with_a_method_it_does_not_take_answers_405_with_the_ones_it_takes(
    browser: httpx.AsyncClient,
) -> None:
    answer = await browser.get("/api/auth/logout")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "POST"
    assert answer.json() == Failure(message="Method Not Allowed").model_dump()

    # A path whose methods come from several routes lists them all, for an unsafe method too.
    await browser.get("/api/auth/session")
    token = browser.cookies["csrf_token"]
    answer = await browser.patch("/api/user/user", headers={"X-CSRF-Token": token}, json={})
    assert answer.status_code == 405
    assert answer.headers["allow"] == "DELETE, GET, PUT"
    head = await browser.head("/api/notification/subscription")
    assert head.status_code == 405
    assert head.headers["allow"] == "DELETE, POST, PUT"


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/api/auth/logout", "POST"),
        ("/api/user/user", "DELETE, GET, PUT"),
        ("/api/trip/trip/12", "DELETE, GET, PUT"),
        ("/api/media/pictures/a/b.jpg", "GET"),
    ],
)
async def test_options_on_an_api_path_lists_every_method_it_takes(
    browser: httpx.AsyncClient, path: str, allowed: str
) -> None:
    answer = await browser.options(path)
    assert answer.status_code == 204
    assert answer.headers["allow"] == allowed


@pytest.mark.parametrize("method", ["GET", "OPTIONS", "HEAD"])
async def test_an_unknown_api_path_is_not_found_and_never_the_page(browser: httpx.AsyncClient, method: str) -> None:
    for path in ("/api", "/api/", "/api/no/such/thing"):
        answer = await browser.request(method, path)
        assert answer.status_code == 404, (method, path)
        assert "text/html" not in answer.headers.get("content-type", "")


def test_the_page_draws_its_first_frame_before_the_app_code_runs() -> None:
    """index.html holds the login page, the home page and the splash as plain HTML; the entry script is fetched from
    the start but run only after that frame has been painted."""
    page = (DIST / "index.html").read_text()
    assert '<div id="app-shell" aria-hidden="true">' in page
    assert "<h1>Login with your mobile number</h1>" in page
    assert "Welcome to Humsafar" in page
    entry = entry_script()
    assert f'<link rel="modulepreload" fetchpriority="low" crossorigin id="entry" href="{entry}">' in page
    assert f'<script type="module" crossorigin src="{entry}">' not in page
    boot = page[page.index("</html>") - 700 :]
    assert "import(document.getElementById('entry').href)" in boot
    assert "first-contentful-paint" in boot
