"""What a user tells us about the app (the Help and feedback screen): the parts it is about and a note, kept for the
team to read."""

from sqlalchemy.ext.asyncio import AsyncSession

from api.users.schemas import FeedbackCreate
from domain.models import Feedback, User


def keep_feedback(session: AsyncSession, user: User, body: FeedbackCreate) -> None:
    session.add(Feedback(user_id=user.id, services=body.services, features=body.features, note=body.note))
