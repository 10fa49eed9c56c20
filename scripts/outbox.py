"""`python -m scripts.outbox [list | retry ID... | retry --all]`: the flow outbox's parked entries, for support.

An entry Temporal refused FLOW_OUTBOX_MAX_ATTEMPTS times is parked (worker/outbox/delivery.py): `list` shows each
with its last error and how many entries of its workflow id wait behind it; `retry` unparks the named ones (or all),
once their cause is mended, and the worker's relay delivers them, and those behind them, on its next round."""

import asyncio
import sys

from domain.db import create_engine, create_session_maker
from domain.settings import Settings, startup_settings
from worker.outbox.backlog import OutboxBacklog

USAGE = "usage: python -m scripts.outbox [list | retry ID... | retry --all]"


async def run(argv: list[str], settings: Settings) -> str:
    engine = create_engine(settings)
    backlog = OutboxBacklog(create_session_maker(engine))
    try:
        if argv in ([], ["list"]):
            lines = [
                f"{e.id}\t{e.workflow_id}\t{e.what}\t{e.attempts} refusals\tparked {e.parked_at:%Y-%m-%d %H:%M:%S %Z}"
                f"\t{e.waiting_behind} behind\t{e.last_error}"
                for e in await backlog.parked()
            ]
            return "\n".join(lines) or "no parked entries"
        if argv[:1] == ["retry"] and len(argv) > 1:
            ids = None if argv[1:] == ["--all"] else [int(entry_id) for entry_id in argv[1:]]
            return f"unparked: {await backlog.retry(ids)}"
    finally:
        await engine.dispose()
    raise SystemExit(USAGE)


def main(argv: list[str]) -> None:
    try:
        print(asyncio.run(run(argv, startup_settings())))
    except ValueError:
        raise SystemExit(USAGE) from None


if __name__ == "__main__":
    main(sys.argv[1:])
