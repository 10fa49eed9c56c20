// Generated from domain/rules by `make generate`. Do not edit.

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
  "DETOUR_CHOICES": [
    0,
    5,
    10,
    15,
    20,
    30
  ],
  "DEFAULT_DETOUR_MINUTES": 10,
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
