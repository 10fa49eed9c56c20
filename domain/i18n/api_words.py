"""Sentences only the API says, apart from the rules' messages it shares with the web app (domain/rules): translated
with them (domain/i18n/catalog.py), but not exported to the web."""

from typing import Final

# Input that passes validation but that the database cannot hold: a number beyond its columns (an id of 30 digits)
# or text with a NUL character. A refusal of the request, not a fault of the server.
VALUE_NOT_STORABLE: Final = "The request has a number out of range or a character that is not allowed"
# JSON may escape half of a UTF-16 pair ("\ud800"); such text cannot be stored or sent back.
TEXT_NOT_UNICODE: Final = "The request has text that is not valid Unicode"
# A body that JSON cannot read.
JSON_INVALID: Final = "The request body is not valid JSON"
# A profile's language (PUT /api/user/user) that the app does not speak.
LANGUAGE_INVALID: Final = "Please choose a language: en (English), hi (Hindi) or kn (Kannada)"
# The sign-in code's SMS: the code first, so a phone can offer to fill it in (domain/providers/sms.py).
SIGN_IN_CODE_SMS: Final = "{code} is your Humsafar login code. It expires in {minutes} minutes. Do not share it."
