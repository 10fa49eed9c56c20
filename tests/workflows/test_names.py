"""The names that cross layers as strings are the names the worker registers.

The API, the outbox and the activities start, signal and update flows by name (workflows/<flow>/contracts.py), and the
flows call their activities by name: a typo there is no import error, only a flow that never starts or a task that
waits forever. This test reads those names from the source and checks each against the worker's registrations.
"""

import ast
from collections.abc import Iterator
from pathlib import Path

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
ACTIVITY_CALLS = {"execute_activity", "start_activity", "execute_local_activity", "start_local_activity"}
# The flows' own helpers that pass their first argument on as the activity's name (workflows/steps.py, cab_booking).
ACTIVITY_FORWARDERS = {"short_step", "_call"}
# Calls on a handle whose first argument names a signal, an update or a query.
HANDLE_CALLS = {
    "signal": "signals",
    "execute_update": "updates",
    "start_update": "updates",
    "query": "queries",
}
# Handle calls whose name is no literal, with every name they may pass and the flow they pass it to.
NAMED_ELSEWHERE = {("api/joins/moves.py", "move"): ("JoinRequestWorkflow", "updates", {str(m) for m in Move})}
# The outbox's relay sends the signals the contracts' FlowSignal name (checked by the second test).
RELAYED = {("domain/flows.py", "entry.signal")}


def _sources() -> Iterator[tuple[str, ast.Module]]:
    for folder in CALLERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def _strings(node: ast.expr, scope: ast.AST) -> set[str] | None:
    """The names an argument may be: a literal, either branch of `a if c else b`, or a local set to those. None for
    anything else (a parameter passed on: its callers are checked where they call)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _strings(node.body, scope), _strings(node.orelse, scope)
        return None if body is None or orelse is None else body | orelse
    if isinstance(node, ast.Name):
        found: set[str] = set()
        for assign in ast.walk(scope):
            if isinstance(assign, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == node.id for t in assign.targets
            ):
                names = _strings(assign.value, scope)
                if names is None:
                    return None
                found |= names
        return found or None
    return None


def _functions(tree: ast.Module) -> Iterator[tuple[ast.AST, ast.Call]]:
    """Every call with the function it is made in (the module for a call outside any)."""
    scopes: list[ast.AST] = [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)),
    ]
    seen: set[int] = set()
    for scope in reversed(scopes):  # innermost functions first, so each call is given its own function
        for node in ast.walk(scope):
            if isinstance(node, ast.Call) and id(node) not in seen:
                seen.add(id(node))
                yield scope, node


def registered_workflows() -> dict[str, workflow._Definition]:
    definitions = [workflow._Definition.must_from_class(cls) for cls in WORKFLOWS]
    return {d.name: d for d in definitions if d.name is not None}


def registered_activities(settings: Settings, engine: AsyncEngine, client: Client) -> set[str]:
    found = worker_activities(settings, engine, client, httpx.AsyncClient(), PushDestinations())
    return {name for f in found if (name := activity._Definition.must_from_callable(f).name) is not None}


def started_workflows() -> dict[str, set[str]]:
    """Each workflow name a FlowStart or a schedule's start names, with the files that name it."""
    found: dict[str, set[str]] = {}
    for path, tree in _sources():
        for scope, call in _functions(tree):
            if _callee(call) in {"FlowStart", "ScheduleActionStartWorkflow", "start_workflow", "execute_workflow"}:
                names = _strings(call.args[0], scope) if call.args else None
                if names is None and _callee(call) in {"start_workflow", "execute_workflow"}:
                    continue  # the outbox's relay starts what a FlowStart named
                assert names, f"{path}:{call.lineno}: a workflow started by a name this test cannot read"
                for name in names:
                    found.setdefault(name, set()).add(path)
    return found


def _contracts() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted((ROOT / "workflows").glob("*/contracts.py")):
        yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def workflow_of_id_functions() -> dict[str, str]:
    """The id function of each flow (trip_workflow_id → TripWorkflow), read from the starts in the contracts."""
    found: dict[str, str] = {}
    for call in (node for _, tree in _contracts() for node in ast.walk(tree)):
        if isinstance(call, ast.Call) and _callee(call) == "FlowStart":
            name, workflow_id = call.args[0], call.args[1]
            if isinstance(workflow_id, ast.Call) and isinstance(name, ast.Constant):
                found[str(_callee(workflow_id))] = str(name.value)
    return found


