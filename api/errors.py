"""One error type and one handler set: every failure leaves as the envelope, never as a stack trace."""

import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
from fastapi import FastAPI, Request, status
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_flat_params
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts
from sqlalchemy.exc import DataError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeoutError
from starlette.exceptions import HTTPException as StarletteHTTPException

from api.envelope import Failure
from domain.rules import messages

logger = logging.getLogger("humsafar.api")

# Input that passes validation but that the database cannot hold: a number beyond its columns (an id of 30 digits)
# or text with a NUL character. A refusal of the request, not a fault of the server.
VALUE_NOT_STORABLE = "The request has a number out of range or a character that is not allowed"
# JSON may escape half of a UTF-16 pair ("\ud800"); such text cannot be stored or sent back.
TEXT_NOT_UNICODE = "The request has text that is not valid Unicode"


class ApiError(Exception):
    """A business refusal with the spec's message and its HTTP status."""

    def __init__(self, message: str, status_code: int = status.HTTP_400_BAD_REQUEST) -> None:
        super().__init__(message)
        self.message = message
        self.status_code = status_code


REFUSALS: dict[int, str] = {
    400: "Refused: the input breaks a rule; the message says which, in the spec's words",
    401: "Refused: not signed in, or the session has ended",
    403: "Refused: the signed-in user may not do this, or the change did not come from the app (CSRF)",
    404: "Refused: there is no such thing, or it is not the user's to see",
    409: "Refused: the thing's current state does not allow it",
    413: "Refused: the upload is too large",
    429: "Refused: too many attempts; the message says when to try again",
    503: "Refused for now: a service behind the API is unavailable",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route for the refusals it can answer, each as the failure envelope."""
    return {code: {"model": Failure, "description": REFUSALS[code]} for code in codes}


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
        return "The request body is not valid JSON"
    location = ".".join(str(part) for part in first.get("loc", ())[1:]) or "request"
    return f"{location}: {first.get('msg', 'is invalid')}"


def _dependencies(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for child in dependant.dependencies:
        if child.call is not None:
            yield child.call
        yield from _dependencies(child)


def _refusals_every_route_can_give(route: RouteContext) -> set[int]:
    """What every route can answer whatever it does: 400 for input that fails validation (never 422), 401 when it
    needs a signed-in user, 403 for a change without the app's CSRF token, 404 when its path names a thing that
    may not exist."""
    from api import deps  # The dependencies import this module's error type.
    from api.trips.reader import get_trip_reader

    dependant = route.dependant
    codes = {400} if get_flat_params(dependant) or route.body_field else set()
    if any(call in {deps.get_signed_in, get_trip_reader} for call in _dependencies(dependant)):
        codes.add(401)
    if (route.methods or set()) - SAFE_METHODS:
        codes.add(403)
    if dependant.path_params:
        codes.add(404)
    return codes


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _failure_answer(code: int) -> dict[str, Any]:
    schema = {"$ref": "#/components/schemas/Failure"}
    return {"description": REFUSALS[code], "content": {"application/json": {"schema": schema}}}


def document_refusals(app: FastAPI) -> None:
    """The OpenAPI document lists every refusal a route can answer, as the failure envelope the handlers send, and
    never 422: a request that fails validation is answered 400."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = get_openapi(
            title=app.title,
            version=app.version,
            openapi_version=app.openapi_version,
            description=app.description,
            routes=app.routes,
        )
        paths = document.get("paths", {})
        for route in iter_route_contexts(app.routes):
            if not isinstance(route.original_route, APIRoute) or not route.include_in_schema:
                continue
            for method in route.methods or ():
                operation = paths[route.path_format][method.lower()]
                answers = operation.setdefault("responses", {})
                answers.pop("422", None)
                codes = _refusals_every_route_can_give(route)
                if operation.get("parameters") or operation.get("requestBody"):
                    codes.add(400)
                for code in sorted(codes):
                    answers.setdefault(str(code), _failure_answer(code))
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas.setdefault("Failure", Failure.model_json_schema(ref_template="#/components/schemas/{model}"))
        if "HTTPValidationError" not in json.dumps(paths):
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]


def install_error_handlers(app: FastAPI) -> None:
    document_refusals(app)

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
