"""What the sandbox vendors' calls stand on, of their own: the API mounts this package (sandbox/mount.py) and this
package imports nothing of the API. A transaction a call, the app's settings, refusals answered in the app's failure
envelope, the documented answers of a page and of a refusal, and a page's own Content-Security-Policy."""

import base64
import hashlib
from collections.abc import AsyncIterator, Iterable
from typing import Annotated, Any

from fastapi import Depends, Request, status
from fastapi.responses import JSONResponse
from sqlalchemy.ext.asyncio import AsyncSession

from domain.envelope import Failure
from domain.settings import Settings


async def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_settings)]


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """One transaction a call, from the app's session maker: committed when the route returns, rolled back when it
    raises."""
    async with request.app.state.session_maker() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


# "function" scope: the vendor's record is committed before the answer leaves.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]


class SandboxRefusal(Exception):
    """A control's refusal (no such transaction, not waiting for that), answered in the app's failure envelope."""

    def __init__(self, message: str, status_code: int) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code


async def answer_refusal(_: Request, refusal: SandboxRefusal) -> JSONResponse:
    return JSONResponse(Failure(message=refusal.message).model_dump(), status_code=refusal.status_code)


REFUSALS = {
    status.HTTP_401_UNAUTHORIZED: "Refused: the caller's key is not the vendor's",
    status.HTTP_404_NOT_FOUND: "Refused: the vendor has no such transaction or booking",
    status.HTTP_409_CONFLICT: "Refused: the transaction or booking is not waiting for that",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a control for the refusals it can answer, each as the app's failure envelope."""
    return {code: {"model": Failure, "description": REFUSALS[code]} for code in codes}


def html_page(description: str) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route whose answer is an HTML page."""
    return {200: {"content": {"text/html": {}}, "description": description}}


def _source_hash(text: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def page_policy(scripts: Iterable[str] = (), styles: Iterable[str] = ()) -> str:
    """A vendor page's own Content-Security-Policy, which the app's security headers keep: its own origin and exactly
    these inline scripts and styles, no plugins, no <base>, forms to itself, never framed."""
    return "; ".join(
        (
            "default-src 'self'",
            " ".join(("script-src 'self'", *map(_source_hash, scripts))),
            " ".join(("style-src 'self'", *map(_source_hash, styles))),
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )
