"""`python -m worker`: the worker process of the production deployment and of `make run`."""

import asyncio
import logging
import os
import sys

from domain.push import PushDestinations
from domain.sandbox import warn_if_sandbox
from domain.settings import startup_settings
from worker.main import run_worker


def main(push_destinations: PushDestinations | None = None) -> None:
    """push_destinations: where pushes may go; public addresses only unless given (tests/e2e give theirs)."""
    settings = startup_settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    warn_if_sandbox(settings.sandbox, logging.getLogger("humsafar.worker"))
    asyncio.run(run_worker(settings, push_destinations))
    # The worker has stopped cleanly. Leave without the interpreter's finalisation: the Temporal SDK's Rust runtime
    # keeps threads that may still call into Python while the interpreter tears down, which aborts the process
    # ("PyGILState_Release ... must be current") and turns a clean stop into exit code -6.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
