"""One error type and one handler set: every failure leaves as the envelope, never as a stack trace."""

import logging
from typing import NoReturn, overload

import psycopg
from fastapi import FastAPI, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DataError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException

from domain.envelope import Failure
from domain.i18n.api_words import JSON_INVALID, TEXT_NOT_UNICODE, VALUE_NOT_STORABLE
from domain.rules import messages
from domain.rules.refusal import Refusal, RefusalKind

logger = logging.getLogger("humsafar.api")


# Every rule's refusal (domain/rules/refusal.py) is answered with the status of its kind.
REFUSAL_STATUS = {
    RefusalKind.INVALID: status.HTTP_400_BAD_REQUEST,
    RefusalKind.NOT_THEIRS: status.HTTP_403_FORBIDDEN,
    RefusalKind.TRIP_IN_PAST: status.HTTP_400_BAD_REQUEST,
    RefusalKind.NOT_ALLOWED_NOW: status.HTTP_409_CONFLICT,
    RefusalKind.TRIP_CANCELLED: status.HTTP_409_CONFLICT,
    RefusalKind.TRIP_FULL: status.HTTP_409_CONFLICT,
    RefusalKind.REQUEST_GONE: status.HTTP_409_CONFLICT,
    RefusalKind.NOT_FOUND: status.HTTP_404_NOT_FOUND,
    RefusalKind.UNAUTHENTICATED: status.HTTP_401_UNAUTHORIZED,
    RefusalKind.TOO_MANY: status.HTTP_429_TOO_MANY_REQUESTS,
    RefusalKind.TOO_LARGE: status.HTTP_413_CONTENT_TOO_LARGE,
    RefusalKind.UNAVAILABLE: status.HTTP_503_SERVICE_UNAVAILABLE,
}


class ApiError(Exception):
    """A business refusal on its way out: the rule's words and the status of its kind. Raised by `refuse`."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.message = refusal.message
        self.status_code = REFUSAL_STATUS[refusal.kind]


@overload
def refuse(refusal: Refusal) -> NoReturn: ...
@overload
def refuse(refusal: Refusal | None) -> None: ...
def refuse(refusal: Refusal | None) -> None:
    """The one way the API refuses: raises the rule's refusal, if there is one, answered with the status of its kind
    (REFUSAL_STATUS) and its words."""
    if refusal is not None:
        raise ApiError(refusal)


def failure_response(message: str, status_code: int, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(Failure(message=message).model_dump(), status_code=status_code, headers=headers)


def validation_message(error: RequestValidationError) -> str:
    """The first problem, in the spec's words when a validator gave them."""
    first = error.errors()[0]
    if first.get("type") == "value_error":
        cause = first.get("ctx", {}).get("error")
        if cause is not None:
            return str(cause)
    if first.get("type") == "json_invalid":
        return JSON_INVALID
    location = ".".join(str(part) for part in first.get("loc", ())[1:]) or "request"
    return f"{location}: {first.get('msg', 'is invalid')}"


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def handle_api_error(_: Request, error: ApiError) -> JSONResponse:
        return failure_response(error.message, error.status_code)

    @app.exception_handler(RequestValidationError)
    async def handle_validation_error(_: Request, error: RequestValidationError) -> JSONResponse:
        return failure_response(validation_message(error), status.HTTP_400_BAD_REQUEST)

    @app.exception_handler(StarletteHTTPException)
    async def handle_http_error(_: Request, error: StarletteHTTPException) -> JSONResponse:
        message = messages.NOT_FOUND if error.status_code == 404 else str(error.detail)
        return failure_response(message, error.status_code, getattr(error, "headers", None))

    @app.exception_handler(DataError)
    @app.exception_handler(psycopg.DataError)  # a statement run on psycopg's connection (domain/db.py)
    async def handle_unstorable_value(request: Request, error: DataError | psycopg.DataError) -> JSONResponse:
        cause = getattr(error, "orig", error)  # SQLAlchemy wraps the driver's error; psycopg's own comes bare
        logger.info("refused unstorable input %s %s: %s", request.method, request.url.path, cause)
        return failure_response(VALUE_NOT_STORABLE, status.HTTP_400_BAD_REQUEST)

    @app.exception_handler(OperationalError)
    @app.exception_handler(psycopg.OperationalError)  # a statement run on psycopg's connection (domain/db.py)
    @app.exception_handler(PoolTimeoutError)
    async def handle_database_unavailable(request: Request, error: Exception) -> JSONResponse:
        """PostgreSQL restarting, unreachable or too busy: a short-lived condition, answered 503 with a hint to
        retry, and handled here so the client's connection stays open (an unhandled error closes it)."""
        logger.warning("database unavailable %s %s: %s", request.method, request.url.path, error)
        return failure_response(messages.GENERIC_ERROR, status.HTTP_503_SERVICE_UNAVAILABLE, {"Retry-After": "1"})

    @app.exception_handler(UnicodeEncodeError)
    async def handle_lone_surrogate(request: Request, _: UnicodeEncodeError) -> JSONResponse:
        return failure_response(TEXT_NOT_UNICODE, status.HTTP_400_BAD_REQUEST)

    @app.exception_handler(Exception)
    async def handle_unexpected_error(request: Request, error: Exception) -> JSONResponse:
        request_id = getattr(request.state, "request_id", "-")
        logger.exception("unexpected error [request_id=%s] %s %s", request_id, request.method, request.url.path)
        return failure_response(
            messages.GENERIC_ERROR,
            status.HTTP_500_INTERNAL_SERVER_ERROR,
            headers={"X-Request-ID": request_id},
        )
