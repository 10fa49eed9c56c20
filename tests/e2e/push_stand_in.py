"""The API and the worker as the journeys run them: allowed to push to the stand-in push service on this machine
(tests/push_service.py) at the address E2E_PUSH_STAND_IN names (host:port). Test code only; a deployment runs
`api.main:create_app` and `python -m worker`, which push to public addresses only.

`uvicorn --factory tests.e2e.push_stand_in:create_app` serves the API; `python -m tests.e2e.push_stand_in` runs the
worker."""

import os

from fastapi import FastAPI

from api.main import create_app as create_api
from domain.push import PushDestinations
from worker.__main__ import main

STAND_IN_VARIABLE = "E2E_PUSH_STAND_IN"


def stand_in_destinations() -> PushDestinations:
    host, _, port = os.environ[STAND_IN_VARIABLE].rpartition(":")
    return PushDestinations({(host, int(port))})


def create_app() -> FastAPI:
    return create_api(push_destinations=stand_in_destinations())


if __name__ == "__main__":
    main(stand_in_destinations())
