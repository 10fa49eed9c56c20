"""Notifications (SPEC §3 Notification): stored for the notification list, then pushed to the person's devices.

Each stored notification starts its own push flow, named by the notification's id, through the flow outbox in the
transaction that stores it (domain/flows.py): a notification that is rolled back is never pushed, and one that is
committed is pushed even if the process storing it dies right after.

What one person does on a trip in a burst (asks to join, withdraws, asks again; asks question after question) tells
its host once: those notices share a key for the person, the trip and the hour (`burst_key`), and each later one
takes the place of the stored notice, its words and its time, and is not pushed again.

A notice's history is shown in the reader's language at read time, so a notice stores what happened, not only its
sentence: its `kind` (the name of its words in domain/rules/notices.py: "TRIP_CANCELLED" is TRIP_CANCELLED_TITLE and
TRIP_CANCELLED_BODY) and its `params`, what fills them (a route, a moment, a name). `notice_words` makes its title
and message in any language from them; a notice stored without a kind keeps the English it was stored with.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from types import MappingProxyType
from typing import Final

from sqlalchemy import Boolean, func, literal_column, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.flows import FlowStart, start_after_commit
from domain.i18n.catalog import ENGLISH_TEXTS, text
from domain.i18n.languages import ENGLISH, Language
from domain.live import Kind, tell
from domain.models import Notification, PushSubscription
from domain.rules import notices


@dataclass(frozen=True)
class NotificationDraft:
    recipient_id: int
    title: str
    message: str
    entity_type: str
    entity_id: str
    # Names the event and the recipient, so storing it again (a retried activity) adds nothing.
    dedupe_key: str | None = None
    sender_id: int | None = None
    # With a burst's key: a notice already stored under it takes this one's title, words and time instead, unpushed.
    replaces: bool = False
    # What happened (`notice_draft`): the title and message are made from them again in each reader's language.
    kind: str | None = None
    params: dict[str, object] | None = None


# What fills a notice's words, stored as what it is rather than as words: each is said in the reader's language.
def route(origin_name: str, destination_name: str) -> dict[str, object]:
    return {"route": [origin_name, destination_name]}


def day_and_clock(moment: datetime) -> dict[str, object]:
    return {"day_and_clock": moment.isoformat()}


def clock(moment: datetime) -> dict[str, object]:
    return {"clock": moment.isoformat()}


def trip(origin_name: str, destination_name: str, moment: datetime) -> dict[str, object]:
    return {"trip": [origin_name, destination_name, moment.isoformat()]}


def chat(origin_name: str, destination_name: str, commute_day: datetime | None) -> dict[str, object]:
    """A chat by its trip's route, and its day when the trip is a commute's (notices' CHAT_NAME_WORDS)."""
    return {"chat": [origin_name, destination_name, commute_day.isoformat() if commute_day else None]}


def person(name: str | None, unnamed: str = "SOMEONE") -> dict[str, object]:
    """A person by name; one who has not given it yet is named by the message id `unnamed` ('Someone')."""
    return {"person": name, "unnamed": unnamed}


TITLE_MAX_LENGTH = 200
# Each notice's kind by its English title: notices' TRIP_CANCELLED_TITLE is of the kind TRIP_CANCELLED.
_KIND_OF_TITLE = {
    title: name.removesuffix("_TITLE")
    for name, title in vars(notices).items()
    if name.endswith("_TITLE") and isinstance(title, str)
}


def kind_of_title(title: str) -> str:
    """The kind of the notice whose English title this is (for rules that name a notice by its words)."""
    return _KIND_OF_TITLE[title]


def notice_draft(
    *,
    recipient_id: int,
    kind: str,
    fields: Mapping[str, object],
    entity_type: str,
    entity_id: str,
    added: Sequence[tuple[str, Mapping[str, object]]] = (),
    body: str | None = None,
    dedupe_key: str | None = None,
    sender_id: int | None = None,
    replaces: bool = False,
) -> NotificationDraft:
    """A notice of `kind` (its words are notices' <kind>_TITLE and <kind>_BODY, or the message id `body` for a kind
    without a body of its own, or with a second one) filled by `fields`, with the sentences `added` after it
    (LUGGAGE_BODY, REASON_BODY, STILL_COMING_ASKED, each with its fields; one that does not begin with a space is put
    after one). Stored with its English words, for readers of notices stored before."""
    params: dict[str, object] = {
        "fields": dict(fields),
        "added": [[message_id, dict(filled)] for message_id, filled in added],
    }
    if body is not None:
        params["body"] = body
    title, message = _made(kind, params, ENGLISH)
    return NotificationDraft(
        recipient_id=recipient_id,
        title=title,
        message=message,
        entity_type=entity_type,
        entity_id=entity_id,
        dedupe_key=dedupe_key,
        sender_id=sender_id,
        replaces=replaces,
        kind=kind,
        params=params,
    )


def notice_words(
    kind: str | None, params: dict[str, object] | None, title: str, message: str, language: Language
) -> tuple[str, str]:
    """A stored notice's title and message in the language; one stored without a kind (or with words this version
    no longer has) reads as the words it was stored with."""
    if kind is None or params is None:
        return title, message
    try:
        return _made(kind, params, language)
    except (KeyError, TypeError, ValueError, IndexError):
        return title, message


def _made(kind: str, params: dict[str, object], language: Language) -> tuple[str, str]:
    fields = params.get("fields") or {}
    added = params.get("added") or []
    body_id = params.get("body") or f"{kind}_BODY"
    if not isinstance(fields, dict) or not isinstance(added, list) or not isinstance(body_id, str):
        raise TypeError("a notice's params are not of its shape")
    said = _said(fields, language)
    title = text(f"{kind}_TITLE", language).format(**said)
    message = text(body_id, language).format(**said) if body_id in ENGLISH_TEXTS else ""
    for message_id, filled in added:
        sentence = text(message_id, language).format(**_said(filled, language))
        message += sentence if sentence[:1].isspace() else f" {sentence}"
    return title[:TITLE_MAX_LENGTH], message[: notices.BODY_MAX_LENGTH]


def _said(fields: dict[str, object], language: Language) -> dict[str, str]:
    return {name: _value_words(value, language) for name, value in fields.items()}


def day_in(moment: datetime, language: Language) -> str:
    """A day in the language: its date and its month's name ('5 Mar', '5 मार्च', 'ಮಾರ್ಚ್ 5')."""
    months = [text(f"MONTH_{number}", language) for number in range(1, 13)]
    return notices.day_words(moment, text("DAY_WORDS", language), months)


# The halves of the day on a 12-hour clock in each language, as the web app's Intl.DateTimeFormat writes them
# (web/src/i18n/format.ts `time` for en-IN, hi-IN and kn-IN), so a notice's time reads as the screen's does.
DAY_PERIODS: Final[Mapping[Language, tuple[str, str]]] = MappingProxyType(
    {"en": notices.DAY_PERIODS, "hi": ("am", "pm"), "kn": ("AM", "PM")}
)


def clock_in(moment: datetime, language: Language) -> str:
    """A time in the language ('9:05 am'; '9:05 AM' in Kannada), in India's time."""
    return notices.clock_words(moment, DAY_PERIODS[language])


def day_and_clock_in(moment: datetime, language: Language) -> str:
    """A day and its time in the language ('5 Mar at 9:05 am', '5 मार्च, 9:05 am', 'ಮಾರ್ಚ್ 5, 9:05 AM')."""
    return notices.day_and_clock_words(
        moment, text("DAY_AND_CLOCK_WORDS", language), day_in(moment, language), clock_in(moment, language)
    )


def chat_name_in(origin_name: str, destination_name: str, commute_day: datetime | None, language: Language) -> str:
    """A chat's name in the language: its trip's route, and its day when the trip is a commute's."""
    words = (text("CHAT_NAME_WORDS", language), text("COMMUTE_CHAT_NAME_WORDS", language))
    day = day_in(commute_day, language) if commute_day is not None else None
    return notices.chat_name_words(origin_name, destination_name, day, words)


def _value_words(value: object, language: Language) -> str:
    if not isinstance(value, dict):
        return str(value)
    if "route" in value:
        origin_name, destination_name = value["route"]
        return notices.route_words(origin_name, destination_name, text("ROUTE_WORDS", language))
    if "day_and_clock" in value:
        return day_and_clock_in(datetime.fromisoformat(value["day_and_clock"]), language)
    if "clock" in value:
        return clock_in(datetime.fromisoformat(value["clock"]), language)
    if "trip" in value:
        origin_name, destination_name, moment = value["trip"]
        return text("TRIP_WORDS", language).format(
            route=notices.route_words(origin_name, destination_name, text("ROUTE_WORDS", language)),
            when=day_and_clock_in(datetime.fromisoformat(moment), language),
        )
    if "chat" in value:
        origin_name, destination_name, commute_day = value["chat"]
        day = datetime.fromisoformat(commute_day) if commute_day else None
        return chat_name_in(origin_name, destination_name, day, language)
    if "person" in value:
        return str(value["person"] or text(value.get("unnamed", "SOMEONE"), language))
    raise ValueError(f"a notice's field of no known shape: {sorted(value)}")


# The stretch of time whose notices of one person's asks on one trip make one notice for the host.
NOTICE_BURST = timedelta(hours=1)


def burst_key(about: str, trip_id: int, sender_id: int, moment: datetime) -> str:
    """Names the burst of the person's asks on the trip under way at the moment: one an hour."""
    burst = int(moment.timestamp() // NOTICE_BURST.total_seconds())
    return f"{about}-burst:{trip_id}:{sender_id}:{burst}"


def chat_notice(
    *,
    recipient_id: int,
    chat_id: int,
    chat_name: Mapping[str, object],
    sender_id: int,
    sender_name: str | None,
    kind: str,
    said: str,
    read_mark: int,
) -> NotificationDraft:
    """A chat message for a member away from the room, titled by the chat's name (`chat_name`, made by `chat`): who
    `said` what, or that they sent a document. Named by the chat, the member and the member's read mark: until the
    member opens the chat and the mark moves on, later messages of the chat add no further notice."""
    document = kind == "media"
    return notice_draft(
        recipient_id=recipient_id,
        kind="CHAT_MESSAGE",
        fields={
            "chat": chat_name,
            "name": person(sender_name),
            **({} if document else {"text": said[: notices.BODY_MAX_LENGTH]}),
        },
        body="CHAT_DOCUMENT_BODY" if document else None,
        entity_type=notices.ABOUT_CHAT,
        entity_id=str(chat_id),
        dedupe_key=f"chat:{chat_id}:{recipient_id}:unread-after:{read_mark}",
        sender_id=sender_id,
    )


# The push flow's start for a stored notification and its recipient (workflows.push.contracts.push_start).
PushStart = Callable[[int, int], FlowStart]


# The drafts are the statement's parameters, not its VALUES, so its compiled form is cached whatever their number.
_STORING = (
    insert(Notification)
    .on_conflict_do_nothing(index_elements=[Notification.dedupe_key])
    .returning(Notification.id, Notification.recipient_id)
)
_REPLACING_STATEMENT = insert(Notification)
# A burst's notice: stored new (pushed), or in place of the one stored under its key (told to the list only).
_REPLACING = _REPLACING_STATEMENT.on_conflict_do_update(
    index_elements=[Notification.dedupe_key],
    set_={
        "title": _REPLACING_STATEMENT.excluded.title,
        "message": _REPLACING_STATEMENT.excluded.message,
        "kind": _REPLACING_STATEMENT.excluded.kind,
        "params": _REPLACING_STATEMENT.excluded.params,
        "sender_id": _REPLACING_STATEMENT.excluded.sender_id,
        "created_at": func.now(),
    },
).returning(Notification.id, Notification.recipient_id, literal_column("xmax = 0", Boolean))


async def store_notifications(session: AsyncSession, drafts: Sequence[NotificationDraft], push_start: PushStart) -> int:
    """Adds the drafts not stored before, inside the caller's transaction, each with its push flow to start after
    the commit when its recipient has a device to push to; a draft that `replaces` updates the notice stored under
    its key instead, and is not pushed. Answers how many were new."""
    if not drafts:
        return 0
    adding = [draft for draft in drafts if not draft.replaces]
    replacing = [draft for draft in drafts if draft.replaces]
    new = [(id_, recipient) for id_, recipient in await session.execute(_STORING, _rows(adding))] if adding else []
    replaced: list[tuple[int, int]] = []
    if replacing:
        for id_, recipient, inserted in await session.execute(_REPLACING, _rows(replacing)):
            (new if inserted else replaced).append((id_, recipient))
    recipients = {recipient for _, recipient in new + replaced}
    if recipients:
        await tell(session, Kind.NOTIFICATION, "", recipients)
    with_devices = await _with_devices(session, {recipient for _, recipient in new})
    await start_after_commit(
        session, *(push_start(id_, recipient) for id_, recipient in new if recipient in with_devices)
    )
    return len(new)


def _rows(drafts: Sequence[NotificationDraft]) -> list[dict[str, object]]:
    return [
        {
            "recipient_id": draft.recipient_id,
            "sender_id": draft.sender_id,
            "title": draft.title,
            "message": draft.message,
            "entity_type": draft.entity_type,
            "entity_id": draft.entity_id,
            "dedupe_key": draft.dedupe_key,
            "kind": draft.kind,
            "params": draft.params,
        }
        for draft in drafts
    ]


async def _with_devices(session: AsyncSession, recipients: set[int]) -> set[int]:
    """Those of the recipients with a push subscription: a flow for anyone else would only find no device."""
    if not recipients:
        return set()
    found = await session.scalars(
        select(PushSubscription.user_id).where(PushSubscription.user_id.in_(recipients)).distinct()
    )
    return set(found)
