"""The flows' steps are the worker's activities, and the names that still cross layers as strings are registered.

Flows call their steps by reference (workflows/<flow>/contracts.py declares them, activities/ implements them): an
import error or mypy catches a misspelt step. What they cannot see is checked here: that the worker registers each
declared step with its implementation (not the interface's body) and nothing else, and that each step is called.
The API, the outbox and the activities still start, signal and update flows by name: those names are read from the
source and checked against the worker's workflows.
"""

import ast
import importlib
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncEngine
from temporalio import activity, workflow
from temporalio.client import Client

from domain.push import PushDestinations
from domain.rules.join import Move
from domain.settings import Settings
from worker.main import WORKFLOWS, worker_activities

ROOT = Path(__file__).resolve().parent.parent.parent
CALLERS = ("api", "domain", "activities", "workflows", "scripts", "worker")
STARTS = {"FlowStart", "ScheduleActionStartWorkflow"}
# Calls on a handle whose first argument names a signal, an update or a query.
HANDLE_CALLS = {"signal": "signals", "execute_update": "updates", "start_update": "updates", "query": "queries"}
# Handle calls whose name is no literal: the moves of a join request (every one an update), by a member or host in the
# API and by a network rider's cancel, and the relay, which sends the signals the contracts' FlowSignal name (checked
# on their own).
NAMED_ELSEWHERE = {
    ("api/joins/service/moves.py", "move"),
    ("activities/beckn/after_booking.py", "move"),
    ("worker/outbox/delivery.py", "entry.signal"),
}


def _parsed(paths: Iterator[Path]) -> Iterator[tuple[str, ast.Module]]:
    for path in sorted(paths):
        yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _sources() -> Iterator[tuple[str, ast.Module]]:
    for folder in CALLERS:
        yield from _parsed((ROOT / folder).rglob("*.py"))


def _calls(tree: ast.Module, names: set[str] | dict[str, str]) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            callee = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if callee in names:
                yield node


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def registered_workflows() -> dict[str, workflow._Definition]:
    definitions = [workflow._Definition.must_from_class(cls) for cls in WORKFLOWS]
    return {d.name: d for d in definitions if d.name is not None}


def step_interfaces() -> list[type]:
    """The steps interface of each flow: the classes of workflows/<flow>/contracts.py with activity methods."""
    found = []
    for path in sorted((ROOT / "workflows").glob("*/contracts.py")):
        module = importlib.import_module(f"workflows.{path.parent.name}.contracts")
        found.extend(
            cls
            for _, cls in inspect.getmembers(module, inspect.isclass)
            if cls.__module__ == module.__name__ and _steps_of(cls)
        )
    return found


def _steps_of(interface: type) -> dict[str, Callable[..., Any]]:
    return {
        name: function
        for name, function in inspect.getmembers(interface, inspect.isfunction)
        if activity._Definition.from_callable(function) is not None
    }


def _called_steps() -> set[tuple[str, str]]:
    """(interface, step) of every `<Interface>.<step>` a flow's code names."""
    interfaces = {cls.__name__ for cls in step_interfaces()}
    return {
        (node.value.id, node.attr)
        for _, tree in _parsed((ROOT / "workflows").glob("*/workflow.py"))
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in interfaces
    }


async def test_the_worker_runs_each_declared_step_with_its_implementation_and_nothing_else(
    settings: Settings, engine: AsyncEngine, client: Client
) -> None:
    registered = {
        activity._Definition.must_from_callable(method).name: method
        for method in worker_activities(settings, engine, client, httpx.AsyncClient(), PushDestinations())
    }
    declared = {
        name: (interface, function)
        for interface in step_interfaces()
        for name, function in _steps_of(interface).items()
    }
    assert {"remind_trip", "apply_join_action", "make_commute_trips", "send_contact_notice"} <= declared.keys()
    assert registered.keys() ^ declared.keys() == set()
    for name, (interface, function) in declared.items():
        method = registered[name]
        assert isinstance(method.__self__, interface), f"{name} runs on {type(method.__self__).__name__}"
        assert method.__func__ is not function, f"{type(method.__self__).__name__} does not implement {name}"


def test_every_declared_step_is_called_by_a_flow() -> None:
    declared = {(interface.__name__, name) for interface in step_interfaces() for name in _steps_of(interface)}
    assert ("TripSteps", "remind_trip") in declared
    assert declared - _called_steps() == set()


def test_every_started_workflow_is_registered() -> None:
    started: dict[str, set[str]] = {}
    for path, tree in _sources():
        for call in _calls(tree, STARTS):
            name = _literal(call.args[0])
            assert name, f"{path}:{call.lineno}: a workflow started by a name this test cannot read"
            started.setdefault(name, set()).add(path)
    registered = registered_workflows()
    assert {"TripWorkflow", "CommuteDayWorkflow", "CommuteScheduleWorkflow"} <= started.keys()
    assert {name: where for name, where in started.items() if name not in registered} == {}
    # Every registered flow is started by a name somewhere (none is left without a way in).
    assert registered.keys() - started.keys() == set()


def test_every_signal_the_contracts_send_is_defined_by_its_flow() -> None:
    contracts = list(_parsed((ROOT / "workflows").glob("*/contracts.py")))
    # Each flow's id function (trip_workflow_id → TripWorkflow), read from the starts in the contracts.
    flow_of_id = {
        call.args[1].func.id: _literal(call.args[0])
        for _, tree in contracts
        for call in _calls(tree, {"FlowStart"})
        if isinstance(call.args[1], ast.Call) and isinstance(call.args[1].func, ast.Name)
    }
    registered = registered_workflows()
    sent = []
    for path, tree in contracts:
        for call in _calls(tree, {"FlowSignal"}):
            workflow_id, signal = call.args[0], _literal(call.args[1])
            assert isinstance(workflow_id, ast.Call) and isinstance(workflow_id.func, ast.Name) and signal, path
            sent.append((f"{path}:{call.lineno}", flow_of_id[workflow_id.func.id], signal))
    assert ("TripWorkflow", "cancel") in {(flow, signal) for _, flow, signal in sent}
    assert [(where, flow, s) for where, flow, s in sent if flow is None or s not in registered[flow].signals] == []


def test_every_signal_update_and_query_sent_by_name_is_defined() -> None:
    registered = registered_workflows()
    assert {str(move) for move in Move} <= registered["JoinRequestWorkflow"].updates.keys()
    for path, tree in _sources():
        for call in _calls(tree, HANDLE_CALLS):
            assert isinstance(call.func, ast.Attribute)
            if isinstance(call.func.value, ast.Name) and call.func.value.id == "signal":
                continue  # the standard library's signal.signal(SIGTERM, ...)
            kind = HANDLE_CALLS[call.func.attr]
            name = _literal(call.args[0])
            if name is None:
                assert (path, ast.unparse(call.args[0])) in NAMED_ELSEWHERE, f"{path}:{call.lineno}: {kind} unknown"
                continue
            assert any(name in getattr(d, kind) for d in registered.values()), f"{path}: {name} is defined by no flow"
