"""A chat connection that cannot keep up: its rooms' messages are read again from the database once its send queue
has drained, so a slow reader gets every message once, in order, with bounded memory and without being dropped."""

import asyncio

from starlette.websockets import WebSocketState

from api.chat.auth import Principal
from api.chat.connection import ChatConnection
from api.chat.schemas import ChatSender

CHAT_ID = 7
# Far more turns of the event loop than a frame takes from a room through the queue to the phone.
LOOP_TURNS = 100


class SlowPhone:
    """The socket's far end: takes frames only while reading, like a phone on a bad network."""

    def __init__(self) -> None:
        self.application_state = WebSocketState.CONNECTED
        self.received: list[str] = []
        self.reading = asyncio.Event()
        self._arrived = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.reading.wait()
        self.received.append(text)
        self._arrived.set()

    async def until_received(self, count: int) -> None:
        async with asyncio.timeout(5):
            while len(self.received) < count:
                self._arrived.clear()
                await self._arrived.wait()
        # And nothing more comes: the connection and its fakes do no I/O, so a frame still to come needs only turns
        # of the loop, not time, to be written; these are counted, so a slow machine gets as many.
        for _ in range(LOOP_TURNS):
            await asyncio.sleep(0)


class StoredChat:
    """The chat's stored messages, read a page at a time as PostgreSQL would answer them."""

    def __init__(self) -> None:
        self.messages: list[tuple[int, str]] = []
        self.pages_read = 0

    def store(self, message_id: int) -> tuple[int, str]:
        message = (message_id, f"message {message_id}")
        self.messages.append(message)
        self.messages.sort()
        return message

    async def read_after(self, page_size: int, chat_id: int, after_id: int) -> list[tuple[int, str]]:
        assert chat_id == CHAT_ID
        self.pages_read += 1
        return [message for message in self.messages if message[0] > after_id][:page_size]


def connection_of(phone: SlowPhone, chat: StoredChat, queue_size: int, page_size: int) -> ChatConnection:
    sender = ChatSender(user_id=2, name="Meera", image=None, is_kyc_verified=False)

    async def read_missed(chat_id: int, after_id: int) -> list[tuple[int, str]]:
        return await chat.read_after(page_size, chat_id, after_id)

    connection = ChatConnection(phone, Principal(1, b"session"), sender, queue_size, read_missed, page_size)
    connection.enter(CHAT_ID)
    connection.finish_catching_up(CHAT_ID)
    return connection


async def test_a_reader_slower_than_its_room_gets_every_message_once_in_order_without_being_dropped():
    phone, chat = SlowPhone(), StoredChat()
    connection = connection_of(phone, chat, queue_size=3, page_size=4)
    writer = asyncio.create_task(connection.write_frames())
    for message_id in range(1, 21):
        assert connection.deliver(CHAT_ID, *chat.store(message_id))
    assert connection.rooms[CHAT_ID].lagging
    phone.reading.set()
    await phone.until_received(20)
    assert phone.received == [f"message {number}" for number in range(1, 21)]
    assert not connection.overflowed
    assert chat.pages_read >= 17 // 4
    assert not connection.rooms[CHAT_ID].lagging
    writer.cancel()


async def test_messages_of_two_processes_out_of_id_order_are_neither_lost_nor_doubled():
    phone, chat = SlowPhone(), StoredChat()
    connection = connection_of(phone, chat, queue_size=2, page_size=50)
    writer = asyncio.create_task(connection.write_frames())
    for message_id in (1, 2, 4, 3, 6, 5, 8, 7):
        connection.deliver(CHAT_ID, *chat.store(message_id))
    phone.reading.set()
    await phone.until_received(8)
    assert sorted(phone.received) == sorted(f"message {number}" for number in range(1, 9))
    assert len(phone.received) == 8
    writer.cancel()


async def test_messages_arriving_while_the_missed_ones_are_read_wait_and_are_sent_once():
    phone, chat = SlowPhone(), StoredChat()
    connection = connection_of(phone, chat, queue_size=1, page_size=50)
    reading_started = asyncio.Event()
    database_answers = asyncio.Event()
    read_after = chat.read_after

    async def slow_read(page_size: int, chat_id: int, after_id: int) -> list[tuple[int, str]]:
        reading_started.set()
        await database_answers.wait()
        return await read_after(page_size, chat_id, after_id)

    chat.read_after = slow_read
    writer = asyncio.create_task(connection.write_frames())
    for message_id in (1, 2, 3):
        connection.deliver(CHAT_ID, *chat.store(message_id))
    phone.reading.set()
    await reading_started.wait()
    # Stored and published while the catch-up reads: 4 may or may not be in what the database answers.
    connection.deliver(CHAT_ID, *chat.store(4))
    database_answers.set()
    connection.deliver(CHAT_ID, *chat.store(5))
    await phone.until_received(5)
    assert phone.received == [f"message {number}" for number in range(1, 6)]
    writer.cancel()


async def test_a_client_that_sends_without_ever_reading_is_closed_once_its_answers_fill_twice_the_queue():
    phone, chat = SlowPhone(), StoredChat()
    connection = connection_of(phone, chat, queue_size=2, page_size=50)
    assert [connection.push(f"answer {number}") for number in range(5)] == [True, True, True, True, False]
    assert connection.overflowed
