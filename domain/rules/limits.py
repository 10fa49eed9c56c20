"""Numeric limits of SPEC §5 and §9."""

from typing import Final

CLIENT_VERSION: Final = "1.0.34"
COUNTRY_CODE: Final = "+91"
PHONE_LENGTH: Final = 10
OTP_RESEND_SECONDS: Final = 60
OTP_ERROR_CLEAR_SECONDS: Final = 5

MESSAGE_MIN_LENGTH: Final = 1
MESSAGE_MAX_LENGTH: Final = 500
TRIP_NOTE_MAX_LENGTH: Final = 300
CANCELLATION_REASON_MAX_LENGTH: Final = 300
FEEDBACK_NOTE_MAX_LENGTH: Final = 500
REFERRAL_CODE_MIN_LENGTH: Final = 5
REFERRAL_CODE_MAX_LENGTH: Final = 20
PASSENGERS_MIN: Final = 2
PASSENGERS_MAX: Final = 4
PASSENGERS_DEFAULT: Final = 2
ESTIMATED_COST_MIN: Final = 1
ESTIMATED_COST_MAX: Final = 100_000
ESTIMATED_COST_STEP: Final = 100
REVIEW_STARS_MAX: Final = 5
REVIEW_FLAG_REASON_MAX_LENGTH: Final = 300
LUGGAGE_MIN: Final = 0
LUGGAGE_MAX: Final = 20
FILE_MAX_BYTES: Final = 52_428_800
FILE_NAME_MAX_LENGTH: Final = 100
# A profile picture's longest side, in pixels: an avatar is shown at most 512 px square, and 4096 x 4096 (16.8
# megapixels) takes any phone's usual photo (12 MP) while keeping one decode to a fraction of a second on one core.
IMAGE_MAX_SIDE: Final = 4096
CHAT_INPUT_MAX_ROWS: Final = 3
QUERY_INPUT_MAX_ROWS: Final = 2

DOB_MAX_YEARS_BACK: Final = 100
DATE_PICKER_MAX_YEARS_AHEAD: Final = 5
PRESET_AVATAR_COUNT: Final = 12
AVATAR_CAROUSEL_SLIDES: Final = 4
BANNER_AUTOPLAY_SECONDS: Final = 3
TRIP_CARD_SLIDES: Final = 1.06

LOCATION_TIMEOUT_SECONDS: Final = 20
AUTOCOMPLETE_DEBOUNCE_MS: Final = 300
LOCATION_NAME_MAX_CHARS: Final = 25

NOTIFICATION_WINDOW_DAYS: Final = 10
NOTIFICATION_EXTRA_WINDOWS: Final = 3
KG_CO2_PER_TREE: Final = 50

ERROR_TOAST_SECONDS: Final = 5
SUCCESS_TOAST_SECONDS: Final = 3
COPY_TOOLTIP_SECONDS: Final = 2
KYC_SUCCESS_REDIRECT_SECONDS: Final = 4
LINKEDIN_SUCCESS_REDIRECT_SECONDS: Final = 4
RECOMMENDED_MAX_WALK_KM: Final = 2.0
# A search answers its ranked trips a page at a time: about two phone screens, some 21 KB of JSON.
TRIPS_PER_SEARCH_PAGE: Final = 10
# A host marks a no-show from departure until this many hours after it.
NO_SHOW_WINDOW_HOURS: Final = 24

# A cab for a trip: its stops, and the longest ride the vendors serve (intercity beyond it is another product).
CAB_MAX_STOPS: Final = 3
CAB_MAX_ROUTE_KM: Final = 150

# A vendor's webhook signed more than this many seconds before or after now is refused (domain/webhooks.py).
VENDOR_WEBHOOK_WINDOW_SECONDS: Final = 300

# Rider safety
EMERGENCY_CONTACTS_MAX: Final = 3
EMERGENCY_CONTACT_NAME_MAX_LENGTH: Final = 100
SOS_OPENS_MINUTES_BEFORE_DEPARTURE: Final = 30
SOS_HOLD_MS: Final = 1500
SHARED_LINK_HOURS_AFTER_COMPLETION: Final = 1
EMERGENCY_NUMBER: Final = "112"
