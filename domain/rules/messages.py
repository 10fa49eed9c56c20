"""The product's own words for errors and confirmations (SPEC §2, §5 and §8)."""

from typing import Final

from domain.rules import choices, limits, server_limits

PHONE_REQUIRED: Final = "phone number is required"
PHONE_INVALID: Final = "Enter a valid phone number"
OTP_REQUIRED: Final = "OTP cannot be empty"
OTP_SENT: Final = "OTP sent successfully"
OTP_INVALID: Final = "Invalid OTP. Please try again."
OTP_EXPIRED: Final = "OTP has expired. Please request a new one."
OTP_TOO_MANY_TRIES: Final = "Too many wrong attempts. Please request a new OTP."
OTP_RESEND_TOO_SOON: Final = "Please wait {seconds} seconds before requesting a new OTP."
OTP_SEND_LIMIT: Final = "Too many OTP requests. Please try again later."
OTP_DAILY_FAILURES: Final = "Too many failed attempts today. Please try again tomorrow."
OTP_ADDRESS_FAILURES: Final = "Too many wrong codes from this network. Please try again later."
LOGIN_SUCCESS: Final = "Logged in successfully"
LOGOUT_SUCCESS: Final = "Logged out successfully"
LOGIN_REQUIRED: Final = "Please login to continue"
CSRF_REFUSED: Final = "Request refused. Please reload the app and try again."
REQUEST_TOO_LARGE: Final = "Request is too large. Please send less and try again."

NAME_REQUIRED: Final = "Name is required"
NAME_INVALID: Final = "Enter a valid name"
NAME_LOCKED_AFTER_KYC: Final = "Name cannot be updated after KYC"
SEX_REQUIRED: Final = "Sex is required"
GENDER_REQUIRED: Final = "Gender is required"
DOB_REQUIRED: Final = "Date of birth is required"
DOB_INVALID: Final = "Enter a valid date of birth"
DOB_LOCKED_AFTER_KYC: Final = "Date of birth cannot be updated after KYC"
REFERRAL_CODE_INVALID: Final = "Enter a valid referral code"
IMAGE_INVALID: Final = "Image must be a jpg, jpeg, png, heic or heif file"
IMAGE_TOO_LARGE: Final = (
    f"Image is too large: at most {server_limits.IMAGE_MAX_SIDE} × {server_limits.IMAGE_MAX_SIDE} pixels"
)
IMAGE_UPLOADS_TOO_MANY: Final = "You have changed your picture too often. Please try again in an hour"
PROFILE_CREATED: Final = "Profile Created Successfully"
PROFILE_UPDATED: Final = "Profile Updated Successfully"
ACCOUNT_DELETED: Final = "Account deleted successfully"
USER_NOT_FOUND: Final = "User not found"
LOCATION_UPDATED: Final = "Location updated"
LOCATION_INVALID: Final = "Please enter a valid location or use auto-fetch."
NOTHING_UPDATED: Final = "Nothing has been updated"

MESSAGE_LENGTH: Final = f"Message should be of length {limits.MESSAGE_MIN_LENGTH} to {limits.MESSAGE_MAX_LENGTH}"
# Free text (domain/rules/text.py): {characters} names what was refused ('line break', 'U+200B').
MESSAGE_CHARACTERS: Final = "Message contains characters that are not allowed: {characters}"
NOTE_CHARACTERS: Final = "Note contains characters that are not allowed: {characters}"
REASON_CHARACTERS: Final = "Reason contains characters that are not allowed: {characters}"
ISSUE_CHARACTERS: Final = "Issue contains characters that are not allowed: {characters}"
PLACE_NAME_CHARACTERS: Final = "Place name contains characters that are not allowed: {characters}"
REASON_REQUIRED: Final = "Reason is required"
REASON_SELECT: Final = "Please select an option or write your reason"
FILE_FORMAT_INVALID: Final = "Invalid file format"
FILE_TOO_LARGE: Final = (
    f"File exceeds {limits.FILE_MAX_BYTES // (1024 * 1024)} MB. Please upload a smaller file or share a cloud link."
)

NOT_FOUND: Final = "Not found"
PAGE_NOT_FOUND: Final = "Page Not Found"
GENERIC_ERROR: Final = "Something went wrong! This should not have happened, please attempt again in some time!"
FALLBACK_ERROR: Final = "Some error occur!"
# The web app without a connection: a banner while offline, and the refusal of an action tried meanwhile.
OFFLINE_BANNER: Final = "You are offline. Nothing you do is sent until you are back online."
OFFLINE_ACTION_REFUSED: Final = "You are offline, so this was not sent. Try again once you are back online."
APP_CRASHED: Final = "Uh oh, something went terribly wrong"
OTP_LOGIN_TOKEN_INVALID: Final = "This OTP is no longer valid. Please request a new one."

