"""The names of what the API sends as data for display: cab categories and review attributes (SPEC §3 Config
valid_cab_categories, review_attributes), a cab's fare items and why another change ended it (`cancelled_because`),
and the configuration's own copy (its explanations, `referral_message`, `share_trip_text`).

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

# The configuration's explanations (SPEC §3 Config `*_explanation_heading`, `*_explanation_content`): a heading, and
# its text as HTML the app draws through its safe renderer.
WALKING_DISTANCE_HEADING: Final = "Walking distance"
WALKING_DISTANCE_EXPLANATION: Final = (
    "<p>How far you would walk from where you start to the trip's pick-up point, "
    "and from its drop point to where you are going.</p>"
)
ESTIMATED_COST_HEADING: Final = "Estimated cost"
ESTIMATED_COST_EXPLANATION: Final = (
    "<p>The cost per person lies between the total split among all seats and half the total: "
    "the host pays the full share until the trip fills up.</p>"
)
CO2_SAVED_HEADING: Final = "CO2 saved"
CO2_SAVED_EXPLANATION: Final = (
    "<p>Every seat shared takes a vehicle off the road. One tree is planted for every 50 kg of CO2 avoided.</p>"
)
CAB_UNFULFILLED_HEADING: Final = "Cab request unfulfilled"
CAB_UNFULFILLED_EXPLANATION: Final = (
    "<p>No vendor could confirm a cab for this trip. You can raise an issue or request again.</p>"
)
CAB_NOT_ELIGIBLE_HEADING: Final = "Not eligible for a cab"
CAB_NOT_ELIGIBLE_EXPLANATION: Final = (
    "<p>Cab booking is available for upcoming trips whose mode is Cab and whose route our vendors serve.</p>"
)
# The invitation a person shares with their referral code (Config `referral_message`): the app fills the person's
# name and code, which the configuration hands it as SPEC §3's {1} and {0}; the app's address is the API's to fill.
REFERRAL_MESSAGE: Final = (
    "{name} invites you to Humsafar: share cabs, autos and self-drive rides with people going your way. "
    "Sign up with my referral code {code} at {app_url}"
)
# What sharing a trip says (Config `share_trip_text`): the app fills the trip's {link}.
SHARE_TRIP_TEXT: Final = "Join my trip on Humsafar: {link}"
