"""How fast this machine's cores are, so a CPU-per-operation figure reads the same on any machine.

Each `make bench` run starts by timing two fixed pieces of work on one core, in CPU time (not wall time, so other
jobs on a shared machine barely move it), best of CALIBRATION_ROUNDS:

- the SQL statement: PostgreSQL counting two million generated rows, as CPU of its backend process;
- the Python loop: ten million additions in a pure-Python loop at a module's top level.

A calibrated core is the reference core: REFERENCE_SQL_S is the statement timed on the fast 2-vCPU phase the flow
figures were first taken in (0.200 s while the loop took 0.638 s, 28 November 2026, scaled to that phase's loop,
REFERENCE_LOOP_S). A core that takes twice as long for the statement is half a calibrated core: one of its CPU
milliseconds is half a calibrated millisecond, and its rate per core is twice a calibrated core's.

Every process's CPU (the API, the worker, the load generator, Temporal and PostgreSQL alike) is scaled by the
statement's speed. The loop is timed and printed too, but it does not follow the stack: on 7 December 2026 the same
code ran twice on the same machine, at 04:00 (the loop 0.921 s, the statement 0.23 s) and at 06:35 (the loop 0.877 s,
the statement 0.43 s). The whole stack took 1.8 times the raw CPU a start the second time (API, worker and Temporal
alike, 1.8 to 2.1 times): the statement, which walks memory as a server does, moved with it (1.9 times) and the loop,
which stays in a core's caches, did not (0.95). Scaled by the statement, the two runs' CPU per start read 13.1 and
12.8 calibrated ms and their starts per calibrated core-second 56.4 and 54.6; scaled by the loop for Python, by the
statement for PostgreSQL and by both for Temporal, as before, they read 11.5 and 17.6 ms, 64.5 and 39.5.
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
        """The loop's speed in calibrated cores: printed for the record, not a ruler (see the module's docstring)."""
        return REFERENCE_LOOP_S / self.python_loop_s

    @property
    def core(self) -> float:
        """This machine's core in calibrated cores: the statement's speed."""
        return REFERENCE_SQL_S / self.sql_statement_s

    def cpu_ms(self, raw_ms: float) -> float:
        """Raw CPU milliseconds, in calibrated milliseconds."""
        return round(raw_ms * self.core, 2)

    def as_json(self) -> dict[str, Any]:
        return asdict(self) | {
            "core": round(self.core, 3),
            "python_core": round(self.python_core, 3),
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
    return {name: timed.cpu_ms(milliseconds) for name, milliseconds in raw.items()}
