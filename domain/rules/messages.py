"""The product's own words for errors and confirmations (SPEC §2, §5 and §8)."""

from typing import Final

PHONE_REQUIRED: Final = "phone number is required"
PHONE_INVALID: Final = "Enter a valid phone number"
OTP_REQUIRED: Final = "OTP cannot be empty"
OTP_SENT: Final = "OTP sent successfully"
OTP_INVALID: Final = "Invalid OTP. Please try again."
OTP_EXPIRED: Final = "OTP has expired. Please request a new one."
OTP_TOO_MANY_TRIES: Final = "Too many wrong attempts. Please request a new OTP."
OTP_RESEND_TOO_SOON: Final = "Please wait before requesting a new OTP."
OTP_SEND_LIMIT: Final = "Too many OTP requests. Please try again later."
OTP_DAILY_FAILURES: Final = "Too many failed attempts today. Please try again tomorrow."
LOGIN_SUCCESS: Final = "Logged in successfully"
LOGOUT_SUCCESS: Final = "Logged out successfully"
LOGIN_REQUIRED: Final = "Please login to continue"
CSRF_REFUSED: Final = "Request refused. Please reload the app and try again."

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
PROFILE_CREATED: Final = "Profile Created Successfully"
PROFILE_UPDATED: Final = "Profile Updated Successfully"
ACCOUNT_DELETED: Final = "Account deleted successfully"
USER_NOT_FOUND: Final = "User not found"
LOCATION_UPDATED: Final = "Location updated"
LOCATION_INVALID: Final = "Please enter a valid location or use auto-fetch."
NOTHING_UPDATED: Final = "Nothing has been updated"

MESSAGE_LENGTH: Final = "Message should to be of length 10 to 500"
MESSAGE_CHARACTERS: Final = (
    "Message can only have alphabets, numbers, spaces and ,.-_()/\\&₹?!%$*+ symbols"
)
NOTE_CHARACTERS: Final = "Note can only have alphabets, numbers, spaces and ,.-_()/\\&₹?!%$*+ symbols"
REASON_REQUIRED: Final = "Reason is required"
REASON_SELECT: Final = "Please select an option or write your reason"
FILE_FORMAT_INVALID: Final = "Invalid file format"
FILE_TOO_LARGE: Final = "File exceeds 50 MB. Please upload a smaller file or share a cloud link."

NOT_FOUND: Final = "Not found"
PAGE_NOT_FOUND: Final = "Page Not Found"
GENERIC_ERROR: Final = (
    "Something went wrong! This should not have happened, please attempt again in some time!"
)
FALLBACK_ERROR: Final = "Some error occur!"
APP_CRASHED: Final = "Uh oh, something went terribly wrong"
