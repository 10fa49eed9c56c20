"""Schemathesis over /api/openapi.json against a running API, signed in: every operation, valid and invalid input.

The default checks hold for every answer: no 5xx, only documented status codes and content types, bodies that match
the documented schema (the envelope), and invalid input refused with a 4xx."""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from api.main import create_app
from domain.settings import Settings
from tests.api.live import Person, api_process, running, service_environment, sign_in, worker_process

# Examples per operation and mode: about 40 operations, a positive and a negative run each, in about two minutes.
MAX_EXAMPLES = 12

# The default checks. Left out: positive_data_acceptance, since the product's rules (allowed characters, lengths
# after trimming, reasons some actions need, times in the future) answer 400 in the spec's words and the schema
# states them only in part; the route tests hold those rules. And the unsupported-method probes, held by their own
# test below.
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]

# Calls that end the fuzzing user's session: the next example needs a new user.
SESSION_ENDING = {("POST", "/api/auth/logout"), ("DELETE", "/api/user/user")}


@dataclass
class LiveApi:
    base_url: str
    person: Person

    def renew(self) -> None:
        self.person = sign_in(self.base_url)


@pytest.fixture(scope="module")
def live_api(database_url: str, temporal_address: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveApi]:
    data_dir = tmp_path_factory.mktemp("fuzz-data")
    environment = service_environment(database_url, temporal_address, data_dir)
    api = api_process(environment, data_dir / "api.log")
    with running(api, worker_process(environment, data_dir / "worker.log")):
        base_url = f"http://127.0.0.1:{api.port}"
        try:
            yield LiveApi(base_url, sign_in(base_url))
        finally:
            print(api.log())


def the_documented_api() -> dict[str, Any]:
    """The API's OpenAPI document as the app builds it; the live process serves the same at /api/openapi.json."""
    settings = Settings(_env_file=None, sandbox=True, web_dist_dir=Path("/nonexistent"))
    return create_app(settings).openapi()


DOCUMENT = the_documented_api()
schema = schemathesis.openapi.from_dict(DOCUMENT)
schema.config.generation.update(
    max_examples=MAX_EXAMPLES, modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], database="none"
)


def test_the_running_api_serves_the_document_under_test(live_api: LiveApi) -> None:
    served = httpx.get(f"{live_api.base_url}/api/openapi.json", timeout=30)
    assert served.status_code == 200
    assert served.json() == DOCUMENT


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_every_operation_keeps_its_contract(case: schemathesis.Case, live_api: LiveApi) -> None:
    person = live_api.person
    response = case.call(base_url=live_api.base_url, cookies=person.cookies, headers=person.headers, timeout=30)
    if (case.method.upper(), case.path) in SESSION_ENDING and response.status_code == 200:
        live_api.renew()
    case.validate_response(response, checks=CHECKS)


def test_a_path_called_with_an_undeclared_method_answers_405_with_the_allowed_ones(live_api: LiveApi) -> None:
    """Unsupported methods: a GET of a POST-only path under /api must be 405 with Allow, not the SPA's 404."""
    answer = httpx.get(f"{live_api.base_url}/api/auth/logout", cookies=live_api.person.cookies, timeout=30)
    assert answer.status_code == 405
    assert answer.headers["allow"] == "POST"
    assert answer.json()["status"] == "FAILURE"
    # OPTIONS names every method of a path, also when they come from several routes.
    options = httpx.options(f"{live_api.base_url}/api/user/user", cookies=live_api.person.cookies, timeout=30)
    assert options.status_code == 204
    assert options.headers["allow"] == "DELETE, GET, PUT"
