// Generated from domain/rules by `make generate`. Do not edit.

export const LIMITS = {
  "CLIENT_VERSION": "1.0.34",
  "COUNTRY_CODE": "+91",
  "PHONE_LENGTH": 10,
  "OTP_RESEND_SECONDS": 60,
  "OTP_ERROR_CLEAR_SECONDS": 5,
  "MESSAGE_MIN_LENGTH": 1,
  "MESSAGE_MAX_LENGTH": 500,
  "TRIP_NOTE_MAX_LENGTH": 300,
  "CANCELLATION_REASON_MAX_LENGTH": 300,
  "FEEDBACK_NOTE_MAX_LENGTH": 500,
  "REFERRAL_CODE_MIN_LENGTH": 5,
  "REFERRAL_CODE_MAX_LENGTH": 20,
  "PASSENGERS_MIN": 2,
  "PASSENGERS_MAX": 4,
  "PASSENGERS_DEFAULT": 2,
  "ESTIMATED_COST_MIN": 1,
  "ESTIMATED_COST_MAX": 100000,
  "ESTIMATED_COST_STEP": 100,
  "REVIEW_STARS_MAX": 5,
  "REVIEW_FLAG_REASON_MAX_LENGTH": 300,
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
  "RECOMMENDED_MAX_WALK_KM": 2.0,
  "EMERGENCY_CONTACTS_MAX": 3,
  "EMERGENCY_CONTACT_NAME_MAX_LENGTH": 100,
  "SOS_OPENS_MINUTES_BEFORE_DEPARTURE": 30,
  "SOS_HOLD_MS": 1500,
  "SHARED_LINK_HOURS_AFTER_COMPLETION": 1,
  "EMERGENCY_NUMBER": "112"
} as const;

