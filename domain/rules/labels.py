"""The names of what the API sends as data for display: cab categories and review attributes (SPEC §3 Config
valid_cab_categories, review_attributes), a cab's fare items and why another change ended it (`cancelled_because`).

They are the product's words like its sentences: each is named by its constant (a message id), translated in
domain/rules/translations, and said in the request's language where the API sends it (domain/i18n/catalog.py
`in_language`). "SUV" and "GST" are said as they are in every language, like OTP, and a vendor's own name for a fare
item stays as the vendor wrote it.
"""

from typing import Final

# The cab categories a host may ask vendors for (choices.CAB_CATEGORIES).
CAB_CATEGORY_HATCHBACK: Final = "Hatchback"
CAB_CATEGORY_SEDAN: Final = "Sedan"

# What a co-rider can be rated on (choices.REVIEW_ATTRIBUTES).
REVIEW_PUNCTUAL: Final = "Punctual"
REVIEW_FRIENDLY: Final = "Friendly"
REVIEW_SAFE_DRIVING: Final = "Safe driving"
REVIEW_CLEAN_VEHICLE: Final = "Clean vehicle"
REVIEW_GOOD_COMMUNICATION: Final = "Good communication"

# Why a cancelled cab ended when another change ended it, in the cab block's words: "Cancelled because {reason}"
# (cab.ENDED_BECAUSE).
ENDED_BECAUSE_TRIP_MOVED: Final = "the trip's time changed"
ENDED_BECAUSE_TRIP_DELETED: Final = "the trip was deleted"
ENDED_BECAUSE_COMMUTE_STOPPED: Final = "the commute was stopped"

# The items of a vendor's fare (fare_breakup), as the aggregator names them.
FARE_BASE: Final = "Base fare"
FARE_DISTANCE: Final = "Distance ({km} km)"
FARE_STOPS: Final = "Stops"
