"""The migrations build exactly the schema the models describe: production's (migrations/) domain's models, the
sandbox's own (sandbox/migrations) its vendors' records in the `sandbox` schema. Each chain can be undone and redone,
and production's never creates a sandbox table."""

import os
import subprocess
import sys

from sqlalchemy import create_engine, inspect

from domain.settings import PROJECT_ROOT
from scripts.migrate import migration_chains

SANDBOX_TABLES = {
    "sms",
    "kyc_transactions",
    "linkedin_grants",
    "cab_bookings",
    "beckn_subscribers",
    "beckn_buyer_callbacks",
}


def run(*command: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True)


def tables(database_url: str) -> tuple[set[str], set[str]]:
    """The tables of production's schema and of the sandbox's."""
    engine = create_engine(database_url)
    try:
        found = inspect(engine)
        sandbox = set(found.get_table_names(schema="sandbox")) if found.has_schema("sandbox") else set()
        return set(found.get_table_names()), sandbox - {"alembic_version"}
    finally:
        engine.dispose()


def test_the_models_and_the_migrations_agree(database_url):
    env = {**os.environ, "DATABASE_URL": database_url}
    for chain in ([], ["-n", "sandbox"]):
        check = run("alembic", *chain, "check", env=env)
        assert check.returncode == 0, check.stdout + check.stderr


def test_production_has_one_head_and_the_sandbox_a_branch_of_its_own():
    production = run("alembic", "heads", env=dict(os.environ))
    sandbox = run("alembic", "-n", "sandbox", "heads", env=dict(os.environ))
    assert len(production.stdout.splitlines()) == 1, production.stdout + production.stderr
    assert "(sandbox)" not in production.stdout
    assert len(sandbox.stdout.splitlines()) == 1 and "(sandbox)" in sandbox.stdout, sandbox.stdout + sandbox.stderr


def test_a_deploy_migrates_production_alone_and_the_sandbox_after_it():
    assert [chain.config_ini_section for chain in migration_chains(sandbox=False)] == ["alembic"]
    assert [chain.config_ini_section for chain in migration_chains(sandbox=True)] == ["alembic", "sandbox"]


def test_the_migrations_can_be_undone_and_redone(tmp_path):
    from scripts.embedded import start_embedded_postgres

    url = start_embedded_postgres(tmp_path)
    env = {**os.environ, "DATABASE_URL": url, "SANDBOX": "true"}
    production_alone = run("alembic", "upgrade", "head", env=env)
    assert production_alone.returncode == 0, production_alone.stderr
    production, sandbox = tables(url)
    assert not {name for name in production if name.startswith("sandbox")} and sandbox == set()

    for step in ("upgrade", "downgrade", "upgrade"):
        done = run("scripts.migrate", step, env=env)
        assert done.returncode == 0, done.stderr
        production, sandbox = tables(url)
        assert sandbox == (SANDBOX_TABLES if step == "upgrade" else set())
        assert (production == {"alembic_version"}) == (step == "downgrade")