export const PATTERNS = {
  "PHONE": "^[6-9][0-9]{9}$",
  "NAME": "^[A-Za-z]+( [A-Za-z]+)*$",
  "REFERRAL_CODE": "^[A-Za-z0-9]{5,20}$",
  "DOB": "^[0-9]{2}-[0-9]{2}-[0-9]{4}$",
  "POSTAL_SUFFIX": "\\s*\\([^()]*\\)\\s*$",
  "FREE_TEXT_CATEGORIES": [
    "L",
    "M",
    "N",
    "P",
    "S",
    "Zs",
    "Cn"
  ],
  "FREE_TEXT_CHARACTER": "^[\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}\\p{Cn}]$",
  "FREE_TEXT_REFUSED_RANGES": [
    [
      173,
      173
    ],
    [
      847,
      847
    ],
    [
      1564,
      1564
    ],
    [
      4447,
      4448
    ],
    [
      6068,
      6069
    ],
    [
      8203,
      8207
    ],
    [
      8234,
      8238
    ],
    [
      8288,
      8303
    ],
    [
      12644,
      12644
    ],
    [
      64976,
      65007
    ],
    [
      65279,
      65279
    ],
    [
      65440,
      65440
    ],
    [
      65520,
      65528
    ],
    [
      113824,
      113827
    ],
    [
      119155,
      119162
    ],
    [
      917504,
      917759
    ],
    [
      918000,
      921599
    ],
    [
      65534,
      65535
    ],
    [
      131070,
      131071
    ],
    [
      196606,
      196607
    ],
    [
      262142,
      262143
    ],
    [
      327678,
      327679
    ],
    [
      393214,
      393215
    ],
    [
      458750,
      458751
    ],
    [
      524286,
      524287
    ],
    [
      589822,
      589823
    ],
    [
      655358,
      655359
    ],
    [
      720894,
      720895
    ],
    [
      786430,
      786431
    ],
    [
      851966,
      851967
    ],
    [
      917502,
      917503
    ],
    [
      983038,
      983039
    ],
    [
      1048574,
      1048575
    ],
    [
      1114110,
      1114111
    ]
  ],
  "FREE_TEXT_JOINERS": [
    8204,
    8205
  ],
  "FREE_TEXT_BEFORE_JOINER": [
    "M",
    "So",
    "Sk",
    "Cn"
  ],
  "FREE_TEXT_AFTER_JOINER": [
    "L",
    "M",
    "So",
    "Cn"
  ],
  "FREE_TEXT_FLAG": 127988,
  "FREE_TEXT_FLAG_TAGS": [
    [
      917552,
      917561
    ],
    [
      917601,
      917626
    ]
  ],
  "FREE_TEXT_FLAG_TAGS_MAX": 7,
  "FREE_TEXT_FLAG_END": 917631,
  "FREE_TEXT_TRIMMED": [
    9,
    10,
    11,
    12,
    13,
    32,
    160,
    5760,
    8192,
    8193,
    8194,
    8195,
    8196,
    8197,
    8198,
    8199,
    8200,
    8201,
    8202,
    8239,
    8287,
    12288
  ],
  "FREE_TEXT_NAMES": {
    "\n": "line break",
    "\t": "tab",
    "\r": "carriage return"
  },
  "FREE_TEXT_NAMED_MAX": 5
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
  "REQUEST_TOO_LARGE": "Request is too large. Please send less and try again.",
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
  "IMAGE_TOO_LARGE": "Image is too large: at most 4096 × 4096 pixels",
  "IMAGE_UPLOADS_TOO_MANY": "You have changed your picture too often. Please try again in an hour",
  "PROFILE_CREATED": "Profile Created Successfully",
  "PROFILE_UPDATED": "Profile Updated Successfully",
  "ACCOUNT_DELETED": "Account deleted successfully",
  "USER_NOT_FOUND": "User not found",
  "LOCATION_UPDATED": "Location updated",
  "LOCATION_INVALID": "Please enter a valid location or use auto-fetch.",
  "NOTHING_UPDATED": "Nothing has been updated",
  "MESSAGE_LENGTH": "Message should be of length 1 to 500",
  "MESSAGE_CHARACTERS": "Message contains characters that are not allowed: {characters}",
  "NOTE_CHARACTERS": "Note contains characters that are not allowed: {characters}",
  "REASON_CHARACTERS": "Reason contains characters that are not allowed: {characters}",
  "ISSUE_CHARACTERS": "Issue contains characters that are not allowed: {characters}",
  "PLACE_NAME_CHARACTERS": "Place name contains characters that are not allowed: {characters}",
  "REASON_REQUIRED": "Reason is required",
  "REASON_SELECT": "Please select an option or write your reason",
  "FILE_FORMAT_INVALID": "Invalid file format",
  "FILE_TOO_LARGE": "File exceeds 50 MB. Please upload a smaller file or share a cloud link.",
  "NOT_FOUND": "Not found",
  "PAGE_NOT_FOUND": "Page Not Found",
  "GENERIC_ERROR": "Something went wrong! This should not have happened, please attempt again in some time!",
  "FALLBACK_ERROR": "Some error occur!",
  "OFFLINE_BANNER": "You are offline. Nothing you do is sent until you are back online.",
  "OFFLINE_ACTION_REFUSED": "You are offline, so this was not sent. Try again once you are back online.",
  "APP_CRASHED": "Uh oh, something went terribly wrong",
  "OTP_LOGIN_TOKEN_INVALID": "This OTP is no longer valid. Please request a new one.",
  "FEEDBACK_SERVICE_REQUIRED": "Please select at least one service.",
  "FEEDBACK_NOTE_REQUIRED": "Please provide a note.",
  "FEEDBACK_NOTE_TOO_LONG": "Note cannot exceed 500 characters.",
  "FEEDBACK_CHOICE_INVALID": "Please choose services and features from the list.",
  "FEEDBACK_THANKS": "Thank you for your feedback!",
  "TRIP_FROM_REQUIRED": "Please add From location",
  "TRIP_TO_REQUIRED": "Please add To location",
  "TRIP_FROM_UNKNOWN": "Please choose the From location from the suggestions or on the map",
  "TRIP_TO_UNKNOWN": "Please choose the To location from the suggestions or on the map",
  "TRIP_DATE_INVALID": "Please add valid date",
  "TRIP_TIME_INVALID": "Please add valid time",
  "TRIP_CREATE_IN_PAST": "Cannot create trip. Time of trip cannot be in the past.",
  "TRIP_EDIT_TO_PAST": "Cannot edit trip. Time of trip cannot be in the past.",
  "TRIP_CREATE_TOO_FAR": "Cannot create trip. Time of trip cannot be more than 5 years ahead.",
  "TRIP_EDIT_TOO_FAR": "Cannot edit trip. Time of trip cannot be more than 5 years ahead.",
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
  "SEARCH_POINT_REQUIRED": "Please add From and To locations",
  "PLACE_NOT_FOUND": "Place not found",
  "MAPS_UNAVAILABLE": "Maps are unavailable right now. Please try again.",
  "JOIN_REQUEST_SENT": "Request sent successfully",
  "JOIN_REQUEST_PAST": "Cannot send request. Trip is in the past.",
  "JOIN_OWN_TRIP": "You are the host of this trip",
  "JOIN_ALREADY_REQUESTED": "You have already requested to join this trip",
  "JOIN_ALREADY_MEMBER": "You are already a member of this trip",
  "JOIN_NOT_ALLOWED": "You cannot join this trip",
  "JOIN_TRIP_FULL": "Trip is full",
  "JOIN_REQUEST_NOT_FOUND": "Request not found",
  "JOIN_ACCEPT_PAST": "Cannot accept request. Trip is in the past.",
  "JOIN_DECLINE_PAST": "Cannot decline request. Trip is in the past.",
  "JOIN_REMOVE_PAST": "Cannot remove member. Trip is in the past.",
  "JOIN_LEAVE_PAST": "Cannot leave trip. Trip is in the past.",
  "JOIN_REVOKE_PAST": "Cannot cancel request. Trip is in the past.",
  "JOIN_ACCEPTED": "Request accepted",
  "JOIN_DECLINED": "Request declined",
  "JOIN_REMOVED": "Removed Successfully",
  "JOIN_LEFT": "You have left the trip",
  "JOIN_REVOKED": "Request cancelled",
  "LUGGAGE_RANGE": "Luggage should be between 0 and 20",
  "REVIEW_TRIP_NOT_COMPLETED": "This trip is not completed yet",
  "REVIEW_NOT_MEMBER": "You were not an active member of this trip.",
  "REVIEW_AT_LEAST_ONE": "Please review atleast one Humsafar",
  "REVIEW_FLAG_REASON_REQUIRED": "Flagging reason is required",
  "REVIEW_FLAG_REASON_TOO_LONG": "Flagging reason cannot exceed 300 characters",
  "REVIEW_FLAG_ONLY": "A flagged Humsafar cannot also be rated",
  "REVIEW_STARS_RANGE": "Stars should be between 0 and 5",
  "REVIEW_ATTRIBUTE_INVALID": "Please choose attributes from the list",
  "REVIEW_SELF": "You cannot review yourself",
  "REVIEW_NOT_CO_RIDER": "You can only review the people you travelled with",
  "REVIEW_TWICE": "Each Humsafar can be reviewed once per trip",
  "REVIEW_NOBODY_TO_REVIEW": "Nobody else travelled on this trip",
  "REVIEW_SAVED": "Thank you for your review!",
  "REVIEWS_FETCH_FAILED": "Failed to fetch reviews",
  "USER_ID_MISSING": "User id wasn't given",
  "KYC_FAILED": "KYC could not be completed, attempt again with correct details",
  "KYC_NOT_FINISHED": "Oh oh! You did not finish the KYC, please re-initiate the flow!",
  "KYC_UNDER_REVIEW": "We could not auto approve your KYC application, you will be notified upon manual review within 24 hours.",
  "KYC_APPROVED": "Your KYC is verified",
  "KYC_STARTED": "KYC started",
  "KYC_ALREADY_VERIFIED": "Your KYC is already verified",
  "KYC_DISABLED": "KYC is not available right now",
  "KYC_TRANSACTION_NOT_FOUND": "KYC transaction not found",
  "KYC_RESULT_RECEIVED": "KYC result received",
  "KYC_VENDOR_UNAVAILABLE": "KYC is unavailable right now. Please try again in some time.",
  "LINKEDIN_VERIFY_FAILED": "An error occurred while verifying your account.",
  "LINKEDIN_UNEXPECTED": "An unexpected error occurred.",
  "LINKEDIN_STATE_INVALID": "This LinkedIn verification has expired or was already used. Please try again.",
  "LINKEDIN_LINKED": "LinkedIn profile verified",
  "LINKEDIN_LINK_READY": "Continue on LinkedIn",
  "CAB_NOT_ELIGIBLE": "This trip is not eligible for a cab",
  "CAB_REQUEST_RUNNING": "A cab request is already in progress",
  "CAB_PLAN_FIRST": "Please add stops and a category first",
  "CAB_NOTHING_TO_CANCEL": "There is no cab request for this trip",
  "CAB_CANCEL_UNDER_WAY": "This cab is already being cancelled",
  "CAB_ISSUE_ALREADY_RAISED": "An issue has already been raised for this cab",
  "CAB_ISSUE_REQUIRED": "Let us know what is wrong",
  "CAB_VENDOR_REQUIRED": "Please select a vendor",
  "CAB_CATEGORY_INVALID": "Please choose a cab category",
  "CAB_TOO_MANY_STOPS": "At most 3 stops can be added",
  "CAB_STOP_REPEATED": "Each stop can be added once",
  "CAB_STOP_OFF_ROUTE": "{stop} is too far from the way of this trip",
  "CAB_ROUTE_TOO_LONG": "The ride through these stops is longer than 150 km",
  "CAB_REQUEST_FAILED": "Your cab request could not be processed!",
  "CAB_VENDORS_UNAVAILABLE": "Cab vendors are unavailable right now. Please try again in some time.",
  "CAB_PLAN_SAVED": "Stops saved",
  "CAB_REQUESTED": "Cab requested",
  "CAB_CANCELLED": "Cab cancelled",
  "CAB_ISSUE_RAISED": "Thanks for letting us know. We will look into it.",
  "CAB_BOOKING_NOT_FOUND": "Cab booking not found",
  "VENDOR_NEWS_RECEIVED": "Received",
  "VENDOR_SIGNATURE_INVALID": "Signature is not valid",
  "VENDOR_WEBHOOK_INVALID": "The webhook body is not valid",
  "VENDOR_WEBHOOK_STALE": "The webhook's timestamp is more than 5 minutes from now",
  "VENDOR_WEBHOOK_REPLAYED": "This webhook delivery was already received",
  "NO_SHOW_MARKED": "Marked as a no-show",
  "NO_SHOW_TOO_EARLY": "A no-show can be marked only after the trip starts",
  "NO_SHOW_TOO_LATE": "A no-show can be marked only within 24 hours of the trip",
  "NO_SHOW_ALREADY": "Already marked as a no-show",
  "NO_SHOW_NOT_MEMBER": "Only an active member can be marked as a no-show",
  "LATE_LEAVE_WARNING": "Leaving within {window} of departure will count as a late cancellation on your record.",
  "LATE_REMOVE_WARNING": "Removing a member within {window} of departure will count as a late cancellation on your record.",
  "LATE_DELETE_WARNING": "Deleting a trip with members within {window} of departure will count as a late cancellation on your record.",
  "COMMUTE_DAYS_REQUIRED": "Please choose the days to repeat on",
  "COMMUTE_UNTIL_PAST": "The last day cannot be in the past",
  "COMMUTE_UNTIL_TOO_FAR": "The last day cannot be more than 5 years ahead",
  "COMMUTE_CREATED": "Commute created",
  "COMMUTE_STOPPED": "Commute stopped",
  "COMMUTE_NOT_FOUND": "Commute not found",
  "COMMUTE_TRIPS_KEPT": "Your commute has stopped. Its trips people have joined stay; delete them if you will not go.",
  "QUERY_PAST": "Cannot ask query. Trip is in the past.",
  "QUERY_ASKED": "Question sent to the host",
  "QUERY_ANSWERED": "Answer sent",
  "QUERY_NOT_FOUND": "Question not found",
  "QUERY_ALREADY_ANSWERED": "This question has already been answered",
  "QUERY_OWN_TRIP": "You are the host of this trip",
  "BLOCK_SELF": "You cannot block yourself",
  "BLOCKED": "User blocked",
  "BLOCKED_AND_REPORTED": "User reported and blocked",
  "JOIN_NOT_PENDING": "This request is no longer pending",
  "JOIN_LEAVE_NOT_MEMBER": "Only active members can leave",
  "JOIN_REMOVE_NOT_MEMBER": "Only active members can be removed",
  "JOIN_REQUESTER_ONLY": "Only the person who sent this request can do that",
  "CHAT_NOT_FOUND": "Chat not found",
  "CHAT_MEMBERS_ONLY": "Only the host and active members can use this chat",
  "CHAT_SHARE_NUMBER_HOST_ONLY": "Only the host can share their number",
  "CHAT_UNKNOWN_EVENT": "Unknown event",
  "CHAT_BAD_FRAME": "A frame must be JSON with an event and its data",
  "CHAT_TOKEN_EXPIRED": "Access token expired. Please fetch a new one and send again.",
  "CHAT_ORIGIN_REFUSED": "This origin may not open the chat",
  "CHAT_JOIN_FIRST": "Join the chat first",
  "CHAT_MESSAGE_IDENTIFIER_REQUIRED": "client_message_identifier is required",
  "CHAT_DOCUMENT_NOT_FOUND": "Document not found",
  "CHAT_DOCUMENT_MESSAGE_INVALID": "This message does not wait for a document",
  "CHAT_DOCUMENT_ALREADY_UPLOADED": "A document was already uploaded for this message",
  "CHAT_DOCUMENT_CHECKING": "Checking the document against our community guidelines",
  "CHAT_DOCUMENT_REFUSED": "This document does not follow our community guidelines",
  "CHAT_DOCUMENT_UPLOADED": "Document uploaded",
  "CHAT_UPLOAD_MALFORMED": "Send the document as multipart form data with message_id, session_id and file",
  "NOTIFICATION_SUBSCRIBE_FAILED": "Could Not Subscribe to Notification",
  "NOTIFICATION_PERMISSION_DENIED": "Permission not granted for notification. Please change your app settings and try again.",
  "NOTIFICATION_UNSUPPORTED": "Your browser does not support notification",
  "SERVICE_WORKER_UNSUPPORTED": "Service worker not supported",
  "NOTIFICATION_EMPTY": "No notifications found in last",
  "NOTIFICATION_EMPTY_NEW": "No notifications yet",
  "NOTIFICATION_EMPTY_NEW_HINT": "Requests, answers and trip news will show up here.",
  "NOTIFICATION_WINDOW_INVALID": "Notifications can be fetched for at most 10 days at a time",
  "NOTIFICATION_TYPE_INVALID": "Unknown notification type",
  "PUSH_SUBSCRIBED": "Subscribed to notifications",
  "PUSH_REFRESHED": "Notification subscription refreshed",
  "PUSH_UNSUBSCRIBED": "Unsubscribed from notifications",
  "PUSH_SUBSCRIPTION_INVALID": "The push subscription is not valid",
  "PUSH_ENDPOINT_NOT_HTTPS": "Notifications can only be sent to a push service over HTTPS",
  "PUSH_ENDPOINT_NOT_PUBLIC": "Notifications can only be sent to a push service on the internet, not to a local or private address",
  "EMERGENCY_CONTACTS_TOO_MANY": "You can add up to 3 emergency contacts",
  "EMERGENCY_CONTACT_NAME_REQUIRED": "Enter a name for each emergency contact",
  "EMERGENCY_CONTACT_NAME_CHARACTERS": "Contact name contains characters that are not allowed: {characters}",
  "EMERGENCY_CONTACT_NUMBER_INVALID": "Enter a valid 10-digit mobile number for each emergency contact",
  "EMERGENCY_CONTACT_OWN_NUMBER": "An emergency contact cannot be your own number",
  "EMERGENCY_CONTACT_REPEATED": "Each emergency contact needs a different number",
  "EMERGENCY_CONTACTS_SAVED": "Emergency contacts saved",
  "TRIP_SHARE_MEMBERS_ONLY": "Only the host and members of this trip can share it live",
  "TRIP_SHARE_ENDED": "This trip has ended; its live link can no longer be shared",
  "TRIP_SHARE_REVOKED": "The live link to this trip is turned off",
  "SHARED_TRIP_NOT_FOUND": "This link has expired or was turned off",
  "SOS_MEMBERS_ONLY": "Only the host and members of this trip can raise an SOS",
  "SOS_NOT_NOW": "SOS is available from 30 minutes before departure until the trip completes",
  "SOS_RAISED": "SOS raised. Your emergency contacts and co-riders are being told.",
  "SOS_NOT_OPEN": "There is no open SOS on this trip",
  "SOS_RESOLVED": "Glad you are safe. Your emergency contacts have been told."
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
  "REVIEW_ATTRIBUTES": {
    "punctual": "Punctual",
    "friendly": "Friendly",
    "safe_driving": "Safe driving",
    "clean_vehicle": "Clean vehicle",
    "good_communication": "Good communication"
  },
  "CAB_CATEGORIES": {
    "hatchback": "Hatchback",
    "sedan": "Sedan",
    "suv": "SUV"
  },
  "TRIP_DELETE_REASONS": [
    "Did not find a match",
    "Do not understand how to use the app"
  ],
  "ATTACHMENT_EXTENSIONS": {
    "image": [
      "jpg",
      "jpeg",
      "png",
      "gif"
    ],
    "video": [
      "mp4",
      "mov",
      "hevc",
      "wmv",
      "avi"
    ],
    "pdf": [
      "pdf"
    ]
  }
} as const;

