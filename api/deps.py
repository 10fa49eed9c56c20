"""Dependencies declared once, so a route's signature reads like a sentence."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request, status
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.client import Client

from api.errors import ApiError
from api.security.cookies import session_cookie_name
from api.security.sessions import find_live_session
from domain.models import AuthSession, User
from domain.providers.sms import SandboxOutbox, SmsProvider
from domain.providers.storage import MediaStorage
from domain.rules import messages
from domain.settings import Settings


def get_settings_from_app(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_settings_from_app)]


async def get_db_session(request: Request) -> AsyncIterator[AsyncSession]:
    """The request owns the transaction: committed when the handler returns, rolled back when it raises."""
    async with request.app.state.session_maker() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


SessionDep = Annotated[AsyncSession, Depends(get_db_session)]


async def get_temporal(request: Request) -> Client:
    client: Client = await request.app.state.temporal.get()
    return client


TemporalDep = Annotated[Client, Depends(get_temporal)]


def get_storage(request: Request) -> MediaStorage:
    storage: MediaStorage = request.app.state.storage
    return storage


StorageDep = Annotated[MediaStorage, Depends(get_storage)]


def get_sms_provider(request: Request, session: SessionDep) -> SmsProvider:
    if request.app.state.settings.sandbox:
        return SandboxOutbox(session)
    provider: SmsProvider = request.app.state.sms_gateway
    return provider


SmsDep = Annotated[SmsProvider, Depends(get_sms_provider)]


def client_ip(request: Request) -> str | None:
    return request.client.host if request.client else None


ClientIpDep = Annotated[str | None, Depends(client_ip)]


async def get_auth_session(request: Request, session: SessionDep) -> AuthSession:
    token = request.cookies.get(session_cookie_name(request))
    auth_session = await find_live_session(session, token) if token else None
    if auth_session is None:
        raise ApiError(messages.LOGIN_REQUIRED, status.HTTP_401_UNAUTHORIZED)
    return auth_session


AuthSessionDep = Annotated[AuthSession, Depends(get_auth_session)]


async def get_current_user(session: SessionDep, auth_session: AuthSessionDep) -> User:
    user = await session.scalar(select(User).where(User.id == auth_session.user_id, User.deleted_at.is_(None)))
    if user is None:
        raise ApiError(messages.LOGIN_REQUIRED, status.HTTP_401_UNAUTHORIZED)
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]
