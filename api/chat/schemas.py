"""Trip chat shapes (SPEC §3 Chat, Chat message): the REST answers and the socket's frames."""

from typing import Literal

from pydantic import BaseModel, Field, StrictInt


class ChatSender(BaseModel):
    user_id: int
    name: str | None
    image: str | None
    is_kyc_verified: bool


class ChatDocumentPublic(BaseModel):
    id: int
    document_url: str | None
    thumbnail_url: str | None
    type: Literal["image", "gif", "video", "pdf"]
    status: Literal["checking", "delivered", "refused"]
    failure_message: str | None
    file_name: str
    size_bytes: int


class ChatMessagePublic(BaseModel):
    id: int
    chat_id: int
    message: str
    type: Literal["normal", "number", "media"]
    sender: ChatSender
    time: str = Field(description="ISO 8601 with offset")
    status: Literal["successful"] = "successful"
    client_message_identifier: str
    documents: list[ChatDocumentPublic] = []


class LastMessage(BaseModel):
    message: str
    timestamp: str


class ChatUser(BaseModel):
    user_id: int
    name: str | None
    small_image_url: str | None
    is_host: bool


class ChatPublic(BaseModel):
    id: int = Field(description="the chat id, which is the trip id")
    trip_id: int
    display_name: str
    scheduled_at: str
    last_message: LastMessage | None
    chat_users: list[ChatUser]
    unread: bool


class ChatList(BaseModel):
    chats: list[ChatPublic]
    page: int
    has_more: bool


class ChatHistory(BaseModel):
    chat_id: int
    messages: list[ChatMessagePublic] = Field(description="oldest first within the page; page 0 is the newest")
    page: int
    has_more: bool


class DocumentAccepted(BaseModel):
    document_id: int
    message_id: int
    status: Literal["checking"] = "checking"


# Frames the client sends: {"event": ..., "data": ...}


class AuthenticateData(BaseModel):
    access_token: str = Field(max_length=500)


# How many ids a joining client may name as already held (SPEC §7 catch-up after reconnect).
SEEN_IDS_MAX = 500


class JoinData(BaseModel):
    chat_id: int = Field(strict=True)
    last_message_id: int | None = Field(default=None, strict=True)
    # The ids the client holds from its recent stretch of the chat: everything after the lowest of them that is
    # not among them is sent as well, so a message that reached the room after a later one is not skipped.
    seen_message_ids: list[StrictInt] = Field(default_factory=list, max_length=SEEN_IDS_MAX)


class LeaveData(BaseModel):
    chat_id: int = Field(strict=True)


class SendMessageData(BaseModel):
    chat_id: int = Field(strict=True)
    message: str = Field(default="", max_length=2000)
    client_message_identifier: str = Field(min_length=1, max_length=100)
    type: Literal["normal", "share_number"] = "normal"


class SendDocumentData(BaseModel):
    chat_id: int = Field(strict=True)
    client_message_identifier: str = Field(min_length=1, max_length=100)
    file_name: str = Field(default="", max_length=200)
