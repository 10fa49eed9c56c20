from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column
from domain.rules.limits import TRIP_NOTE_MAX_LENGTH


class JoinNote(Base):
    """A host's or a member's note on a move of a join request (a decision, leaving, taking the request back),
    written by the API before it asks the request's flow to make the move. The flow is given only the note's id; its
    activity reads the words here, so they never reach the flow's history (docs/architecture.md, Flows)."""

    __tablename__ = "join_notes"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    passenger_id: Mapped[int] = mapped_column(ForeignKey("trip_passengers.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    note: Mapped[str] = mapped_column(String(TRIP_NOTE_MAX_LENGTH))
    created_at: Mapped[datetime] = created_at_column()