export const NOTICES = {
  "ABOUT_TRIP": "trip",
  "ABOUT_REQUEST": "request",
  "ABOUT_QUERY": "query",
  "ABOUT_CHAT": "chat",
  "ABOUT_REVIEW": "review",
  "ABOUT_PROFILE": "profile",
  "ABOUT_ALL": [
    "request",
    "trip",
    "query",
    "chat",
    "review",
    "profile"
  ],
  "TRIP_REMINDER_TITLE": "Trip reminder",
  "TRIP_REMINDER_BODY": "Your trip {route} starts at {time}.",
  "TRIP_CANCELLED_TITLE": "Trip cancelled",
  "TRIP_CANCELLED_BODY": "The host cancelled the trip {route} on {when}.",
  "REVIEW_ASKED_TITLE": "How was your trip?",
  "REVIEW_ASKED_BODY": "Rate your fellow travellers on the trip {route}.",
  "REVIEW_RECEIVED_TITLE": "You have a new review",
  "REVIEW_RECEIVED_BODY": "Someone you travelled with from {origin} to {destination} reviewed you.",
  "COMMUTE_STOPPED_TITLE": "Commute stopped",
  "NEW_REQUEST_TITLE": "New request",
  "NEW_REQUEST_BODY": "{name} wants to join your trip {route} on {when}.",
  "LUGGAGE_BODY": " Luggage: {large}, handheld: {small}.",
  "REQUEST_WAITING_TITLE": "Request waiting",
  "REQUEST_WAITING_BODY": "{name} is still waiting for your answer to join your trip {route}.",
  "REQUEST_EXPIRED_TITLE": "Request expired",
  "REQUEST_EXPIRED_BODY": "The host did not answer your request to join the trip {route} before it left.",
  "REQUEST_ACCEPTED_TITLE": "Request accepted",
  "REQUEST_ACCEPTED_BODY": "Your request to join {trip} was accepted.",
  "REQUEST_DECLINED_TITLE": "Request declined",
  "REQUEST_DECLINED_BODY": "Your request to join {trip} was declined.",
  "REMOVED_TITLE": "Removed from trip",
  "REMOVED_BODY": "The host removed you from {trip}.",
  "REQUEST_CANCELLED_TITLE": "Request cancelled",
  "REQUEST_CANCELLED_BODY": "{name} cancelled their request to join {trip}.",
  "MEMBER_LEFT_TITLE": "Member left",
  "MEMBER_LEFT_BODY": "{name} left {trip}.",
  "REASON_BODY": " Reason: {reason}",
  "NEW_QUESTION_TITLE": "New question",
  "NEW_QUESTION_BODY": "{name} asked: {question}",
  "QUESTION_ANSWERED_TITLE": "Your question was answered",
  "QUESTION_ANSWERED_BODY": "{name} answered: {answer}",
  "CAB_BOOKED_TITLE": "Cab booked",
  "CAB_BOOKED_BODY": "Your cab for the trip {route} is booked: {vehicle}, driven by {driver}.",
  "CAB_UNFULFILLED_TITLE": "Cab unfulfilled",
  "CAB_UNFULFILLED_BODY": "No cab could be found for the trip {route}.",
  "CAB_VENDOR_CANCELLED_TITLE": "Cab cancelled by the vendor",
  "CAB_VENDOR_CANCELLED_BODY": "The vendor cancelled the cab for the trip {route}.",
  "SOS_RAISED_TITLE": "SOS on your trip",
  "SOS_RAISED_BODY": "{name} raised an SOS on the trip {route}. If you are with them, check they are safe; call 112 in an emergency.",
  "SOS_RESOLVED_TITLE": "SOS closed",
  "SOS_RESOLVED_BODY": "{name} says they are safe now.",
  "KYC_VERIFIED_TITLE": "KYC verified",
  "KYC_REJECTED_TITLE": "KYC rejected",
  "KYC_NOT_FINISHED_TITLE": "KYC not finished",
  "KYC_ERROR_TITLE": "KYC could not be completed",
  "BODY_MAX_LENGTH": 1000
} as const;
