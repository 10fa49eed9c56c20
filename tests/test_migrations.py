"""The migrations build exactly the schema the models describe."""

import os
import subprocess
import sys

from domain.settings import PROJECT_ROOT


def test_the_models_and_the_migrations_agree(database_url):
    check = subprocess.run(
        [sys.executable, "-m", "alembic", "check"],
        cwd=PROJECT_ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr


def test_the_migrations_can_be_undone_and_redone(tmp_path):
    from scripts.embedded import start_embedded_postgres

    url = start_embedded_postgres(tmp_path)
    env = {**os.environ, "DATABASE_URL": url}
    for step in (["upgrade", "head"], ["downgrade", "base"], ["upgrade", "head"]):
        done = subprocess.run(
            [sys.executable, "-m", "alembic", *step], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