FEEDBACK_SERVICE_REQUIRED: Final = "Please select at least one service."
FEEDBACK_NOTE_REQUIRED: Final = "Please provide a note."
FEEDBACK_NOTE_TOO_LONG: Final = f"Note cannot exceed {limits.FEEDBACK_NOTE_MAX_LENGTH} characters."
FEEDBACK_CHOICE_INVALID: Final = "Please choose services and features from the list."
FEEDBACK_THANKS: Final = "Thank you for your feedback!"

TRIP_FROM_REQUIRED: Final = "Please add From location"
TRIP_TO_REQUIRED: Final = "Please add To location"
TRIP_FROM_UNKNOWN: Final = "Please choose the From location from the suggestions or on the map"
TRIP_TO_UNKNOWN: Final = "Please choose the To location from the suggestions or on the map"
TRIP_DATE_INVALID: Final = "Please add valid date"
TRIP_TIME_INVALID: Final = "Please add valid time"
TRIP_CREATE_IN_PAST: Final = "Cannot create trip. Time of trip cannot be in the past."
TRIP_EDIT_TO_PAST: Final = "Cannot edit trip. Time of trip cannot be in the past."
TRIP_CREATE_TOO_FAR: Final = (
    f"Cannot create trip. Time of trip cannot be more than {limits.DATE_PICKER_MAX_YEARS_AHEAD} years ahead."
)
TRIP_EDIT_TOO_FAR: Final = (
    f"Cannot edit trip. Time of trip cannot be more than {limits.DATE_PICKER_MAX_YEARS_AHEAD} years ahead."
)
TRIP_EDIT_PAST: Final = "Cannot edit trip. Trip is in the past."
TRIP_DELETE_PAST: Final = "Cannot delete trip. Trip is in the past."
TRIP_COST_REQUIRED: Final = "Please add estimated cost"
TRIP_COST_RANGE: Final = f"Estimated cost should be between {limits.ESTIMATED_COST_MIN} and {limits.ESTIMATED_COST_MAX}"
TRIP_PASSENGERS_RANGE: Final = f"Passengers should be between {limits.PASSENGERS_MIN} and {limits.PASSENGERS_MAX}"
TRIP_PASSENGERS_BELOW_JOINED: Final = "Passengers cannot be fewer than the people already in the trip"
TRIP_NOTE_TOO_LONG: Final = f"Additional note cannot exceed {limits.TRIP_NOTE_MAX_LENGTH} characters"
TRIP_MODE_INVALID: Final = "Please choose a mode of transport"
# How far the host goes out of their way: the choices, the last joined by "or" ('0, 5, 10, 15, 20 or 30 minutes').
TRIP_DETOUR_INVALID: Final = (
    "Please choose how far you will go out of your way: "
    f"{', '.join(str(minutes) for minutes in choices.DETOUR_CHOICES[:-1])} or {choices.DETOUR_CHOICES[-1]} minutes"
)
TRIP_PLACES_LOCKED: Final = "Origin and destination cannot be changed"
TRIP_NOT_FOUND: Final = "Trip not found"
TRIP_HOST_ONLY: Final = "Only the host of this trip can do that"
TRIP_CANCELLED: Final = "This trip has been cancelled"
TRIP_CREATED: Final = "Trip created successfully"
TRIP_UPDATED: Final = "Trip updated successfully"
TRIP_DELETED: Final = "Trip deleted successfully"
SEARCH_POINT_REQUIRED: Final = "Please add From and To locations"

PLACE_NOT_FOUND: Final = "Place not found"
MAPS_UNAVAILABLE: Final = "Maps are unavailable right now. Please try again."
# A trip's end shown to someone outside the trip when its name has no locality, only a street address.
PLACE_NEARBY: Final = "A place nearby"

