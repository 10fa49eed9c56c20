"""Every answer carries the browser's protections; the PWA's inline code is exactly what its policy allows; nginx's
copy of the headers is the app's."""

import re
from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from api.main import create_app
from api.security import headers
from api.security.headers import CONTENT_SECURITY_POLICY, HEADERS, STRICT_TRANSPORT_SECURITY, nginx_snippet, source_hash
from domain.envelope import Failure
from domain.rules import messages
from domain.rules.kyc import VendorStatus
from domain.settings import PROJECT_ROOT, Settings
from sandbox import kyc, linkedin
from sandbox.models import SandboxKycTransaction
from tests.api.conftest import make_client, random_mobile_number

DIST = PROJECT_ROOT / "web" / "dist"
SOURCE_INDEX = PROJECT_ROOT / "web" / "index.html"
DEPLOY = PROJECT_ROOT / "deploy"
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
INLINE_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)
STYLE_ATTRIBUTE = re.compile(r'\sstyle="([^"]*)"')


def directive(policy: str, name: str) -> list[str]:
    found = [part.split() for part in policy.split(";") if part.split() and part.split()[0] == name]
    assert len(found) == 1, (name, policy)
    return found[0][1:]


def assert_protected(answer: httpx.Response, policy: str = CONTENT_SECURITY_POLICY) -> None:
    for name, value in HEADERS:
        expected = policy if name == "Content-Security-Policy" else value
        assert answer.headers.get_list(name) == [expected], name
    assert "server" not in answer.headers


def test_the_policy_is_strict_where_it_matters() -> None:
    assert directive(CONTENT_SECURITY_POLICY, "default-src") == ["'self'"]
    assert directive(CONTENT_SECURITY_POLICY, "frame-ancestors") == ["'none'"]
    assert directive(CONTENT_SECURITY_POLICY, "object-src") == ["'none'"]
    for name in ("script-src", "style-src"):
        sources = directive(CONTENT_SECURITY_POLICY, name)
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources and "*" not in sources
    assert directive(CONTENT_SECURITY_POLICY, "img-src") == [
        "'self'",
        "data:",
        "blob:",
        "https://tile.openstreetmap.org",
    ]
    assert "geolocation=(self)" in headers.PERMISSIONS_POLICY
    assert "camera=()" in headers.PERMISSIONS_POLICY


async def test_an_api_answer_and_a_refusal_carry_the_headers_and_no_hsts_over_http(app: FastAPI) -> None:
    async with make_client(app, csrf=False) as browser:
        read = await browser.get("/api/auth/session")
        refused = await browser.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})
    assert refused.status_code == 403
    for answer in (read, refused):
        assert_protected(answer)
        assert "strict-transport-security" not in answer.headers


async def test_over_https_the_answer_carries_hsts(app: FastAPI) -> None:
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 50000))
    async with httpx.AsyncClient(transport=transport, base_url="https://humsafar.example") as browser:
        answer = await browser.get("/api/auth/session")
    assert answer.headers["strict-transport-security"] == STRICT_TRANSPORT_SECURITY
    assert_protected(answer)


async def test_the_docs_page_may_run_its_own_inline_script_and_swagger_from_its_cdn(app: FastAPI) -> None:
    async with make_client(app) as browser:
        answer = await browser.get("/api/docs")
    assert answer.status_code == 200
    policy = answer.headers["content-security-policy"]
    scripts = INLINE_SCRIPT.findall(answer.text)
    assert scripts
    assert set(map(source_hash, scripts)) <= set(directive(policy, "script-src"))
    assert headers.DOCS_ASSETS in directive(policy, "script-src")
    assert headers.DOCS_ASSETS in directive(policy, "style-src")
    assert "'unsafe-inline'" not in policy
    assert directive(policy, "frame-ancestors") == ["'none'"]
    assert answer.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    ("page", "policy"),
    [
        (
            kyc.widget_page(
                SandboxKycTransaction(transaction_id="tx-1</script>", application_status=VendorStatus.STARTED)
            ),
            kyc.WIDGET_POLICY,
        ),
        (
            linkedin.consent_page(
                linkedin.SandboxConsent(
                    client_id="c",
                    redirect_uri="https://humsafar.example/linkedin/callback",
                    response_type="code",
                    scope="openid",
                    state="s",
                    code_challenge="x" * 43,
                    code_challenge_method="S256",
                    member_name="Asha",
                )
            ),
            linkedin.CONSENT_POLICY,
        ),
    ],
    ids=["kyc-widget", "linkedin-consent"],
)
def test_a_sandbox_vendor_page_runs_exactly_its_own_inline_script_and_style(page: str, policy: str) -> None:
    assert [source_hash(script) for script in INLINE_SCRIPT.findall(page)] == directive(policy, "script-src")[1:]
    assert [source_hash(style) for style in INLINE_STYLE.findall(page)] == directive(policy, "style-src")[1:]
    assert directive(policy, "frame-ancestors") == ["'none'"]
    assert policy.endswith("; ".join(headers.LOCKDOWN)), "a vendor page is locked down as the app's pages are"


