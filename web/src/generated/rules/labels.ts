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
  "FARE_STOPS": "Stops",
  "WALKING_DISTANCE_HEADING": "Walking distance",
  "WALKING_DISTANCE_EXPLANATION": "<p>How far you would walk from where you start to the trip's pick-up point, and from its drop point to where you are going.</p>",
  "ESTIMATED_COST_HEADING": "Estimated cost",
  "ESTIMATED_COST_EXPLANATION": "<p>The cost per person lies between the total split among all seats and half the total: the host pays the full share until the trip fills up.</p>",
  "CO2_SAVED_HEADING": "CO2 saved",
  "CO2_SAVED_EXPLANATION": "<p>Every seat shared takes a vehicle off the road. One tree is planted for every 50 kg of CO2 avoided.</p>",
  "CAB_UNFULFILLED_HEADING": "Cab request unfulfilled",
  "CAB_UNFULFILLED_EXPLANATION": "<p>No vendor could confirm a cab for this trip. You can raise an issue or request again.</p>",
  "CAB_NOT_ELIGIBLE_HEADING": "Not eligible for a cab",
  "CAB_NOT_ELIGIBLE_EXPLANATION": "<p>Cab booking is available for upcoming trips whose mode is Cab and whose route our vendors serve.</p>",
  "REFERRAL_MESSAGE": "{name} invites you to Humsafar: share cabs, autos and self-drive rides with people going your way. Sign up with my referral code {code} at {app_url}",
  "SHARE_TRIP_TEXT": "Join my trip on Humsafar: {link}"
} as const;