JOIN_REQUEST_SENT: Final = "Request sent successfully"
JOIN_REQUEST_PAST: Final = "Cannot send request. Trip is in the past."
JOIN_OWN_TRIP: Final = "You are the host of this trip"
JOIN_ALREADY_REQUESTED: Final = "You have already requested to join this trip"
JOIN_ALREADY_MEMBER: Final = "You are already a member of this trip"
JOIN_NOT_ALLOWED: Final = "You cannot join this trip"
JOIN_TRIP_FULL: Final = "Trip is full"
JOIN_REQUEST_NOT_FOUND: Final = "Request not found"
JOIN_ACCEPT_PAST: Final = "Cannot accept request. Trip is in the past."
JOIN_DECLINE_PAST: Final = "Cannot decline request. Trip is in the past."
JOIN_REMOVE_PAST: Final = "Cannot remove member. Trip is in the past."
JOIN_LEAVE_PAST: Final = "Cannot leave trip. Trip is in the past."
JOIN_REVOKE_PAST: Final = "Cannot cancel request. Trip is in the past."
JOIN_ACCEPTED: Final = "Request accepted"
JOIN_DECLINED: Final = "Request declined"
JOIN_REMOVED: Final = "Removed Successfully"
JOIN_LEFT: Final = "You have left the trip"
JOIN_REVOKED: Final = "Request cancelled"
JOIN_REQUESTS_TOO_MANY: Final = "You have asked to join this trip too many times today. Please try again tomorrow"
JOIN_NONE_WAITING: Final = "No pending requests"
# A rider's own pick-up and drop (domain/rules/along.py), refused when they no longer suit the trip.
JOIN_STOPS_WRONG_WAY: Final = "Your drop comes before your pick-up on this trip's way"
JOIN_STOPS_OUT_OF_WAY: Final = "Your pick-up and drop are further out of the host's way than the host will go"
LUGGAGE_RANGE: Final = f"Luggage should be between {limits.LUGGAGE_MIN} and {limits.LUGGAGE_MAX}"

REVIEW_TRIP_NOT_COMPLETED: Final = "This trip is not completed yet"
REVIEW_NOT_MEMBER: Final = "You were not an active member of this trip."
REVIEW_AT_LEAST_ONE: Final = "Please review atleast one Humsafar"
REVIEW_FLAG_REASON_REQUIRED: Final = "Flagging reason is required"
REVIEW_FLAG_REASON_TOO_LONG: Final = f"Flagging reason cannot exceed {limits.REVIEW_FLAG_REASON_MAX_LENGTH} characters"
REVIEW_FLAG_ONLY: Final = "A flagged Humsafar cannot also be rated"
REVIEW_STARS_RANGE: Final = f"Stars should be between 0 and {limits.REVIEW_STARS_MAX}"
REVIEW_ATTRIBUTE_INVALID: Final = "Please choose attributes from the list"
REVIEW_SELF: Final = "You cannot review yourself"
REVIEW_NOT_CO_RIDER: Final = "You can only review the people you travelled with"
REVIEW_TWICE: Final = "Each Humsafar can be reviewed once per trip"
REVIEW_NOBODY_TO_REVIEW: Final = "Nobody else travelled on this trip"
REVIEW_SAVED: Final = "Thank you for your review!"
REVIEWS_FETCH_FAILED: Final = "Failed to fetch reviews"
USER_ID_MISSING: Final = "User id wasn't given"

KYC_FAILED: Final = "KYC could not be completed, attempt again with correct details"
KYC_NOT_FINISHED: Final = "Oh oh! You did not finish the KYC, please re-initiate the flow!"
KYC_UNDER_REVIEW: Final = (
    "We could not auto approve your KYC application, you will be notified upon manual review within 24 hours."
)
KYC_APPROVED: Final = "Your KYC is verified"
KYC_STARTED: Final = "KYC started"
KYC_ALREADY_VERIFIED: Final = "Your KYC is already verified"
KYC_DISABLED: Final = "KYC is not available right now"
KYC_TRANSACTION_NOT_FOUND: Final = "KYC transaction not found"
KYC_RESULT_RECEIVED: Final = "KYC result received"
KYC_VENDOR_UNAVAILABLE: Final = "KYC is unavailable right now. Please try again in some time."

LINKEDIN_VERIFY_FAILED: Final = "An error occurred while verifying your account."
LINKEDIN_UNEXPECTED: Final = "An unexpected error occurred."
LINKEDIN_STATE_INVALID: Final = "This LinkedIn verification has expired or was already used. Please try again."
LINKEDIN_LINKED: Final = "LinkedIn profile verified"
LINKEDIN_LINK_READY: Final = "Continue on LinkedIn"

