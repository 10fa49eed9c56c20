"""The OpenAPI document tells the truth about refusals: every route lists the refusals it can answer, each as the
failure envelope the error handlers send (api/errors.py), and never 422, since a request that fails validation is
answered 400."""

import json
from collections.abc import Callable, Collection, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.dependencies.utils import get_flat_params
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute, RouteContext, iter_route_contexts

from api.deps import SAFE_METHODS
from domain.envelope import Failure

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


def _dependencies(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for child in dependant.dependencies:
        if child.call is not None:
            yield child.call
        yield from _dependencies(child)


def _names_a_path_param(dependant: Dependant) -> bool:
    """Whether the route, or a dependency of it (one that loads the thing the path names), takes a path parameter."""
    return bool(dependant.path_params) or any(_names_a_path_param(child) for child in dependant.dependencies)


def _refusals_every_route_can_give(route: RouteContext, signed_in_only: Collection[Callable[..., Any]]) -> set[int]:
    """What every route can answer whatever it does: 400 for input that fails validation (never 422), 401 when it
    needs a signed-in user, 403 for a change without the app's CSRF token, 404 when its path names a thing that
    may not exist."""
    dependant = route.dependant
    codes = {400} if get_flat_params(dependant) or route.body_field else set()
    if any(call in signed_in_only for call in _dependencies(dependant)):
        codes.add(401)
    if (route.methods or set()) - SAFE_METHODS:
        codes.add(403)
    if _names_a_path_param(dependant):
        codes.add(404)
    return codes


def _failure_answer(code: int) -> dict[str, Any]:
    schema = {"$ref": "#/components/schemas/Failure"}
    return {"description": REFUSALS[code], "content": {"application/json": {"schema": schema}}}


def _refusal_as_json(code: str, answer: dict[str, Any]) -> None:
    """A refusal is JSON also where the route's own answer is an HTML page (FastAPI files every answer of such a
    route under text/html)."""
    content = answer.get("content", {})
    if code.isdigit() and int(code) >= 400 and "schema" in content.get("text/html", {}):
        content["application/json"] = content.pop("text/html")


def document_refusals(app: FastAPI, signed_in_only: Collection[Callable[..., Any]]) -> None:
    """Replaces the app's OpenAPI document with one that lists every refusal a route can answer. signed_in_only:
    the dependencies that refuse a caller who is not signed in (401)."""

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
                codes = _refusals_every_route_can_give(route, signed_in_only)
                if operation.get("parameters") or operation.get("requestBody"):
                    codes.add(400)
                for code in sorted(codes):
                    answers.setdefault(str(code), _failure_answer(code))
                for code, answer in answers.items():
                    _refusal_as_json(code, answer)
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        schemas.setdefault("Failure", Failure.model_json_schema(ref_template="#/components/schemas/{model}"))
        if "HTTPValidationError" not in json.dumps(paths):
            schemas.pop("HTTPValidationError", None)
            schemas.pop("ValidationError", None)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]
