"""The product's words for rider safety: emergency contacts, a live link to a trip, SOS. Apart from the app's other
messages so that the web app's first screens do not carry them (exported as SAFETY_MESSAGES)."""

from typing import Final

from domain.rules import limits

EMERGENCY_CONTACTS_TOO_MANY: Final = f"You can add up to {limits.EMERGENCY_CONTACTS_MAX} emergency contacts"
EMERGENCY_CONTACT_NAME_REQUIRED: Final = "Enter a name for each emergency contact"
EMERGENCY_CONTACT_NAME_TOO_LONG: Final = (
    f"A contact's name can be at most {limits.EMERGENCY_CONTACT_NAME_MAX_LENGTH} characters"
)
EMERGENCY_CONTACT_NAME_CHARACTERS: Final = "Contact name contains characters that are not allowed: {characters}"
EMERGENCY_CONTACT_NUMBER_INVALID: Final = (
    f"Enter a valid {limits.PHONE_LENGTH}-digit mobile number for each emergency contact"
)
EMERGENCY_CONTACT_OWN_NUMBER: Final = "An emergency contact cannot be your own number"
EMERGENCY_CONTACT_REPEATED: Final = "Each emergency contact needs a different number"
EMERGENCY_CONTACTS_SAVED: Final = "Emergency contacts saved"
EMERGENCY_CONTACTS_CHANGED_TOO_OFTEN: Final = (
    "You have changed your emergency contacts {count} times today. You can change them again tomorrow."
)
TRIP_SHARE_MEMBERS_ONLY: Final = "Only the host and members of this trip can share it live"
TRIP_SHARE_ENDED: Final = "This trip has ended; its live link can no longer be shared"
TRIP_SHARE_REVOKED: Final = "The live link to this trip is turned off"
SHARED_TRIP_NOT_FOUND: Final = "This link has expired or was turned off"
SOS_MEMBERS_ONLY: Final = "Only the host and members of this trip can raise an SOS"
SOS_NOT_NOW: Final = (
    f"SOS is available from {limits.SOS_OPENS_MINUTES_BEFORE_DEPARTURE} minutes before departure "
    "until the trip completes"
)
SOS_RAISED: Final = "SOS raised. Your emergency contacts and co-riders are being told."
SOS_NOT_OPEN: Final = "There is no open SOS on this trip"
SOS_TOO_MANY_TODAY: Final = (
    f"You have raised SOS {{count}} times today. If you are in danger, call {limits.EMERGENCY_NUMBER}."
)
SOS_COOLING_DOWN: Final = (
    "You said you are safe a moment ago. You can raise SOS again in {minutes} min; "
    f"if you are in danger, call {limits.EMERGENCY_NUMBER}."
)
SOS_RESOLVED: Final = "Glad you are safe. Your emergency contacts have been told."
