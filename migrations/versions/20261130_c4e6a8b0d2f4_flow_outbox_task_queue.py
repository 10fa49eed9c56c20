"""Flow outbox task queue

Each entry names the task queue of the deployment that wrote it, taken from its connection's `humsafar.task_queue`
setting (domain/db.py), so a relay delivers only its own deployment's entries; entries written before name none and
any relay delivers them.

Revision ID: c4e6a8b0d2f4
Revises: b8d0f2a4c6e8
Create Date: 2026-11-30 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "c4e6a8b0d2f4"
down_revision: str | None = "b8d0f2a4c6e8"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "flow_outbox",
        sa.Column(
            "task_queue",
            sa.String(200),
            server_default=sa.text("current_setting('humsafar.task_queue'::text, true)"),
            nullable=True,
        ),
    )


def downgrade() -> None:
    op.drop_column("flow_outbox", "task_queue")
