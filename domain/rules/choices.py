"""The fixed choices of SPEC §3 and §5."""

from typing import Final

from domain.rules import labels

GENDERS: Final = ("MALE", "FEMALE", "OTHERS")

FEEDBACK_FEATURES: Final = {
    "trips": ("create", "search", "request"),
    "security": ("kyc_glitch", "passenger_threat"),
    "chat": ("chat_glitch", "document_upload", "unparliamentary_chat_content"),
    "profile": ("incorrect_profile",),
    "others": (),
}

TRANSPORT_CAB: Final = 1
TRANSPORT_AUTO: Final = 2
TRANSPORT_UNDECIDED: Final = 3
TRANSPORT_SELF_DRIVE: Final = 4
TRANSPORT_MODES: Final = {
    TRANSPORT_CAB: "Cab",
    TRANSPORT_AUTO: "Auto",
    TRANSPORT_UNDECIDED: "Undecided",
    TRANSPORT_SELF_DRIVE: "Self Drive",
}

# How far a host will go out of their way for riders along it, in minutes (domain/rules/along.py): the choices of
# the create and edit forms. 0 takes riders at the ends only.
DETOUR_CHOICES: Final = (0, 5, 10, 15, 20, 30)
DEFAULT_DETOUR_MINUTES: Final = 10

# What a co-rider can be rated on (SPEC §3 Config review_attributes): key to label, in the request's language where
# the API sends it (domain/rules/labels.py).
REVIEW_ATTRIBUTES: Final = {
    "punctual": labels.REVIEW_PUNCTUAL,
    "friendly": labels.REVIEW_FRIENDLY,
    "safe_driving": labels.REVIEW_SAFE_DRIVING,
    "clean_vehicle": labels.REVIEW_CLEAN_VEHICLE,
    "good_communication": labels.REVIEW_GOOD_COMMUNICATION,
}

# The cab categories a host may ask vendors for (SPEC §3 Config valid_cab_categories): key to label, as above.
CAB_CATEGORIES: Final = {"hatchback": labels.CAB_CATEGORY_HATCHBACK, "sedan": labels.CAB_CATEGORY_SEDAN, "suv": "SUV"}

TRIP_DELETE_REASONS: Final = ("Did not find a match", "Do not understand how to use the app")


def reason_told_to_members(reason: str | None) -> str | None:
    """The host's own words for deleting a trip, or None: the presets tell the product why, not the riders."""
    text = (reason or "").strip()
    return None if not text or text in TRIP_DELETE_REASONS else text


ATTACHMENT_EXTENSIONS: Final = {
    "image": ("jpg", "jpeg", "png", "gif"),
    "video": ("mp4", "mov", "hevc", "wmv", "avi"),
    "pdf": ("pdf",),
}
