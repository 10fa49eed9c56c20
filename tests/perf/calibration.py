"""How fast this machine's cores are, so a CPU-per-operation figure reads the same on any machine.

Each `make bench` run starts by timing two fixed pieces of work on one core, in CPU time (not wall time, so other
jobs on a shared machine barely move it), best of CALIBRATION_ROUNDS:

- the Python loop: ten million additions in a pure-Python loop at a module's top level (the API, the worker and
  the load generator are Python);
- the SQL statement: PostgreSQL counting two million generated rows, as CPU of its backend process.

A calibrated core is the reference core both were timed on: REFERENCE_LOOP_S is the fast 2-vCPU phase the flow
figures were first taken in (docs/benchmarks.md); REFERENCE_SQL_S is the statement timed beside the loop on the same
kind of machine (0.200 s while the loop took 0.638 s, 28 November 2026) scaled to the reference loop. A core that
takes twice as long for the loop is half a calibrated core: one of its CPU milliseconds is half a calibrated
millisecond, and its rate per core is twice a calibrated core's.

PostgreSQL's CPU is scaled by the SQL statement's speed, Python processes' by the loop's, and Temporal (Go) by the
geometric mean of both.
"""

import functools
import math
import time
from dataclasses import asdict, dataclass
from typing import Any

import psutil
import psycopg

from tests.perf import harness
from tests.perf.harness import log

CALIBRATION_ROUNDS = 3
LOOP_ADDITIONS = 10_000_000
SQL_ROWS = 2_000_000
REFERENCE_LOOP_S = 0.55
REFERENCE_SQL_S = 0.17
POSTGRES = frozenset({"postgres", "sql"})
PYTHON = frozenset({"api", "worker", "load_generator"})


# At a module's top level, as the loop was first timed (`python -c`): its names are globals, not a function's locals.
LOOP = compile(f"total = 0\nfor number in range({LOOP_ADDITIONS}):\n    total += number\n", "<calibration>", "exec")


def _python_loop_s() -> float:
    started = time.process_time()
    exec(LOOP, {})  # noqa: S102 - a fixed piece of work, timed
    return time.process_time() - started


def _backend_cpu_s(process: psutil.Process) -> float:
    times = process.cpu_times()
    return float(times.user + times.system)


def _sql_statement_s(conninfo: str) -> float:
    with psycopg.connect(conninfo, autocommit=True) as connection:
        row = connection.execute("SELECT pg_backend_pid()").fetchone()
        assert row is not None
        backend = psutil.Process(int(row[0]))
        best = math.inf
        for _ in range(CALIBRATION_ROUNDS):
            before = _backend_cpu_s(backend)
            connection.execute("SELECT count(*) FROM generate_series(1, %s)", (SQL_ROWS,))
            best = min(best, _backend_cpu_s(backend) - before)
        return best


@dataclass(frozen=True)
class Calibration:
    python_loop_s: float
    sql_statement_s: float

    @property
    def python_core(self) -> float:
        """This machine's core in calibrated cores, for Python's work."""
        return REFERENCE_LOOP_S / self.python_loop_s

    @property
    def postgres_core(self) -> float:
        return REFERENCE_SQL_S / self.sql_statement_s

    def core_for(self, process: str) -> float:
        """This machine's core in calibrated cores, for the work of the named process (or group)."""
        if process in POSTGRES:
            return self.postgres_core
        if process in PYTHON:
            return self.python_core
        return math.sqrt(self.python_core * self.postgres_core)

    def cpu_ms(self, process: str, raw_ms: float) -> float:
        """Raw CPU milliseconds of the named process, in calibrated milliseconds."""
        return round(raw_ms * self.core_for(process), 2)

    def as_json(self) -> dict[str, Any]:
        return asdict(self) | {
            "python_core": round(self.python_core, 3),
            "postgres_core": round(self.postgres_core, 3),
            "reference": {"python_loop_s": REFERENCE_LOOP_S, "sql_statement_s": REFERENCE_SQL_S},
        }


@functools.cache
def calibration() -> Calibration:
    """This machine's calibration, timed once per run (on a PostgreSQL of its own, started and stopped here)."""
    loop_s = min(_python_loop_s() for _ in range(CALIBRATION_ROUNDS))
    with harness.temp_dir("humsafar-calibration-") as work, harness.embedded_postgres(work / "db") as database:
        sql_s = _sql_statement_s(harness.libpq_url(database.url))
    measured = Calibration(round(loop_s, 3), round(sql_s, 3))
    log(f"calibration: {measured.as_json()}")
    return measured


def calibrated_cpu_ms(raw: dict[str, float]) -> dict[str, float]:
    """Per-operation CPU figures by process name (e.g. {"api": 7.0, "postgres": 3.4}), in calibrated milliseconds."""
    timed = calibration()
    return {name: timed.cpu_ms(name, milliseconds) for name, milliseconds in raw.items()}


def stack_core(cpu_s: dict[str, float]) -> float:
    """This machine's core in calibrated cores for work shared by several processes (each one's CPU seconds by name),
    each weighted by its share: a wait that is the stack's CPU time, such as an action's latency at half capacity or
    a burst of timers, lasts this many times longer on a calibrated core."""
    timed = calibration()
    total = sum(cpu_s.values())
    return sum(seconds * timed.core_for(name) for name, seconds in cpu_s.items()) / total if total else 1.0
