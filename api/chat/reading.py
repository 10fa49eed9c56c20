"""The chat screens' reads (SPEC §7 Chat): the chat list, one trip's chat, and a page of its history."""

from sqlalchemy.ext.asyncio import AsyncSession

from api.chat import service
from api.chat.access import require_chat_user
from api.chat.schemas import ChatHistory, ChatList, ChatPublic
from api.errors import refuse
from domain import clock
from domain.rules import messages
from domain.rules.refusal import not_found
from domain.settings import Settings
from domain.trip_completion import not_completed


async def chats_of(session: AsyncSession, settings: Settings, user_id: int, past: bool, page: int) -> ChatList:
    """The user's current chats (the trip is neither cancelled nor completed, by its expected duration as its flow
    completes it), or their past ones."""
    chats, has_more = await service.chat_list(
        session,
        user_id,
        past=past,
        page=page,
        page_size=settings.chat_list_page_size,
        not_completed=not_completed(settings, clock.now()),
    )
    return ChatList(chats=chats, page=page, has_more=has_more)


async def trip_chat(session: AsyncSession, trip_id: int, user_id: int) -> ChatPublic:
    await require_chat_user(session, trip_id, user_id)
    chat = await service.chat_of_trip(session, trip_id, user_id)
    if chat is None:
        refuse(not_found(messages.CHAT_NOT_FOUND))
    return chat


async def chat_history(session: AsyncSession, settings: Settings, chat_id: int, user_id: int, page: int) -> ChatHistory:
    """A page of the chat's messages, page 0 the newest. Reading the newest page marks the chat read."""
    await require_chat_user(session, chat_id, user_id)
    history, has_more = await service.history_page(session, chat_id, user_id, page, settings.chat_history_page_size)
    if page == 0:
        await service.mark_read(session, chat_id, user_id)
    return ChatHistory(chat_id=chat_id, messages=history, page=page, has_more=has_more)
