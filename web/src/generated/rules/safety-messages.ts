// Generated from domain/rules by `make generate`. Do not edit.

export const SAFETY_MESSAGES = {
  "EMERGENCY_CONTACTS_TOO_MANY": "You can add up to 3 emergency contacts",
  "EMERGENCY_CONTACT_NAME_REQUIRED": "Enter a name for each emergency contact",
  "EMERGENCY_CONTACT_NAME_TOO_LONG": "A contact's name can be at most 100 characters",
  "EMERGENCY_CONTACT_NAME_CHARACTERS": "Contact name contains characters that are not allowed: {characters}",
  "EMERGENCY_CONTACT_NUMBER_INVALID": "Enter a valid 10-digit mobile number for each emergency contact",
  "EMERGENCY_CONTACT_OWN_NUMBER": "An emergency contact cannot be your own number",
  "EMERGENCY_CONTACT_REPEATED": "Each emergency contact needs a different number",
  "EMERGENCY_CONTACTS_SAVED": "Emergency contacts saved",
  "EMERGENCY_CONTACTS_CHANGED_TOO_OFTEN": "You have changed your emergency contacts {count} times today. You can change them again tomorrow.",
  "TRIP_SHARE_MEMBERS_ONLY": "Only the host and members of this trip can share it live",
  "TRIP_SHARE_ENDED": "This trip has ended; its live link can no longer be shared",
  "TRIP_SHARE_REVOKED": "The live link to this trip is turned off",
  "SHARED_TRIP_NOT_FOUND": "This link has expired or was turned off",
  "SOS_MEMBERS_ONLY": "Only the host and members of this trip can raise an SOS",
  "SOS_NOT_NOW": "SOS is available from 30 minutes before departure until the trip completes",
  "SOS_RAISED": "SOS raised. Your emergency contacts and co-riders are being told.",
  "SOS_NOT_OPEN": "There is no open SOS on this trip",
  "SOS_TOO_MANY_TODAY": "You have raised SOS {count} times today. If you are in danger, call 112.",
  "SOS_COOLING_DOWN": "You said you are safe a moment ago. You can raise SOS again in {minutes} min; if you are in danger, call 112.",
  "SOS_RESOLVED": "Glad you are safe. Your emergency contacts have been told."
} as const;