@pytest.fixture(scope="module")
async def web_app(api_settings: Settings) -> AsyncIterator[FastAPI]:
    assert (DIST / "index.html").is_file(), "build the web app first: make build"
    application = create_app(api_settings.model_copy(update={"web_dist_dir": DIST}))
    async with application.router.lifespan_context(application):
        yield application


async def test_the_pwa_pages_and_files_carry_the_headers(web_app: FastAPI) -> None:
    async with make_client(web_app) as browser:
        for path in ("/", "/home", "/sw.js", "/manifest.webmanifest", "/no/such/page"):
            answer = await browser.get(path)
            assert answer.status_code == 200, path
            assert_protected(answer)


def test_every_inline_script_and_style_of_the_built_page_is_allowed_by_its_hash() -> None:
    """A change to index.html's inline code (or to the boot script web/vite.config.ts writes) must be a change to
    api/security/headers.py; this names the hash to put there."""
    page = (DIST / "index.html").read_text()
    scripts = [source_hash(script) for script in INLINE_SCRIPT.findall(page)]
    assert scripts == list(headers.INDEX_SCRIPT_HASHES)
    styles = [source_hash(style) for style in INLINE_STYLE.findall(page)]
    assert styles == list(headers.INDEX_STYLE_HASHES)
    attributes = [source_hash(style) for style in STYLE_ATTRIBUTE.findall(page)]
    assert attributes == list(headers.INDEX_STYLE_ATTRIBUTE_HASHES)
    # The first frame's script is the source's, word for word (so the hash is known before a build).
    source = SOURCE_INDEX.read_text()
    assert source_hash(INLINE_SCRIPT.findall(source)[0]) == headers.INDEX_SCRIPT_HASHES[0]


def test_nginx_sends_the_same_headers_on_the_files_it_serves() -> None:
    assert (DEPLOY / "security-headers.conf").read_text() == nginx_snippet()
    for name, value in HEADERS:
        assert f'add_header {name} "{value}" always;' in nginx_snippet()
    nginx = (DEPLOY / "nginx.conf").read_text()
    assert f'https   "{STRICT_TRANSPORT_SECURITY}";' in nginx
    # Every location that adds a header of its own (and so inherits none) includes the snippet.
    for location in re.findall(r"location [^{]+\{[^}]*\}", nginx):
        if "add_header" in location:
            assert "include /etc/nginx/snippets/security-headers.conf;" in location, location
    assert nginx.count("include /etc/nginx/snippets/security-headers.conf;") == 4
    assert "COPY deploy/security-headers.conf /etc/nginx/snippets/security-headers.conf" in (
        (DEPLOY / "web.Dockerfile").read_text()
    )


async def test_a_json_body_over_64_kb_is_refused_as_it_arrives(app: FastAPI) -> None:
    padding = "x" * (64 * 1024)
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        declared = await browser.post("/api/user/feedback", json={"padding": padding})

        async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted as the bytes arrive
            yield b'{"padding": "'
            for _ in range(80):
                yield b"x" * 1024
            yield b'"}'

        streamed = await browser.post(
            "/api/user/feedback", content=chunks(), headers={"Content-Type": "application/json"}
        )
        small = await browser.post("/api/auth/otp", json={"mobile_number": random_mobile_number()})
    for answer in (declared, streamed):
        assert answer.status_code == 413
        assert answer.json() == Failure(message=messages.REQUEST_TOO_LARGE).model_dump()
        assert_protected(answer)
    assert "content-length" not in streamed.request.headers
    assert small.status_code == 200


async def test_the_avatar_and_the_chat_upload_take_more_than_64_kb(app: FastAPI) -> None:
    """Past the JSON cap, each reaches its own route: the avatar's image check, the upload's own checks."""
    async with make_client(app) as browser:
        await browser.get("/api/auth/session")
        avatar = await browser.put("/api/user/user", json={"profile_image_base64": "A" * (200 * 1024)})
        upload = await browser.post(
            "/api/chat/message/document", files={"file": ("a.pdf", b"%PDF" + b"0" * (200 * 1024), "application/pdf")}
        )
        too_big_avatar = await browser.put(
            "/api/user/user", content=b"0" * 100, headers={"Content-Length": str(20 * 1024 * 1024)}
        )
    assert avatar.status_code == 401  # not signed in: the route answered, the body was not refused
    assert upload.status_code == 401
    assert too_big_avatar.status_code == 413
