"""Request bodies are capped before the app reads them, as a pure ASGI middleware: 64 KB, which every JSON call fits
in many times over, except the two uploads. A body over its cap is refused 413 with the product's words: at once when
its Content-Length says so, else as soon as the bytes that arrived pass the cap (a chunked body has no length).

- The avatar (PUT /api/user/user, a base64 image in JSON): the largest image domain/images.py decodes, in base64,
  plus the cap for the rest of the JSON.
- The chat's document upload: not capped here; it streams to storage and refuses a file over 50 MB itself
  (api/chat/uploads.py).
"""

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from api.errors import failure_response
from domain.images import MAX_DECODED_BYTES
from domain.rules import messages

JSON_MAX_BYTES = 64 * 1024
AVATAR_MAX_BYTES = MAX_DECODED_BYTES * 4 // 3 + 4 + JSON_MAX_BYTES
# (method, path) -> its cap; None: capped by its own route.
LIMITS: dict[tuple[str, str], int | None] = {
    ("PUT", "/api/user/user"): AVATAR_MAX_BYTES,
    ("POST", "/api/chat/message/document"): None,
}


class BodyTooLarge(Exception):
    pass


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, default_max_bytes: int = JSON_MAX_BYTES) -> None:
        self.app = app
        self.default_max_bytes = default_max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = LIMITS.get((scope["method"], scope["path"]), self.default_max_bytes)
        if limit is None:
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await refuse(scope, receive, send)
                return

        received = 0
        exceeded = False
        started = False

        async def counting_receive() -> Message:
            nonlocal received, exceeded
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    exceeded = True
                    raise BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            # Whatever the app answers to a body it could not finish reading, the answer is ours.
            if exceeded and not started:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if started:
                raise
        if exceeded and not started:
            await refuse(scope, receive, send)


async def refuse(scope: Scope, receive: Receive, send: Send) -> None:
    await failure_response(messages.REQUEST_TOO_LARGE, 413)(scope, receive, send)