CAB_NOT_ELIGIBLE: Final = "This trip is not eligible for a cab"
CAB_REQUEST_RUNNING: Final = "A cab request is already in progress"
CAB_PLAN_FIRST: Final = "Please add stops and a category first"
CAB_NOTHING_TO_CANCEL: Final = "There is no cab request for this trip"
CAB_CANCEL_UNDER_WAY: Final = "This cab is already being cancelled"
CAB_ISSUE_ALREADY_RAISED: Final = "An issue has already been raised for this cab"
CAB_ISSUE_REQUIRED: Final = "Let us know what is wrong"
CAB_VENDOR_REQUIRED: Final = "Please select a vendor"
CAB_CATEGORY_INVALID: Final = "Please choose a cab category"
CAB_TOO_MANY_STOPS: Final = f"At most {server_limits.CAB_MAX_STOPS} stops can be added"
CAB_STOP_REPEATED: Final = "Each stop can be added once"
CAB_STOP_OFF_ROUTE: Final = "{stop} is too far from the way of this trip"
CAB_ROUTE_TOO_LONG: Final = f"The ride through these stops is longer than {server_limits.CAB_MAX_ROUTE_KM} km"
CAB_REQUEST_FAILED: Final = "Your cab request could not be processed!"
CAB_VENDORS_UNAVAILABLE: Final = "Cab vendors are unavailable right now. Please try again in some time."
CAB_PLAN_SAVED: Final = "Stops saved"
CAB_REQUESTED: Final = "Cab requested"
CAB_CANCELLED: Final = "Cab cancelled"
CAB_ISSUE_RAISED: Final = "Thanks for letting us know. We will look into it."
CAB_BOOKING_NOT_FOUND: Final = "Cab booking not found"
# A vendor's webhook (KYC, cab): its answers.
VENDOR_NEWS_RECEIVED: Final = "Received"
VENDOR_SIGNATURE_INVALID: Final = "Signature is not valid"
VENDOR_WEBHOOK_INVALID: Final = "The webhook body is not valid"
VENDOR_WEBHOOK_STALE: Final = (
    f"The webhook's timestamp is more than {server_limits.VENDOR_WEBHOOK_WINDOW_SECONDS // 60} minutes from now"
)
VENDOR_WEBHOOK_REPLAYED: Final = "This webhook delivery was already received"

NO_SHOW_MARKED: Final = "Marked as a no-show"
NO_SHOW_TOO_EARLY: Final = "A no-show can be marked only after the trip starts"
NO_SHOW_TOO_LATE: Final = f"A no-show can be marked only within {server_limits.NO_SHOW_WINDOW_HOURS} hours of the trip"
NO_SHOW_ALREADY: Final = "Already marked as a no-show"
NO_SHOW_NOT_MEMBER: Final = "Only an active member can be marked as a no-show"
# Said before a move that counts as a late cancellation (domain/rules/reliability.py); {window} is the
# late-cancel window in words ('2 hours').
LATE_LEAVE_WARNING: Final = "Leaving within {window} of departure will count as a late cancellation on your record."
LATE_REMOVE_WARNING: Final = (
    "Removing a member within {window} of departure will count as a late cancellation on your record."
)
LATE_DELETE_WARNING: Final = (
    "Deleting a trip with members within {window} of departure will count as a late cancellation on your record."
)
# "Still coming?" after the host moved the trip by more than half an hour (domain/rules/still_coming.py).
STILL_COMING_KEPT: Final = "Your seat is kept."
STILL_COMING_NOT_MEMBER: Final = "Only active members can keep their seat"
STILL_COMING_PAST: Final = "Cannot keep your seat. Trip is in the past."

COMMUTE_DAYS_REQUIRED: Final = "Please choose the days to repeat on"
COMMUTE_UNTIL_PAST: Final = "The last day cannot be in the past"
COMMUTE_UNTIL_TOO_FAR: Final = f"The last day cannot be more than {limits.DATE_PICKER_MAX_YEARS_AHEAD} years ahead"
COMMUTE_CREATED: Final = "Commute created"
COMMUTE_STOPPED: Final = "Commute stopped"
COMMUTE_NOT_FOUND: Final = "Commute not found"
COMMUTE_TRIPS_KEPT: Final = (
    "Your commute has stopped. Its trips people have joined stay; delete them if you will not go."
)

QUERY_PAST: Final = "Cannot ask query. Trip is in the past."
QUERY_ASKED: Final = "Question sent to the host"
QUERY_ANSWERED: Final = "Answer sent"
QUERY_NOT_FOUND: Final = "Question not found"
QUERY_ALREADY_ANSWERED: Final = "This question has already been answered"
QUERY_OWN_TRIP: Final = "You are the host of this trip"
QUERY_TOO_MANY: Final = "You have asked too many questions on this trip today. Please try again tomorrow"

