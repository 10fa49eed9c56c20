// Generated from domain/rules by `make generate`. Do not edit.

export const LIVE = {
  "LIVE_KINDS": [
    "trip",
    "join",
    "cab",
    "question",
    "kyc",
    "notification",
    "sos"
  ],
  "EVERYTHING": "all"
} as const;
