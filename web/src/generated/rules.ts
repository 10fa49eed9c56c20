// Generated from domain/rules by `make generate`. Do not edit.

export const LIMITS = {
  "CLIENT_VERSION": "1.0.34",
  "COUNTRY_CODE": "+91",
  "PHONE_LENGTH": 10,
  "OTP_RESEND_SECONDS": 60,
  "OTP_ERROR_CLEAR_SECONDS": 5,
  "MESSAGE_MIN_LENGTH": 10,
  "MESSAGE_MAX_LENGTH": 500,
  "TRIP_NOTE_MAX_LENGTH": 300,
  "FEEDBACK_NOTE_MAX_LENGTH": 500,
  "REFERRAL_CODE_MIN_LENGTH": 5,
  "REFERRAL_CODE_MAX_LENGTH": 20,
  "PASSENGERS_MIN": 2,
  "PASSENGERS_MAX": 4,
  "PASSENGERS_DEFAULT": 2,
  "ESTIMATED_COST_MIN": 1,
  "ESTIMATED_COST_MAX": 100000,
  "ESTIMATED_COST_STEP": 100,
  "LUGGAGE_MIN": 0,
  "LUGGAGE_MAX": 20,
  "FILE_MAX_BYTES": 52428800,
  "CHAT_INPUT_MAX_ROWS": 3,
  "QUERY_INPUT_MAX_ROWS": 2,
  "DOB_MAX_YEARS_BACK": 100,
  "DATE_PICKER_MAX_YEARS_AHEAD": 5,
  "PRESET_AVATAR_COUNT": 12,
  "AVATAR_CAROUSEL_SLIDES": 4,
  "BANNER_AUTOPLAY_SECONDS": 3,
  "TRIP_CARD_SLIDES": 1.06,
  "LOCATION_TIMEOUT_SECONDS": 20,
  "AUTOCOMPLETE_DEBOUNCE_MS": 300,
  "LOCATION_NAME_MAX_CHARS": 25,
  "NOTIFICATION_WINDOW_DAYS": 10,
  "NOTIFICATION_EXTRA_WINDOWS": 3,
  "KG_CO2_PER_TREE": 50,
  "ERROR_TOAST_SECONDS": 5,
  "SUCCESS_TOAST_SECONDS": 3,
  "COPY_TOOLTIP_SECONDS": 2,
  "KYC_SUCCESS_REDIRECT_SECONDS": 4,
  "LINKEDIN_SUCCESS_REDIRECT_SECONDS": 4,
  "RECOMMENDED_MAX_WALK_KM": 2.0
} as const;

export const PATTERNS = {
  "PHONE": "^[6-9][0-9]{9}$",
  "NAME": "^[A-Za-z]+( [A-Za-z]+)*$",
  "REFERRAL_CODE": "^[A-Za-z0-9]{5,20}$",
  "DOB": "^[0-9]{2}-[0-9]{2}-[0-9]{4}$",
  "FREE_TEXT": "^[A-Za-z0-9 ,.\\-_()/\\\\&₹?!%$*+]*$"
} as const;

