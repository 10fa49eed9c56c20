"""Deleting an account (SPEC §3 User): at once, every session ends (and every open socket of the person closes) and
the mobile number is free for a new account; the pictures and personal fields are erased by a durable flow that
starts once the transaction commits."""

from sqlalchemy.ext.asyncio import AsyncSession

from api.security.sessions import revoke_all_sessions
from domain import clock
from domain.bus import close_sockets_of
from domain.flows import start_after_commit
from domain.models import User
from workflows.account_erasure.contracts import AccountErasureInput, account_erasure_start


async def delete_account(session: AsyncSession, user: User) -> None:
    image_keys = [key for key in (user.small_image_key, user.medium_image_key) if key]
    user.deleted_at = clock.now()
    user.mobile_number = None
    await revoke_all_sessions(session, user.id)
    await close_sockets_of(session, user.id)
    await session.flush()
    await start_after_commit(
        session, account_erasure_start(AccountErasureInput(user_id=user.id, image_keys=image_keys))
    )
