"""A network rider's order (docs/interop.md, "A network rider"): the join request a buyer app's `confirm` made, and
the order's flow that tells the buyer app what became of it."""

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class NetworkOrder(Base):
    """One confirmed order: the passenger row and its request's number, the confirm that made it, and which of the
    order's flows (workflows/beckn/contracts.py beckn_order_workflow_id) answers it."""

    __tablename__ = "network_orders"
    __table_args__ = (UniqueConstraint("passenger_id", "request_number", name="uq_network_orders_passenger_request"),)

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    passenger_id: Mapped[int] = mapped_column(ForeignKey("trip_passengers.id", ondelete="CASCADE"))
    request_number: Mapped[int] = mapped_column(SmallInteger)
    confirm_id: Mapped[int] = mapped_column(ForeignKey("beckn_messages.id", ondelete="CASCADE"), unique=True)
    transaction_id: Mapped[str] = mapped_column(String(100), index=True)
    order_round: Mapped[int] = mapped_column(SmallInteger)
    created_at: Mapped[datetime] = created_at_column()
