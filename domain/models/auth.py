from datetime import datetime

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from domain.models.base import Base, created_at_column


class AuthSession(Base):
    """A signed-in browser. The cookie holds a random token; only its SHA-256 is stored."""

    __tablename__ = "auth_sessions"

    token_hash: Mapped[bytes] = mapped_column(LargeBinary(32), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    user_agent: Mapped[str | None] = mapped_column(String(300))


class OtpChallenge(Base):
    """One code sent to one number, bound to the login_token handed to the client that asked for it."""

    __tablename__ = "otp_challenges"

    id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    login_token_hash: Mapped[bytes] = mapped_column(LargeBinary(32), unique=True)
    mobile_number: Mapped[str] = mapped_column(String(10), index=True)
    code_hash: Mapped[bytes] = mapped_column(LargeBinary(32))
    failed_attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    requester_ip: Mapped[str | None] = mapped_column(String(45), index=True)
    # Asked for by a browser that signed in as this number before (api/security/known_devices.py): its caps are its
    # own, apart from those of the addresses asking for the number (api/security/otp.py).
    from_known_device: Mapped[bool] = mapped_column(Boolean, default=False, server_default="false")
    created_at: Mapped[datetime] = created_at_column()
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    consumed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