def sent_signals() -> list[tuple[str, str, str]]:
    """(where, workflow, signal) of each FlowSignal in the contracts, its flow known by its id function."""
    flows = workflow_of_id_functions()
    found = []
    for path, call in ((path, node) for path, tree in _contracts() for node in ast.walk(tree)):
        if isinstance(call, ast.Call) and _callee(call) == "FlowSignal":
            workflow_id, signal = call.args[0], call.args[1]
            assert isinstance(workflow_id, ast.Call) and isinstance(signal, ast.Constant), f"{path}:{call.lineno}"
            found.append((f"{path}:{call.lineno}", flows[str(_callee(workflow_id))], str(signal.value)))
    return found


def handle_calls() -> list[tuple[str, str, set[str] | None, str]]:
    """(where, kind, names or None, first argument's source) of each call on a handle naming a signal, an update or
    a query, outside the contracts' FlowSignal."""
    found = []
    for path, tree in _sources():
        for scope, call in _functions(tree):
            kind = HANDLE_CALLS.get(_callee(call) or "")
            if kind is None or not isinstance(call.func, ast.Attribute) or not call.args:
                continue
            if isinstance(call.func.value, ast.Name) and call.func.value.id == "signal":
                continue  # the standard library's signal.signal(SIGTERM, ...)
            found.append((path, kind, _strings(call.args[0], scope), ast.unparse(call.args[0])))
    return found


def called_activities() -> dict[str, set[str]]:
    """Each activity name a flow calls, with the files that call it."""
    found: dict[str, set[str]] = {}
    for path, tree in _sources():
        if not path.startswith("workflows/"):
            continue
        for scope, call in _functions(tree):
            callee = _callee(call)
            if (callee in ACTIVITY_CALLS or callee in ACTIVITY_FORWARDERS) and call.args:
                names = _strings(call.args[0], scope)
                if names is None:
                    argument = call.args[0]
                    parameters = {a.arg for a in scope.args.args} if isinstance(scope, ast.AsyncFunctionDef) else set()
                    assert isinstance(argument, ast.Name) and argument.id in parameters, (
                        f"{path}:{call.lineno}: an activity called by a name this test cannot read"
                    )
                    continue
                for name in names:
                    found.setdefault(name, set()).add(path)
    return found


def test_every_started_workflow_is_registered() -> None:
    started = started_workflows()
    registered = registered_workflows()
    assert {"TripWorkflow", "CommuteDayWorkflow", "CommuteScheduleWorkflow"} <= started.keys()
    assert {name: where for name, where in started.items() if name not in registered} == {}
    # Every registered flow is started by a name somewhere (none is left without a way in).
    assert registered.keys() - started.keys() == set()


def test_every_signal_sent_is_defined_by_its_flow() -> None:
    registered = registered_workflows()
    signals = sent_signals()
    assert ("TripWorkflow", "cancel") in {(flow, signal) for _, flow, signal in signals}
    assert [(where, flow, s) for where, flow, s in signals if s not in registered[flow].signals] == []


def test_every_signal_update_and_query_sent_by_name_is_defined() -> None:
    registered = registered_workflows()
    checked = 0
    for path, kind, names, argument in handle_calls():
        if names is None and (path, argument) in RELAYED:
            continue
        if names is None:
            assert (path, argument) in NAMED_ELSEWHERE, f"{path}: {kind} named by `{argument}`, unknown to this test"
            flow, expected_kind, names = NAMED_ELSEWHERE[(path, argument)]
            assert kind == expected_kind
            flows = [registered[flow]]
        else:
            flows = list(registered.values())
        for name in names:
            assert any(name in getattr(d, kind) for d in flows), f"{path}: {kind[:-1]} {name} is defined by no flow"
            checked += 1
    assert checked >= len(Move)


async def test_every_activity_a_flow_calls_is_registered(
    settings: Settings, engine: AsyncEngine, client: Client
) -> None:
    called = called_activities()
    registered = registered_activities(settings, engine, client)
    assert {"open_trip", "make_commute_trips", "open_commute_schedule", "close_commute_schedule"} <= called.keys()
    assert {name: where for name, where in called.items() if name not in registered} == {}
    # And the worker registers none that no flow calls.
    assert registered - called.keys() == set()


def test_a_misspelt_name_is_caught() -> None:
    """The reading above sees through a conditional and a local, and a name the worker lacks is told apart."""
    tree = ast.parse("async def run(c):\n    a = 'open_trip' if c else 'opne_trip'\n    await short_step(a)\n")
    ((scope, call),) = [(s, c) for s, c in _functions(tree) if _callee(c) == "short_step"]
    assert _strings(call.args[0], scope) == {"open_trip", "opne_trip"}
