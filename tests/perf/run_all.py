"""`make bench`: every benchmark in turn; one JSON object on stdout with each one's figures and targets."""

import json
import signal
import sys
import time
import traceback
from collections.abc import Callable
from types import FrameType, ModuleType
from typing import Any

from tests.perf import (
    along_the_way,
    chat_delivery,
    flows,
    frontend_budget,
    hostile_text,
    lighthouse,
    peak_hour,
    place_search,
    trip_search,
)
from tests.perf.calibration import calibration
from tests.perf.harness import BenchmarkResult, log

# Each benchmark is a module with NAME and run() -> BenchmarkResult; add new ones here.
BENCHMARKS: list[ModuleType] = [
    trip_search,
    place_search,
    along_the_way,
    chat_delivery,
    flows,
    peak_hour,
    hostile_text,
    frontend_budget,
    lighthouse,
]


def _stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)  # unwinds the benchmarks' context managers, which stop what they started


def run_benchmark(name: str, run: Callable[[], BenchmarkResult]) -> dict[str, Any]:
    started = time.monotonic()
    log(f"{name}: starting")
    try:
        report = run().as_json()
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        report = {"error": f"{type(error).__name__}: {error}", "targets": [], "targets_met": False}
    report["wall_s"] = round(time.monotonic() - started, 1)
    log(f"{name}: done in {report['wall_s']} s, targets met: {report['targets_met']}")
    return report


def main() -> int:
    """Every benchmark, or those named on the command line (`python -m tests.perf.run_all flows peak_hour`)."""
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    chosen = [module for module in BENCHMARKS if not sys.argv[1:] or module.NAME in sys.argv[1:]]
    # Timed first, on a machine the benchmarks have not yet loaded: every CPU figure is also given per calibrated core.
    calibrated = calibration().as_json()
    results = {module.NAME: run_benchmark(module.NAME, module.run) for module in chosen}
    for name, report in results.items():
        for target in report["targets"]:
            mark = "met" if target["met"] else "NOT met"
            log(f"{name}: {target['name']} = {target['actual']} (target {target['expected']}): {mark}")
    summary = {
        "calibration": calibrated,
        "benchmarks": results,
        "all_targets_met": all(report["targets_met"] for report in results.values()),
    }
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