export const MESSAGES = {
  "PHONE_REQUIRED": "phone number is required",
  "PHONE_INVALID": "Enter a valid phone number",
  "OTP_REQUIRED": "OTP cannot be empty",
  "OTP_SENT": "OTP sent successfully",
  "OTP_INVALID": "Invalid OTP. Please try again.",
  "OTP_EXPIRED": "OTP has expired. Please request a new one.",
  "OTP_TOO_MANY_TRIES": "Too many wrong attempts. Please request a new OTP.",
  "OTP_RESEND_TOO_SOON": "Please wait {seconds} seconds before requesting a new OTP.",
  "OTP_SEND_LIMIT": "Too many OTP requests. Please try again later.",
  "OTP_DAILY_FAILURES": "Too many failed attempts today. Please try again tomorrow.",
  "LOGIN_SUCCESS": "Logged in successfully",
  "LOGOUT_SUCCESS": "Logged out successfully",
  "LOGIN_REQUIRED": "Please login to continue",
  "CSRF_REFUSED": "Request refused. Please reload the app and try again.",
  "NAME_REQUIRED": "Name is required",
  "NAME_INVALID": "Enter a valid name",
  "NAME_LOCKED_AFTER_KYC": "Name cannot be updated after KYC",
  "SEX_REQUIRED": "Sex is required",
  "GENDER_REQUIRED": "Gender is required",
  "DOB_REQUIRED": "Date of birth is required",
  "DOB_INVALID": "Enter a valid date of birth",
  "DOB_LOCKED_AFTER_KYC": "Date of birth cannot be updated after KYC",
  "REFERRAL_CODE_INVALID": "Enter a valid referral code",
  "IMAGE_INVALID": "Image must be a jpg, jpeg, png, heic or heif file",
  "PROFILE_CREATED": "Profile Created Successfully",
  "PROFILE_UPDATED": "Profile Updated Successfully",
  "ACCOUNT_DELETED": "Account deleted successfully",
  "USER_NOT_FOUND": "User not found",
  "LOCATION_UPDATED": "Location updated",
  "LOCATION_INVALID": "Please enter a valid location or use auto-fetch.",
  "NOTHING_UPDATED": "Nothing has been updated",
  "MESSAGE_LENGTH": "Message should to be of length 10 to 500",
  "MESSAGE_CHARACTERS": "Message can only have alphabets, numbers, spaces and ,.-_()/\\&₹?!%$*+ symbols",
  "NOTE_CHARACTERS": "Note can only have alphabets, numbers, spaces and ,.-_()/\\&₹?!%$*+ symbols",
  "REASON_REQUIRED": "Reason is required",
  "REASON_SELECT": "Please select an option or write your reason",
  "FILE_FORMAT_INVALID": "Invalid file format",
  "FILE_TOO_LARGE": "File exceeds 50 MB. Please upload a smaller file or share a cloud link.",
  "NOT_FOUND": "Not found",
  "PAGE_NOT_FOUND": "Page Not Found",
  "GENERIC_ERROR": "Something went wrong! This should not have happened, please attempt again in some time!",
  "FALLBACK_ERROR": "Some error occur!",
  "APP_CRASHED": "Uh oh, something went terribly wrong",
  "OTP_LOGIN_TOKEN_INVALID": "This OTP is no longer valid. Please request a new one.",
  "FEEDBACK_SERVICE_REQUIRED": "Please select at least one service.",
  "FEEDBACK_NOTE_REQUIRED": "Please provide a note.",
  "FEEDBACK_NOTE_TOO_LONG": "Note cannot exceed 500 characters.",
  "FEEDBACK_CHOICE_INVALID": "Please choose services and features from the list.",
  "FEEDBACK_THANKS": "Thank you for your feedback!",
  "TRIP_FROM_REQUIRED": "Please add From location",
  "TRIP_TO_REQUIRED": "Please add To location",
  "TRIP_DATE_INVALID": "Please add valid date",
  "TRIP_TIME_INVALID": "Please add valid time",
  "TRIP_CREATE_IN_PAST": "Cannot create trip. Time of trip cannot be in the past.",
  "TRIP_EDIT_TO_PAST": "Cannot edit trip. Time of trip cannot be in the past.",
  "TRIP_EDIT_PAST": "Cannot edit trip. Trip is in the past.",
  "TRIP_DELETE_PAST": "Cannot delete trip. Trip is in the past.",
  "TRIP_COST_REQUIRED": "Please add estimated cost",
  "TRIP_COST_RANGE": "Estimated cost should be between 1 and 100000",
  "TRIP_PASSENGERS_RANGE": "Passengers should be between 2 and 4",
  "TRIP_PASSENGERS_BELOW_JOINED": "Passengers cannot be fewer than the people already in the trip",
  "TRIP_NOTE_TOO_LONG": "Additional note cannot exceed 300 characters",
  "TRIP_MODE_INVALID": "Please choose a mode of transport",
  "TRIP_PLACES_LOCKED": "Origin and destination cannot be changed",
  "TRIP_NOT_FOUND": "Trip not found",
  "TRIP_HOST_ONLY": "Only the host of this trip can do that",
  "TRIP_CANCELLED": "This trip has been cancelled",
  "TRIP_CREATED": "Trip created successfully",
  "TRIP_UPDATED": "Trip updated successfully",
  "TRIP_DELETED": "Trip deleted successfully",
  "SEARCH_POINT_REQUIRED": "Please add From and To locations"
} as const;

export const CHOICES = {
  "GENDERS": [
    "MALE",
    "FEMALE",
    "OTHERS"
  ],
  "FEEDBACK_FEATURES": {
    "trips": [
      "create",
      "search",
      "request"
    ],
    "security": [
      "kyc_glitch",
      "passenger_threat"
    ],
    "chat": [
      "chat_glitch",
      "document_upload",
      "unparliamentary_chat_content"
    ],
    "profile": [
      "incorrect_profile"
    ],
    "others": []
  },
  "TRANSPORT_CAB": 1,
  "TRANSPORT_AUTO": 2,
  "TRANSPORT_UNDECIDED": 3,
  "TRANSPORT_SELF_DRIVE": 4,
  "TRANSPORT_MODES": {
    "1": "Cab",
    "2": "Auto",
    "3": "Undecided",
    "4": "Self Drive"
  },
  "TRIP_DELETE_REASONS": [
    "Did not find a match",
    "Do not understand how to use the app"
  ]
} as const;
