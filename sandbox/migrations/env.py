"""The sandbox vendors' own migrations: their tables in the PostgreSQL schema `sandbox`, their revision in
sandbox.alembic_version, so production's migrations (migrations/) never see either. Run with `alembic -n sandbox`,
only with SANDBOX=true and after production's (scripts/migrate.py does both)."""

from alembic import context
from sqlalchemy import create_engine, pool, text

from domain.settings import startup_settings
from sandbox.models import SCHEMA, SandboxBase

target_metadata = SandboxBase.metadata


def only_the_sandbox_schema(name: str | None, type_: str, parent_names: object) -> bool:
    return type_ != "schema" or name == SCHEMA


def run_migrations() -> None:
    settings = startup_settings()
    if not settings.sandbox:
        raise RuntimeError("the sandbox vendors' tables are created only with SANDBOX=true")
    if settings.database_url is None:
        raise RuntimeError("DATABASE_URL is not set")
    engine = create_engine(settings.database_url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        # The revision table lives in the schema, so the schema is there before any revision runs.
        connection.execute(text(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}"))
        connection.commit()
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            version_table_schema=SCHEMA,
            include_schemas=True,
            include_name=only_the_sandbox_schema,
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
