"""Alembic runs on the same URL as the app (DATABASE_URL), with a synchronous psycopg connection."""

from alembic import context
from sqlalchemy import create_engine, pool

from domain.models import Base
from domain.settings import startup_settings

target_metadata = Base.metadata


def run_migrations() -> None:
    url = startup_settings().database_url
    if url is None:
        raise RuntimeError("DATABASE_URL is not set")
    engine = create_engine(url, poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, compare_type=True)
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