BLOCK_SELF: Final = "You cannot block yourself"
BLOCKED: Final = "User blocked"
BLOCKED_AND_REPORTED: Final = "User reported and blocked"

# Joining a trip
JOIN_NOT_PENDING: Final = "This request is no longer pending"
JOIN_LEAVE_NOT_MEMBER: Final = "Only active members can leave"
JOIN_REMOVE_NOT_MEMBER: Final = "Only active members can be removed"
JOIN_REQUESTER_ONLY: Final = "Only the person who sent this request can do that"

# Chat
CHAT_NOT_FOUND: Final = "Chat not found"
CHAT_MEMBERS_ONLY: Final = "Only the host and active members can use this chat"
CHAT_SHARE_NUMBER_HOST_ONLY: Final = "Only the host can share their number"
CHAT_UNKNOWN_EVENT: Final = "Unknown event"
CHAT_BAD_FRAME: Final = "A frame must be JSON with an event and its data"
CHAT_TOKEN_EXPIRED: Final = "Access token expired. Please fetch a new one and send again."
CHAT_ORIGIN_REFUSED: Final = "This origin may not open the chat"
CHAT_JOIN_FIRST: Final = "Join the chat first"
CHAT_MESSAGE_IDENTIFIER_REQUIRED: Final = "client_message_identifier is required"
CHAT_DOCUMENT_NOT_FOUND: Final = "Document not found"
CHAT_DOCUMENT_MESSAGE_INVALID: Final = "This message does not wait for a document"
CHAT_DOCUMENT_ALREADY_UPLOADED: Final = "A document was already uploaded for this message"
CHAT_DOCUMENT_CHECKING: Final = "Checking the document against our community guidelines"
CHAT_DOCUMENT_REFUSED: Final = "This document does not follow our community guidelines"
CHAT_DOCUMENT_UPLOADED: Final = "Document uploaded"
CHAT_UPLOAD_MALFORMED: Final = "Send the document as multipart form data with message_id, session_id and file"
CHAT_DOCUMENTS_PER_PERSON_USED: Final = (
    "You have sent as many documents as a day allows. Please try again tomorrow or share a cloud link."
)
CHAT_DOCUMENTS_PER_TRIP_USED: Final = (
    "This trip's chat has had as many documents as a day allows. Please try again tomorrow or share a cloud link."
)
CHAT_DOCUMENT_STORAGE_FULL: Final = "We cannot store documents just now. Please try again later or share a cloud link."
CHAT_DOCUMENT_NAME_CHARACTERS: Final = "File name contains characters that are not allowed: {characters}"
CHAT_DOCUMENT_NAME_LENGTH: Final = f"File name must be at most {limits.FILE_NAME_MAX_LENGTH} characters"
CHAT_TOKEN_IN_ADDRESS: Final = "Send the access token in an authenticate frame, never in the socket's address"

# Notifications and web push
NOTIFICATION_SUBSCRIBE_FAILED: Final = "Could Not Subscribe to Notification"
NOTIFICATION_PERMISSION_DENIED: Final = (
    "Permission not granted for notification. Please change your app settings and try again."
)
NOTIFICATION_UNSUPPORTED: Final = "Your browser does not support notification"
SERVICE_WORKER_UNSUPPORTED: Final = "Service worker not supported"
NOTIFICATION_EMPTY: Final = "No notifications found in last"
# A newcomer has had no time for notices: their empty list does not count days they were not here.
NOTIFICATION_EMPTY_NEW: Final = "No notifications yet"
NOTIFICATION_EMPTY_NEW_HINT: Final = "Requests, answers and trip news will show up here."
NOTIFICATION_WINDOW_INVALID: Final = (
    f"Notifications can be fetched for at most {limits.NOTIFICATION_WINDOW_DAYS} days at a time"
)
NOTIFICATION_TYPE_INVALID: Final = "Unknown notification type"
PUSH_SUBSCRIBED: Final = "Subscribed to notifications"
PUSH_REFRESHED: Final = "Notification subscription refreshed"
PUSH_UNSUBSCRIBED: Final = "Unsubscribed from notifications"
PUSH_SUBSCRIPTION_INVALID: Final = "The push subscription is not valid"
PUSH_ENDPOINT_NOT_HTTPS: Final = "Notifications can only be sent to a push service over HTTPS"
PUSH_ENDPOINT_NOT_PUBLIC: Final = (
    "Notifications can only be sent to a push service on the internet, not to a local or private address"
)
