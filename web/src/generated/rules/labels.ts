// Generated from domain/rules by `make generate`. Do not edit.

export const LABELS = {
  "CAB_CATEGORY_HATCHBACK": "Hatchback",
  "CAB_CATEGORY_SEDAN": "Sedan",
  "REVIEW_PUNCTUAL": "Punctual",
  "REVIEW_FRIENDLY": "Friendly",
  "REVIEW_SAFE_DRIVING": "Safe driving",
  "REVIEW_CLEAN_VEHICLE": "Clean vehicle",
  "REVIEW_GOOD_COMMUNICATION": "Good communication",
  "ENDED_BECAUSE_TRIP_MOVED": "the trip's time changed",
  "ENDED_BECAUSE_TRIP_DELETED": "the trip was deleted",
  "ENDED_BECAUSE_COMMUTE_STOPPED": "the commute was stopped",
  "FARE_BASE": "Base fare",
  "FARE_DISTANCE": "Distance ({km} km)",
  "FARE_STOPS": "Stops"
} as const;
