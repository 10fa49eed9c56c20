"""The published ONDC mobility specification (TRV10 2.0.1) as a check of the messages Humsafar sends and receives.

`trv10-2.0.1-build.yaml` is an OpenAPI 3.0 document: each action's and callback's request body is a schema whose
`$ref`s point into its `components`. An OpenAPI 3.0 schema is JSON Schema draft 4 with a few words of its own: a
`nullable: true` beside a `type` lets `null` in too, and `discriminator`, `example`, `readOnly`, `writeOnly`, `xml`
and `externalDocs` are notes that restrict nothing (a draft 4 validator ignores words it does not know). So a body
is checked by draft 4 against the path's schema, with `nullable` rewritten and the document's components beside it.
"""

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml

REPO = Path(__file__).resolve().parents[2]
# The published specification is kept beside the repository (its README tells where each file comes from).
ONDC_DIR = Path(os.environ.get("ONDC_SPEC_DIR", REPO.parent / "shared" / "ondc"))
OPENAPI_DOCUMENT = ONDC_DIR / "trv10-2.0.1-build.yaml"
EXAMPLES_DIR = ONDC_DIR / "examples"

# The actions a provider platform receives, and the callbacks it sends.
REQUESTS = ("search", "select", "init", "confirm", "status", "track", "cancel", "update", "rating", "support")
CALLBACKS = tuple(f"on_{action}" for action in REQUESTS)

# At most this many reasons are listed when a message fails, the first ones by their place in the message.
REASONS_SHOWN = 12


class SpecViolation(AssertionError):
    """A message that the published specification refuses: each reason with the JSON path it is about."""


def assert_valid_callback(action: str, body: dict[str, Any]) -> None:
    """`action` is the callback's name (`on_select`, ...); raises SpecViolation when its schema refuses `body`."""
    if action not in CALLBACKS:
        raise ValueError(f"{action!r} is not a callback of the specification ({', '.join(CALLBACKS)})")
    _assert_valid(action, body)


def assert_valid_request(action: str, body: dict[str, Any]) -> None:
    """`action` is the request's name (`search`, `select`, ...); raises SpecViolation when its schema refuses `body`."""
    if action not in REQUESTS:
        raise ValueError(f"{action!r} is not a request of the specification ({', '.join(REQUESTS)})")
    _assert_valid(action, body)


def violations(action: str, body: Any) -> list[str]:
    """Every reason the schema of `/{action}` refuses `body`, as `$.json.path: reason`, in the message's order."""
    errors = sorted(_validator(action).iter_errors(body), key=lambda error: [str(step) for step in error.instance_path])
    return [f"{json_path(error.instance_path)}: {error.message}" for error in errors]


def assert_known_codes(action: str, body: dict[str, Any]) -> None:
    """Raises SpecViolation when a code of `body` is not in the network's lists for `action` (code_violations)."""
    reasons = code_violations(action, body)
    if reasons:
        listed = "\n".join(f"  {reason}" for reason in reasons)
        raise SpecViolation(f"/{action} has codes outside TRV10's lists (x-enum):\n{listed}")


def code_violations(action: str, body: Any) -> list[str]:
    """The codes of `body` that TRV10's lists (the document's `x-enum`, which the schemas do not enforce) do not hold:
    fulfillment and order states, payment terms, vehicle categories, cancellation reasons, fare lines. The city code
    is left out: the list names one city as an example, the network has hundreds."""
    lists = _document().get("x-enum", {}).get(action, {})
    found: list[str] = []
    context = body.get("context") if isinstance(body, dict) else None
    context_lists = {name: codes for name, codes in lists.get("context", {}).items() if name != "location"}
    _unlisted(context_lists, context, ["context"], found)
    _unlisted(lists.get("message", {}), body.get("message") if isinstance(body, dict) else None, ["message"], found)
    return found


def _unlisted(codes: Any, value: Any, steps: list[str | int], found: list[str]) -> None:
    """The code lists mirror the message, without the arrays' indexes: a list of codes is a leaf."""
    if isinstance(value, list):
        for index, element in enumerate(value):
            _unlisted(codes, element, [*steps, index], found)
    elif isinstance(codes, list):
        allowed = [entry["code"] for entry in codes]
        if value not in allowed:
            found.append(f"{json_path(steps)}: {value!r} is not one of {', '.join(map(str, allowed))}")
    elif isinstance(codes, dict) and isinstance(value, dict):
        for name, inner in codes.items():
            if name in value:
                _unlisted(inner, value[name], [*steps, name], found)


def read_example(path: Path) -> dict[str, Any]:
    """An official example, through JSON as a message travels (YAML's dates and numbers become what JSON carries)."""
    body: dict[str, Any] = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))
    return body


def first_example(action: str) -> dict[str, Any]:
    """The first official example of `action` (by file name)."""
    return read_example(sorted((EXAMPLES_DIR / action).glob("*.yaml"))[0])


def example_context(action: str) -> dict[str, Any]:
    """The context of `action`'s first official example: a request's context as a buyer app sends it."""
    context: dict[str, Any] = first_example(action)["context"]
    return context


def json_path(steps: list[str | int]) -> str:
    """`$.message.order.items[0].price` for the steps `message`, `order`, `items`, 0, `price`."""
    return "$" + "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in steps)


def json_schema(openapi_schema: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema draft 4: `nullable: true` becomes `null` among the allowed types (and
    among the allowed values of an `enum`); everything else is kept as it is."""
    if isinstance(openapi_schema, list):
        return [json_schema(item) for item in openapi_schema]
    if not isinstance(openapi_schema, dict):
        return openapi_schema
    schema = {key: json_schema(value) for key, value in openapi_schema.items() if key != "nullable"}
    if openapi_schema.get("nullable") is True:
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            schema["type"] = [*types, "null"]
        if "enum" in schema and None not in schema["enum"]:
            schema["enum"] = [*schema["enum"], None]
    return schema


def request_body_schema(document: dict[str, Any], action: str) -> dict[str, Any]:
    """The draft 4 schema of `/{action}`'s JSON request body, standing alone: the document's components go with it,
    at the same place, so that every `#/components/...` reference resolves."""
    try:
        body = document["paths"][f"/{action}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    except KeyError as missing:
        raise ValueError(f"the specification has no JSON request body for /{action}") from missing
    return {"allOf": [json_schema(body)], "components": json_schema(document.get("components", {}))}


def _assert_valid(action: str, body: dict[str, Any]) -> None:
    reasons = violations(action, body)
    if reasons:
        shown = "\n".join(f"  {reason}" for reason in reasons[:REASONS_SHOWN])
        more = f"\n  ... and {len(reasons) - REASONS_SHOWN} more" if len(reasons) > REASONS_SHOWN else ""
        raise SpecViolation(f"/{action} refuses the message ({OPENAPI_DOCUMENT.name}):\n{shown}{more}")


@cache
def _validator(action: str) -> jsonschema_rs.Draft4Validator:
    return jsonschema_rs.Draft4Validator(request_body_schema(_document(), action), validate_formats=True)


@cache
def _document() -> dict[str, Any]:
    if not OPENAPI_DOCUMENT.is_file():
        raise FileNotFoundError(f"the published TRV10 specification is not at {OPENAPI_DOCUMENT} (set ONDC_SPEC_DIR)")
    with OPENAPI_DOCUMENT.open(encoding="utf-8") as text:
        document: dict[str, Any] = yaml.safe_load(text)
    return document
