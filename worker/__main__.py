"""`python -m worker`: the worker process of the production deployment and of `make run`."""

import asyncio
import logging

from domain.settings import get_settings
from worker.main import run_worker


def main() -> None:
    settings = get_settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(run_worker(settings))


if __name__ == "__main__":
    main()
