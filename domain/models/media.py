from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base


class ProfileImageUploadWindow(Base):
    """A person's profile pictures sent in the hour that began at window_started_at (api/media/service.py
    ProfileImageUploads): one row a person, counted up atomically by every API process."""

    __tablename__ = "profile_image_upload_windows"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    window_started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    uploads: Mapped[int] = mapped_column(Integer)
