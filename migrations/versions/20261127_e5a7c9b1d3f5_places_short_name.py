"""Places are searched by their short name: the post office's disambiguating suffix ('(Bangalore)') left off

Revision ID: e5a7c9b1d3f5
Revises: d4f6a8b0c2e4
Create Date: 2026-11-27 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "e5a7c9b1d3f5"
down_revision: str | None = "d4f6a8b0c2e4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

SHORT_NAME = r"coalesce(nullif(btrim(regexp_replace(name, '\s*\([^()]*\)\s*$', '')), ''), name)"


def upgrade() -> None:
    column = sa.Column("short_name", sa.String(length=200), sa.Computed(SHORT_NAME, persisted=True), nullable=False)
    op.add_column("places", column)
    op.drop_index(
        "ix_places_name_trgm", table_name="places", postgresql_using="gin", postgresql_ops={"name": "gin_trgm_ops"}
    )
    op.create_index(
        "ix_places_short_name_trgm",
        "places",
        ["short_name"],
        unique=False,
        postgresql_using="gin",
        postgresql_ops={"short_name": "gin_trgm_ops"},
    )


def downgrade() -> None:
    op.drop_index(
        "ix_places_short_name_trgm",
        table_name="places",
        postgresql_using="gin",
        postgresql_ops={"short_name": "gin_trgm_ops"},
    )
    op.create_index(
        "ix_places_name_trgm",
        "places",
        ["name"],
        unique=False,
        postgresql_using="gin",
        postgresql_ops={"name": "gin_trgm_ops"},
    )
    op.drop_column("places", "short_name")
