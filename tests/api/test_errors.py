"""One envelope for every answer; no stack trace ever leaves the server."""

import logging

import pytest
from fastapi import APIRouter

from api.errors import REFUSAL_STATUS
from api.main import create_app
from domain.envelope import Failure
from domain.rules import messages
from domain.rules.refusal import RefusalKind
from tests.api.conftest import make_client


async def test_an_unknown_api_path_answers_the_envelope_with_404(client):
    answer = await client.get("/api/no/such/call")
    assert answer.status_code == 404
    assert answer.json() == Failure(message=messages.NOT_FOUND).model_dump()


async def test_a_body_that_is_not_json_answers_400_without_a_trace(client):
    answer = await client.post("/api/auth/otp", content=b"{not json", headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["status"] == "FAILURE"
    assert "Traceback" not in answer.text


async def test_a_wrong_type_answers_400(client):
    answer = await client.post("/api/auth/login", json={"otp": "abc", "login_token": "x"})
    assert answer.status_code == 400
    assert answer.json()["status"] == "FAILURE"


async def test_an_unexpected_error_answers_500_with_the_generic_message_and_is_logged(api_settings, caplog):
    app = create_app(api_settings)
    broken = APIRouter()

    @broken.get("/api/explode")
    async def explode() -> None:
        raise RuntimeError("secret internal detail")

    app.include_router(broken)
    app.router.routes.insert(0, app.router.routes.pop())
    async with app.router.lifespan_context(app), make_client(app) as browser:
        with caplog.at_level(logging.ERROR, logger="humsafar.api"):
            answer = await browser.get("/api/explode", headers={"X-Request-ID": "req-42"})
    assert answer.status_code == 500
    assert answer.json() == Failure(message=messages.GENERIC_ERROR).model_dump()
    assert "secret internal detail" not in answer.text
    assert any("req-42" in record.getMessage() for record in caplog.records)


async def test_openapi_has_readable_operation_ids(client):
    spec = (await client.get("/api/openapi.json")).json()
    operation_ids = {op["operationId"] for path in spec["paths"].values() for op in path.values()}
    assert {"auth-request_otp", "auth-login", "user-read_me", "user-update_me", "health-read_health"} <= operation_ids


@pytest.mark.parametrize("path", ["/", "/home", "/login/otp"])
async def test_without_a_built_web_app_the_pages_say_so(client, path):
    answer = await client.get(path)
    assert answer.status_code == 503


async def test_in_production_the_sandbox_outbox_does_not_exist(api_settings):
    production = create_app(api_settings.model_copy(update={"sandbox": False}))
    async with production.router.lifespan_context(production), make_client(production) as browser:
        answer = await browser.get("/api/sandbox/sms", params={"mobile_number": "9876543210"})
    assert answer.status_code == 404


async def test_every_answer_carries_a_request_id_even_a_refusal(app):
    async with make_client(app, csrf=False) as browser:
        given = await browser.get("/api/auth/session", headers={"X-Request-ID": "abc-123"})
        refused = await browser.post("/api/auth/otp", json={"mobile_number": "9876543210"})
    assert given.headers["X-Request-ID"] == "abc-123"
    assert len(refused.headers["X-Request-ID"]) == 32


def test_every_kind_of_refusal_has_its_status():
    assert set(REFUSAL_STATUS) == set(RefusalKind)
    assert all(400 <= status < 600 for status in REFUSAL_STATUS.values())
