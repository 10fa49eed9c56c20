"""PERF_PROFILE=1: where the API's and the worker's CPU goes under a benchmark's load, and what each flow costs
Temporal in tasks and history events.

py-spy samples each process's Python threads (RATE_HZ a second, without pausing them) into a collapsed-stack file
under .data/profiles/ (git-ignored; speedscope.app and flamegraph.pl open it). The summary counts each sample for
the function, and the package, it was in when taken (self time), and for the first frame of the app's own code
under it (which of our handlers, steps and activities the time was spent for). The Temporal SDK's core runs in
native threads py-spy does not see: the process's CPU time beyond the sampled seconds is that core (and C code).
"""

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from domain.settings import PROJECT_ROOT
from tests.perf.harness import log

ENABLED = os.environ.get("PERF_PROFILE") == "1"
PROFILE_DIR = PROJECT_ROOT / ".data" / "profiles"
PY_SPY = Path(sys.executable).parent / "py-spy"
RATE_HZ = 50
# The processes py-spy can read (Python ones); the API's are its uvicorn worker processes, under the one started.
PROFILED = {"api": True, "worker": False}
OWN_PACKAGES = frozenset({"api", "domain", "workflows", "activities", "worker"})
TOP = 15
HISTORY_SAMPLE = 20
FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*?):(?P<line>\d+)\)$")
COUNTED_EVENTS = {
    "workflow_tasks": EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
    "activity_tasks": EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED,
    # Each local activity's result, and each patch the flow checks, is a marker.
    "markers": EventType.EVENT_TYPE_MARKER_RECORDED,
    "timers": EventType.EVENT_TYPE_TIMER_STARTED,
    "signals": EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED,
    "updates": EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED,
    "children": EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED,
}


@dataclass
class Recording:
    """The collapsed-stack files of one profiled stretch, by process name."""

    files: dict[str, Path] = field(default_factory=dict)
    seconds: float = 0.0

    def summary(self) -> dict[str, Any]:
        return {"files": {name: str(path) for name, path in self.files.items()}} | {
            name: summarize(path, self.seconds) for name, path in self.files.items() if path.exists()
        }


@contextlib.contextmanager
def recording(pids: dict[str, int], label: str) -> Iterator[Recording | None]:
    """py-spy on the API and the worker while the block runs, when PERF_PROFILE=1; None otherwise."""
    if not ENABLED:
        yield None
        return
    PROFILE_DIR.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    result = Recording()
    samplers = []
    for name, with_subprocesses in PROFILED.items():
        path = PROFILE_DIR / f"{stamp}-{label}-{name}.txt"
        command = [str(PY_SPY), "record", "--pid", str(pids[name]), "--format", "raw", "--output", str(path)]
        command += ["--rate", str(RATE_HZ), "--nonblocking"] + (["--subprocesses"] if with_subprocesses else [])
        samplers.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
        result.files[name] = path
    started = time.monotonic()
    try:
        yield result
    finally:
        result.seconds = time.monotonic() - started
        for sampler in samplers:
            sampler.send_signal(signal.SIGINT)
        for sampler in samplers:
            _, errors = sampler.communicate(timeout=60)
            if sampler.returncode not in (0, -signal.SIGINT):
                log(f"py-spy exited {sampler.returncode}: {errors.decode(errors='replace')[-500:]}")
        log(f"profiles written: {', '.join(str(path) for path in result.files.values())}")


def _frames(stack: str) -> list[tuple[str, str]]:
    """(function, file) of each Python frame, outermost first; process and thread entries are left out."""
    frames = []
    for entry in stack.split(";"):
        match = FRAME.match(entry)
        if match:
            frames.append((match["function"], match["file"]))
    return frames


def _package(file: str) -> str:
    parts = Path(file).parts
    if not parts or parts[0] == "<frozen importlib._bootstrap>":
        return "other"
    top = parts[0].removesuffix(".py")
    # A process's entry point (worker/__main__.py) is under every frame: it says nothing of where the time went.
    return f"app:{top}" if top in OWN_PACKAGES and parts[-1] != "__main__.py" else top


def _shares(counter: Counter[str], total: int) -> list[list[Any]]:
    return [[key, round(100 * count / total, 1)] for key, count in counter.most_common(TOP)]


def summarize(path: Path, seconds: float) -> dict[str, Any]:
    """Shares (%) of the samples taken while a thread ran or waited for a CPU (py-spy cannot tell these apart; on a
    machine short of CPU the sampled seconds exceed the CPU seconds): by package and by function it was in (self),
    and by the innermost frame of the app's own code under it (what the app was doing, wherever the time went)."""
    by_package: Counter[str] = Counter()
    by_function: Counter[str] = Counter()
    by_own_code: Counter[str] = Counter()
    total = 0
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not count_text.isdigit():
            continue
        count = int(count_text)
        frames = _frames(stack)
        if not frames:
            continue
        total += count
        function, file = frames[-1]
        by_package[_package(file)] += count
        by_function[f"{function} ({file})"] += count
        own = [f"{name} ({where})" for name, where in frames if _package(where).startswith("app:")]
        by_own_code[own[-1] if own else "(none of the app's code)"] += count
    return {
        "samples": total,
        "sampled_busy_s": round(total / RATE_HZ, 1),
        "seconds": round(seconds, 1),
        "self_by_package_pct": _shares(by_package, max(total, 1)),
        "self_by_function_pct": _shares(by_function, max(total, 1)),
        "innermost_app_frame_pct": _shares(by_own_code, max(total, 1)),
    }


async def flow_histories(temporal_address: str, sample: int = HISTORY_SAMPLE) -> dict[str, Any]:
    """Per flow type: how many were started, and, over a sample of them, the mean workflow tasks, activity tasks,
    markers (local activities, patches), timers, signals, updates and history events each has had so far."""
    client = await Client.connect(temporal_address)
    ids: dict[str, list[str]] = {}
    started: Counter[str] = Counter()
    async for execution in client.list_workflows():
        started[execution.workflow_type] += 1
        ids.setdefault(execution.workflow_type, []).append(execution.id)
    counts: dict[str, Any] = {}
    for flow_type, every_id in sorted(ids.items()):
        workflow_ids = every_id[:: max(1, len(every_id) // sample)][:sample]
        totals: Counter[str] = Counter()
        for workflow_id in workflow_ids:
            history = await client.get_workflow_handle(workflow_id).fetch_history()
            totals["history_events"] += len(history.events)
            for name, event_type in COUNTED_EVENTS.items():
                totals[name] += sum(1 for event in history.events if event.event_type == event_type)
        counts[flow_type] = {"started": started[flow_type], "sampled": len(workflow_ids)} | {
            name: round(totals[name] / len(workflow_ids), 2) for name in ["history_events", *COUNTED_EVENTS]
        }
    return counts
