"""The browser's protections on every answer, as a pure ASGI middleware, and the one place their values are written.

nginx serves the PWA's files itself in the compose stack; deploy/security-headers.conf holds the same values for
those answers, written by `python -m api.security.headers > deploy/security-headers.conf` and held equal to this
module by tests/api/test_security_headers.py.

The PWA's policy (every answer of the app and the API):
- scripts: our own files and index.html's two inline scripts (the first frame's and the boot's), by their hashes;
  both are the same text in every build (web/vite.config.ts), so a change to either is a change here, which the
  test names.
- styles: our own files, index.html's inline first-frame style and its two style attributes, by their hashes.
- images: our own (avatars under /api/media, icons), data: (preset avatars, Leaflet's and the sandbox vendors'
  images), blob: (an avatar's preview before upload) and OpenStreetMap's tiles.
- connections: our own origin only (the API, the chat socket, the service worker's calls).
- nothing may frame the app, no plugins, no <base>, forms post to our own origin.

Pages the server writes under /api carry their own policy: the sandbox vendors' pages set theirs (sandbox/web.py), and
the API's docs page (Swagger UI) loads its script and style from jsDelivr and runs one inline script, allowed by
the hash of the script in the answer itself: that page repeats nothing from the request.
"""

import base64
import hashlib
import re
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# index.html's inline scripts and styles, by their hashes (tests/api/test_security_headers.py reads the built page).
INDEX_SCRIPT_HASHES = (
    "'sha256-odLeAr5zuI6mJ8yqXKusvc6MMH97YwhVTzAYPCEvJlw='",  # the first frame: the shell, the early answers
    "'sha256-fkK+4Ybhp9k8uqEC38r0YBYCWg49XnUTbbZniWCI8Qk='",  # the boot: the app's code once the frame is painted
)
INDEX_STYLE_HASHES = ("'sha256-/TTq11hH5fFMrE/NZxeOc/rV5CM3tITkcgLu2PTWeno='",)  # the first frame's <style>
INDEX_STYLE_ATTRIBUTE_HASHES = (
    "'sha256-7Y6IQrjXKFmLaTU0jyTlsS12iDnYeka+QNyr7ToGRCs='",  # style="width: 40%"
    "'sha256-E3y6RYDev0sFGS/6a1sO6OnMoxW+RE5GKYPcHS0yeDU='",  # style="width: 30%; height: 20px; margin: 4px 0 3.5px"
)
MAP_TILES = "https://tile.openstreetmap.org"

# What every page policy ends with: no plugins, no <base>, forms to ourselves, never framed.
LOCKDOWN = ("object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'")

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        " ".join(("script-src 'self'", *INDEX_SCRIPT_HASHES)),
        " ".join(("style-src 'self'", *INDEX_STYLE_HASHES, "'unsafe-hashes'", *INDEX_STYLE_ATTRIBUTE_HASHES)),
        f"img-src 'self' data: blob: {MAP_TILES}",
        "connect-src 'self'",
        *LOCKDOWN,
    )
)
REFERRER_POLICY = "strict-origin-when-cross-origin"  # OpenStreetMap's tile servers want to know the site asking
PERMISSIONS_POLICY = ", ".join(
    (
        "geolocation=(self)",  # "use my location" and the distance to a trip
        # Nothing else: identity verification runs on the vendor's own page (a navigation, not a frame).
        "camera=()",
        "microphone=()",
        "display-capture=()",
        "payment=()",
        "usb=()",
        "midi=()",
        "accelerometer=()",
        "gyroscope=()",
        "magnetometer=()",
    )
)
STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains"

# Every answer's, except Strict-Transport-Security, which only an HTTPS answer carries.
HEADERS = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", REFERRER_POLICY),
    ("Permissions-Policy", PERMISSIONS_POLICY),
)

DOCS_ASSETS = "https://cdn.jsdelivr.net"  # Swagger UI's script and style, as FastAPI's docs page loads them
DOCS_FAVICON = "https://fastapi.tiangolo.com"
INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)


def source_hash(text: str | bytes) -> str:
    """A CSP source allowing the inline script or style (or style attribute) with exactly this text."""
    data = text.encode() if isinstance(text, str) else text
    return f"'sha256-{base64.b64encode(hashlib.sha256(data).digest()).decode()}'"


def docs_policy(page: bytes) -> str:
    script_hashes = [source_hash(script) for script in INLINE_SCRIPT.findall(page)]
    return "; ".join(
        (
            "default-src 'self'",
            " ".join(("script-src 'self'", DOCS_ASSETS, *script_hashes)),
            f"style-src 'self' {DOCS_ASSETS}",
            f"img-src 'self' data: {DOCS_FAVICON}",
            *LOCKDOWN,
        )
    )


def nginx_snippet() -> str:
    """deploy/security-headers.conf: the same headers on the answers nginx makes itself (the PWA's files)."""
    lines = [
        "# The browser's protections on the answers nginx makes itself (the PWA's files). Written by",
        "# `python -m api.security.headers > deploy/security-headers.conf`; do not edit by hand.",
        "# Included by every location that serves files (add_header is not inherited by a location with its own).",
    ]
    lines += [f'add_header {name} "{value}" always;' for name, value in HEADERS]
    lines.append("# Empty (so not sent) unless the request came over HTTPS: see the map in nginx.conf.")
    lines.append("add_header Strict-Transport-Security $strict_transport_security always;")
    return "\n".join(lines) + "\n"


def _encoded(pairs: Iterable[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    return [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in pairs]


CSP_NAME = b"content-security-policy"
RAW_HEADERS = _encoded(HEADERS)
RAW_HSTS = _encoded([("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)])


def add_headers(message: Message, https: bool, policy: bytes | None = None) -> None:
    """The headers on an http.response.start message; its own Content-Security-Policy, if it has one, stays."""
    headers: list[tuple[bytes, bytes]] = list(message.get("headers", []))
    has_policy = any(name.lower() == CSP_NAME for name, _ in headers)
    for name, value in RAW_HEADERS:
        if name != CSP_NAME:
            headers.append((name, value))
        elif not has_policy:
            headers.append((name, policy or value))
    message["headers"] = headers + RAW_HSTS if https else headers


class SecurityHeadersMiddleware:
    """Adds the headers to every HTTP answer. An answer with a Content-Security-Policy of its own keeps it; the docs
    page's answer is held until it is complete, to allow its inline script by hash."""

    def __init__(self, app: ASGIApp, docs_path: str | None) -> None:
        self.app = app
        self.docs_path = docs_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"
        if scope["path"] == self.docs_path:
            await self.app(scope, receive, self.docs_sender(send, https))
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                add_headers(message, https)
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    def docs_sender(send: Send, https: bool) -> Send:
        held: list[Message] = []

        async def hold(message: Message) -> None:
            held.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                start, *body = held
                page = b"".join(part.get("body", b"") for part in body)
                add_headers(start, https, docs_policy(page).encode("latin-1"))
                for part in held:
                    await send(part)
                held.clear()

        return hold


if __name__ == "__main__":
    print(nginx_snippet(), end="")
