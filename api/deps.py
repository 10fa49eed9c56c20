"""Dependencies declared once, so a route's signature reads like a sentence."""

from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio.client import Client

from api.errors import refuse
from api.security.cookies import session_cookie_name
from api.security.hashing import token_hash
from api.security.sessions import live_session
from domain.i18n.reading import note_profile_language
from domain.models import AuthSession, User
from domain.providers.cab import CabAggregatorClient
from domain.providers.kyc import HyperVergeClient
from domain.providers.linkedin import LinkedInOidc
from domain.providers.maps import MapsProvider
from domain.providers.sms import SmsProvider
from domain.providers.storage import MediaStorage
from domain.rules import messages
from domain.rules.refusal import unauthenticated
from domain.settings import Settings


async def get_settings_from_app(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(get_settings_from_app)]


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


async def get_db_session(request: Request) -> AsyncIterator[AsyncSession]:
    """The request owns the transaction, its one unit of work: committed when the handler returns, rolled back when
    it raises. The flow starts and signals it added (domain/flows.py) and the live events it told (domain/live.py)
    go out with its commit, before the answer leaves, and never with a rollback.

    A safe request changes nothing worth a transaction, so its statements run without one (no BEGIN and COMMIT
    round trips): the commonest calls, reading and searching trips, are served faster."""
    if request.method in SAFE_METHODS:
        async with request.app.state.reading_session_maker() as reading:
            yield reading
            if reading.new or reading.dirty or reading.deleted:
                await reading.commit()  # statements already committed themselves; only ORM changes wait for a flush
        return
    async with request.app.state.session_maker() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


# "function" scope: the transaction commits before the answer leaves, so a client never reads ahead of it.
SessionDep = Annotated[AsyncSession, Depends(get_db_session, scope="function")]


async def get_temporal(request: Request) -> Client:
    client: Client = await request.app.state.temporal.get()
    return client


TemporalDep = Annotated[Client, Depends(get_temporal)]


def part_of_the_app(name: str) -> Callable[[Request], Awaitable[Any]]:
    """A dependency answering one of the parts the lifespan built (app.state.<name>): storage, vendors, providers."""

    async def get(request: Request) -> Any:
        return getattr(request.app.state, name)

    get.__name__ = f"get_{name}"
    return get


StorageDep = Annotated[MediaStorage, Depends(part_of_the_app("storage"))]
MapsDep = Annotated[MapsProvider, Depends(part_of_the_app("maps"))]
CabAggregatorDep = Annotated[CabAggregatorClient, Depends(part_of_the_app("cab_aggregator"))]
KycVendorDep = Annotated[HyperVergeClient, Depends(part_of_the_app("kyc_vendor"))]
# For a call that opens short transactions of its own, apart from the request's (SessionDep).
SessionMakerDep = Annotated[async_sessionmaker[AsyncSession], Depends(part_of_the_app("session_maker"))]
LinkedInDep = Annotated[LinkedInOidc, Depends(part_of_the_app("linkedin"))]
SmsDep = Annotated[SmsProvider, Depends(part_of_the_app("sms_gateway"))]


async def client_ip(request: Request) -> str | None:
    return request.client.host if request.client else None


ClientIpDep = Annotated[str | None, Depends(client_ip)]


async def get_signed_in(request: Request, session: SessionDep) -> tuple[AuthSession, User | None]:
    """The live session named by the cookie and its user (None when the account is deleted), in one query."""
    token = request.cookies.get(session_cookie_name(request))
    row = None
    if token:
        query = (
            select(AuthSession, User)
            .outerjoin(User, (User.id == AuthSession.user_id) & User.deleted_at.is_(None))
            .where(*live_session(token_hash(token)))
        )
        row = (await session.execute(query)).first()
    if row is None:
        refuse(unauthenticated(messages.LOGIN_REQUIRED))
    note_profile_language(row[1].language if row[1] is not None else None)
    return row[0], row[1]


SignedInDep = Annotated[tuple[AuthSession, User | None], Depends(get_signed_in)]


async def note_reader_language(request: Request, session: SessionDep) -> None:
    """For a call open to anyone: the profile language of a reader who is signed in, so its words follow it as a
    signed-in call's do; a reader signed out reads the request's language or English."""
    token = request.cookies.get(session_cookie_name(request))
    if not token:
        return
    language = await session.scalar(
        select(User.language)
        .join(AuthSession, AuthSession.user_id == User.id)
        .where(*live_session(token_hash(token)), User.deleted_at.is_(None))
    )
    note_profile_language(language)


ReaderLanguageNoted = Depends(note_reader_language)


async def get_auth_session(signed_in: SignedInDep) -> AuthSession:
    return signed_in[0]


AuthSessionDep = Annotated[AuthSession, Depends(get_auth_session)]


async def get_current_user(signed_in: SignedInDep) -> User:
    user = signed_in[1]
    if user is None:
        refuse(unauthenticated(messages.LOGIN_REQUIRED))
    return user


CurrentUser = Annotated[User, Depends(get_current_user)]
