"""The fixed choices of SPEC §3 and §5."""

from typing import Final

GENDERS: Final = ("MALE", "FEMALE", "OTHERS")

FEEDBACK_FEATURES: Final = {
    "trips": ("create", "search", "request"),
    "security": ("kyc_glitch", "passenger_threat"),
    "chat": ("chat_glitch", "document_upload", "unparliamentary_chat_content"),
    "profile": ("incorrect_profile",),
    "others": (),
}
