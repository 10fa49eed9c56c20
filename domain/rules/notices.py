"""The notifications the app sends (SPEC §2 Notifications): what each is about, its title and its words.

What a notification is about (its `entity_type`) decides where tapping it opens (web/src/lib/notification-route.ts)
and which tab lists it. Titles and bodies are the product's words, like the messages; a body is a template filled
with the trip's route and time in the words below. Exported to the web app with the other rules.
"""

from collections.abc import Sequence
from datetime import datetime

from domain.rules import limits, zone
from domain.rules.trip import short_place_name

# What a notification is about.
ABOUT_TRIP = "trip"
ABOUT_REQUEST = "request"
ABOUT_QUERY = "query"
ABOUT_CHAT = "chat"
ABOUT_REVIEW = "review"
ABOUT_PROFILE = "profile"
ABOUT_ALL = (ABOUT_REQUEST, ABOUT_TRIP, ABOUT_QUERY, ABOUT_CHAT, ABOUT_REVIEW, ABOUT_PROFILE)

TRIP_REMINDER_TITLE = "Trip reminder"
TRIP_REMINDER_BODY = "Your trip {route} starts at {time}."
TRIP_CANCELLED_TITLE = "Trip cancelled"
TRIP_CANCELLED_BODY = "The host cancelled the trip {route} on {when}."
TRIP_MOVED_TITLE = "Trip time changed"
TRIP_MOVED_BODY = "The host moved the trip {route} from {before} to {after}."
# Added to a member's notice of a move of more than half an hour (domain/rules/still_coming.py).
STILL_COMING_ASKED = "Still coming? Keep your seat or leave without it counting as a late cancellation."
REVIEW_ASKED_TITLE = "How was your trip?"
REVIEW_ASKED_BODY = "Rate your fellow travellers on the trip {route}."
REVIEW_RECEIVED_TITLE = "You have a new review"
REVIEW_RECEIVED_BODY = "Someone you travelled with from {origin} to {destination} reviewed you."
COMMUTE_STOPPED_TITLE = "Commute stopped"

NEW_REQUEST_TITLE = "New request"
NEW_REQUEST_BODY = "{name} wants to join your trip {route} on {when}."
LUGGAGE_BODY = " Luggage: {large}, handheld: {small}."
# Added to a new request's notice when the rider chose their own pick-up or drop on the host's way.
NEW_REQUEST_STOPS_BODY = " Joins at {pickup} and leaves at {drop}."
REQUEST_WAITING_TITLE = "Request waiting"
REQUEST_WAITING_BODY = "{name} is still waiting for your answer to join your trip {route}."
REQUEST_EXPIRED_TITLE = "Request expired"
REQUEST_EXPIRED_BODY = "The host did not answer your request to join the trip {route} before it left."
REQUEST_ACCEPTED_TITLE = "Request accepted"
REQUEST_ACCEPTED_BODY = "Your request to join {trip} was accepted."
REQUEST_DECLINED_TITLE = "Request declined"
REQUEST_DECLINED_BODY = "Your request to join {trip} was declined."
REMOVED_TITLE = "Removed from trip"
REMOVED_BODY = "The host removed you from {trip}."
REQUEST_CANCELLED_TITLE = "Request cancelled"
REQUEST_CANCELLED_BODY = "{name} cancelled their request to join {trip}."
MEMBER_LEFT_TITLE = "Member left"
MEMBER_LEFT_BODY = "{name} left {trip}."
# Added to a body when the person gave a reason.
REASON_BODY = " Reason: {reason}"

NEW_QUESTION_TITLE = "New question"
NEW_QUESTION_BODY = "{name} asked: {question}"
QUESTION_ANSWERED_TITLE = "Your question was answered"
QUESTION_ANSWERED_BODY = "{name} answered: {answer}"

CAB_BOOKED_TITLE = "Cab booked"
CAB_BOOKED_BODY = "Your cab for the trip {route} is booked: {vehicle}, driven by {driver}."
CAB_UNFULFILLED_TITLE = "Cab unfulfilled"
CAB_UNFULFILLED_BODY = "No cab could be found for the trip {route}."
CAB_VENDOR_CANCELLED_TITLE = "Cab cancelled by the vendor"
CAB_VENDOR_CANCELLED_BODY = "The vendor cancelled the cab for the trip {route}."
CAB_ENDED_TRIP_MOVED_TITLE = "Cab cancelled because the trip's time changed"
CAB_ENDED_TRIP_MOVED_BODY = "The cab for the trip {route} was cancelled because the host changed the trip's time."
CAB_ENDED_TRIP_DELETED_TITLE = "Cab cancelled because the trip was deleted"
CAB_ENDED_TRIP_DELETED_BODY = "The cab for the trip {route} was cancelled because the host deleted the trip."
CAB_ENDED_COMMUTE_STOPPED_TITLE = "Cab cancelled because the commute was stopped"
CAB_ENDED_COMMUTE_STOPPED_BODY = "The cab for the trip {route} was cancelled because the host stopped the commute."

