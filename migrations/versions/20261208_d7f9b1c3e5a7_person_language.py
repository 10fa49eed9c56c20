"""A person's language, and notices stored as what happened so each is read in its reader's language

users.language: the language the app, its notices and its SMS speak to the person (en, hi or kn; none chosen reads
English). notifications.kind and params: which notice it is and what fills it (domain/notifications.py), so its title
and words are made in the reader's language when read; rows stored before keep only their English title and message.

Revision ID: d7f9b1c3e5a7
Revises: c6e8a0b2d4f6
Create Date: 2026-12-08 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "d7f9b1c3e5a7"
down_revision: str | None = "c6e8a0b2d4f6"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("language", sa.String(2), nullable=True))
    op.create_check_constraint(op.f("ck_users_language"), "users", "language IN ('en', 'hi', 'kn')")
    op.add_column("notifications", sa.Column("kind", sa.String(40), nullable=True))
    op.add_column("notifications", sa.Column("params", postgresql.JSONB(), nullable=True))


def downgrade() -> None:
    op.drop_column("notifications", "params")
    op.drop_column("notifications", "kind")
    op.drop_constraint(op.f("ck_users_language"), "users", type_="check")
    op.drop_column("users", "language")
