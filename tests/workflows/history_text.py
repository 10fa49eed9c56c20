"""What a flow's history tells whoever reads it (support in the Temporal UI, anyone who reaches it): every text it
holds, read out of every event: the inputs, signals, updates, activities' arguments and results, search attributes,
memo and failure messages. Flows carry ids; names, numbers and tokens stay in the database."""

import re
from collections.abc import Iterable, Iterator, Sequence

from google.protobuf.message import Message
from temporalio.api.common.v1 import Payload
from temporalio.client import WorkflowHandle

# A 10-digit Indian mobile number, alone or after +91 (not a run of digits inside a longer id).
MOBILE_NUMBER = re.compile(r"(?<![0-9A-Za-z])(?:\+?91[ -]?)?[6-9]\d{9}(?![0-9A-Za-z])")


def texts_of(message: Message) -> Iterator[str]:
    """Every string of a protobuf message and of the messages inside it; a payload's data as its text."""
    if isinstance(message, Payload):
        yield message.data.decode("utf-8", "replace")
        return
    for field, value in message.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            for key, item in value.items():
                yield str(key)
                yield from _texts_of_value(item)
        elif isinstance(value, Sequence) and not isinstance(value, str | bytes):
            for item in value:
                yield from _texts_of_value(item)
        else:
            yield from _texts_of_value(value)


def _texts_of_value(value: object) -> Iterator[str]:
    if isinstance(value, Message):
        yield from texts_of(value)
    elif isinstance(value, bytes):
        yield value.decode("utf-8", "replace")
    elif isinstance(value, str):
        yield value


async def history_text(handle: WorkflowHandle) -> str:
    """All the text of the flow's history so far, one line a text."""
    texts = [text async for event in handle.fetch_history_events() for text in texts_of(event)]
    return "\n".join(texts)


def what_it_should_not_hold(text: str, secrets: Iterable[str]) -> list[str]:
    """The mobile numbers in the text, and those of the secrets (names, numbers, tokens) it holds."""
    found = MOBILE_NUMBER.findall(text)
    return found + [secret for secret in secrets if secret and secret in text]
