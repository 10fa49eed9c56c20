"""`python -m scripts.migrate [upgrade|downgrade]`: the schema, as `make run`, the tests and the benchmarks build it.

Production's migrations (migrations/, `alembic upgrade head`) always; with SANDBOX=true the sandbox vendors' own
(sandbox/migrations, `alembic -n sandbox upgrade head`: their tables in the `sandbox` schema) after them. `downgrade`
undoes both to the empty schema, the sandbox's first. A deploy (SANDBOX=false) runs production's alone, as the compose
file's migrate step does."""

import sys

from alembic import command
from alembic.config import Config

from domain.settings import PROJECT_ROOT, startup_settings

ALEMBIC_INI = PROJECT_ROOT / "alembic.ini"
SANDBOX_SECTION = "sandbox"


def migration_chains(sandbox: bool) -> list[Config]:
    """Production's chain, then the sandbox's when SANDBOX=true: the order they are applied in."""
    production = Config(ALEMBIC_INI)
    if not sandbox:
        return [production]
    return [production, Config(ALEMBIC_INI, ini_section=SANDBOX_SECTION)]


def upgrade(sandbox: bool) -> None:
    for chain in migration_chains(sandbox):
        command.upgrade(chain, "head")


def downgrade(sandbox: bool) -> None:
    for chain in reversed(migration_chains(sandbox)):
        command.downgrade(chain, "base")


def main(argv: list[str]) -> None:
    direction = argv[0] if argv else "upgrade"
    if direction not in {"upgrade", "downgrade"}:
        raise SystemExit("usage: python -m scripts.migrate [upgrade|downgrade]")
    sandbox = startup_settings().sandbox
    (upgrade if direction == "upgrade" else downgrade)(sandbox)


if __name__ == "__main__":
    main(sys.argv[1:])