SOS_RAISED_TITLE = "SOS on your trip"
SOS_RAISED_BODY = (
    "{name} raised an SOS on the trip {route}. If you are with them, check they are safe; "
    f"call {limits.EMERGENCY_NUMBER} in an emergency."
)
SOS_RESOLVED_TITLE = "SOS closed"
SOS_RESOLVED_BODY = "{name} says they are safe now."

KYC_VERIFIED_TITLE = "KYC verified"
KYC_REJECTED_TITLE = "KYC rejected"
KYC_NOT_FINISHED_TITLE = "KYC not finished"
KYC_ERROR_TITLE = "KYC could not be completed"

# A chat message for a member away from the room: the chat's name for a title (CHAT_NAME_WORDS), then who said what.
CHAT_MESSAGE_TITLE = "{chat}"
CHAT_MESSAGE_BODY = "{name}: {text}"
# Said of an attachment instead of its text.
CHAT_DOCUMENT_BODY = "{name}: sent a document"

# How a body names a trip: its route, and with its day and time.
ROUTE_WORDS = "from {origin} to {destination}"
DAY_AND_CLOCK_WORDS = "{day} at {clock}"
# A time's halves of the day on the app's 12-hour clock, as the web app writes them in English (Intl.DateTimeFormat
# of en-IN, web/src/i18n/format.ts `time`): '9:05 am'. Other languages' are domain/notifications.py's.
DAY_PERIODS = ("am", "pm")
# A day: its date and its month's name ('5 Mar').
DAY_WORDS = "{date} {month}"
MONTH_1 = "Jan"
MONTH_2 = "Feb"
MONTH_3 = "Mar"
MONTH_4 = "Apr"
MONTH_5 = "May"
MONTH_6 = "Jun"
MONTH_7 = "Jul"
MONTH_8 = "Aug"
MONTH_9 = "Sep"
MONTH_10 = "Oct"
MONTH_11 = "Nov"
MONTH_12 = "Dec"
# The months by number (MONTH_1 is January's name), January first.
MONTHS = (
    MONTH_1,
    MONTH_2,
    MONTH_3,
    MONTH_4,
    MONTH_5,
    MONTH_6,
    MONTH_7,
    MONTH_8,
    MONTH_9,
    MONTH_10,
    MONTH_11,
    MONTH_12,
)
TRIP_WORDS = "the trip {route} on {when}"
# A chat's name (the chat list's and its notices' title): its trip's route; a commute's trips share their route, so
# the name of each one's chat also says its day.
CHAT_NAME_WORDS = "{origin} to {destination}"
COMMUTE_CHAT_NAME_WORDS = "{origin} to {destination} · {day}"
# A person who has not given their name yet.
SOMEONE = "Someone"

# The most a stored notification's body holds.
BODY_MAX_LENGTH = 1000


def route_words(origin_name: str, destination_name: str, words: str = ROUTE_WORDS) -> str:
    """'from Koramangala to Whitefield' (or `words`, ROUTE_WORDS in another language): the first part of each full
    name is what people call the place."""
    return words.format(origin=short_place_name(origin_name), destination=short_place_name(destination_name))


def clock_words(moment: datetime, day_periods: tuple[str, str] = DAY_PERIODS) -> str:
    """'9:05 am' (or another language's `day_periods`: '9:05 AM' in Kannada), the app's 12-hour clock, in India's
    time."""
    local = moment.astimezone(zone.IST)
    before_noon, after_noon = day_periods
    return f"{local.hour % 12 or 12}:{local.minute:02d} {before_noon if local.hour < 12 else after_noon}"


def day_words(moment: datetime, words: str = DAY_WORDS, months: Sequence[str] = MONTHS) -> str:
    """'5 Mar' (or `words` with `months`, DAY_WORDS and the MONTH_<n> in another language), in India's time."""
    local = moment.astimezone(zone.IST)
    return words.format(date=local.day, month=months[local.month - 1])


def day_and_clock_words(
    moment: datetime, words: str = DAY_AND_CLOCK_WORDS, day: str | None = None, clock: str | None = None
) -> str:
    """'5 Mar at 9:05 am' (or `words`, the `day` and the `clock` in another language's words), in India's time."""
    return words.format(day=day or day_words(moment), clock=clock or clock_words(moment))


def chat_name_words(
    origin_name: str,
    destination_name: str,
    commute_day: str | None,
    words: tuple[str, str] = (CHAT_NAME_WORDS, COMMUTE_CHAT_NAME_WORDS),
) -> str:
    """'Koramangala to Whitefield', with ' · 12 Jan' for a commute's trip (its `commute_day`, day_words); `words`
    are CHAT_NAME_WORDS and COMMUTE_CHAT_NAME_WORDS, in another language."""
    origin, destination = short_place_name(origin_name), short_place_name(destination_name)
    if commute_day is None:
        return words[0].format(origin=origin, destination=destination)
    return words[1].format(origin=origin, destination=destination, day=commute_day)


def with_reason(body: str, reason: str | None) -> str:
    return body + REASON_BODY.format(reason=reason) if reason else body
