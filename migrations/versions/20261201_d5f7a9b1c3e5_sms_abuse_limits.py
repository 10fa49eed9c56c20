"""SMS that cannot be pumped: an incident's contacts kept when it is raised, a daily count of the SMS each number was
sent, a person's contact saves a day, and the one notice a new emergency contact is sent

Revision ID: d5f7a9b1c3e5
Revises: c4e6a8b0d2f4
Create Date: 2026-12-01 09:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "d5f7a9b1c3e5"
down_revision: str | None = "c4e6a8b0d2f4"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _moment(name: str) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=True)


def upgrade() -> None:
    op.create_table(
        "safety_incident_contacts",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("incident_id", sa.BigInteger(), nullable=False),
        sa.Column("position", sa.SmallInteger(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.ForeignKeyConstraint(
            ["incident_id"],
            ["safety_incidents.id"],
            name="fk_safety_incident_contacts_incident_id_safety_incidents",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_safety_incident_contacts"),
    )
    op.create_index("ix_safety_incident_contacts_incident_id", "safety_incident_contacts", ["incident_id"])
    # An incident that stands now tells the contacts its person has now, from here on.
    op.execute(
        "INSERT INTO safety_incident_contacts (incident_id, position, name, mobile_number) "
        "SELECT i.id, c.position, c.name, c.mobile_number FROM safety_incidents i "
        "JOIN emergency_contacts c ON c.user_id = i.user_id WHERE i.status <> 'resolved'"
    )

    op.add_column("safety_sms", _moment("counted_at"))
    op.add_column("safety_sms", _moment("withheld_at"))

    op.create_table(
        "emergency_contact_notices",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("message", sa.String(length=500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        _moment("counted_at"),
        _moment("withheld_at"),
        _moment("sent_at"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_emergency_contact_notices_user_id_users", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_emergency_contact_notices"),
    )
    op.create_index(
        "uq_emergency_contact_notices_user_id_mobile_number",
        "emergency_contact_notices",
        ["user_id", "mobile_number"],
        unique=True,
    )

    op.create_table(
        "emergency_contact_saves",
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("saves", sa.SmallInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_emergency_contact_saves_user_id_users", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "day", name="pk_emergency_contact_saves"),
    )

    op.create_table(
        "sms_daily_counts",
        sa.Column("mobile_number", sa.String(length=10), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("sent", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("mobile_number", "day", name="pk_sms_daily_counts"),
    )


def downgrade() -> None:
    op.drop_table("sms_daily_counts")
    op.drop_table("emergency_contact_saves")
    op.drop_index("uq_emergency_contact_notices_user_id_mobile_number", table_name="emergency_contact_notices")
    op.drop_table("emergency_contact_notices")
    op.drop_column("safety_sms", "withheld_at")
    op.drop_column("safety_sms", "counted_at")
    op.drop_index("ix_safety_incident_contacts_incident_id", table_name="safety_incident_contacts")
    op.drop_table("safety_incident_contacts")
