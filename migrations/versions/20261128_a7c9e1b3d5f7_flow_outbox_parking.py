"""Flow outbox parking

An entry Temporal keeps refusing is parked (parked_at) after FLOW_OUTBOX_MAX_ATTEMPTS refusals instead of being
retried forever; the relay finds each workflow id's oldest entry by (workflow_id, id), so entries are delivered in
order per workflow id and a parked one holds back only its own.

Revision ID: a7c9e1b3d5f7
Revises: f1a3c5e7b9d2
Create Date: 2026-11-28 12:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "a7c9e1b3d5f7"
down_revision: str | None = "f1a3c5e7b9d2"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("flow_outbox", sa.Column("parked_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_flow_outbox_workflow_id_id", "flow_outbox", ["workflow_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_flow_outbox_workflow_id_id", table_name="flow_outbox")
    op.drop_column("flow_outbox", "parked_at")
