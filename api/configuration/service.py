"""The app's configuration (SPEC §3 Config): product copy and settings the client follows. The copy's words are
domain/rules/labels.py's, said in the reader's language."""

from api.configuration.schemas import Config
from domain.envelope import in_reading_language, labels_in_reading_language
from domain.push import vapid_keys
from domain.rules import labels
from domain.rules.choices import CAB_CATEGORIES, REVIEW_ATTRIBUTES
from domain.settings import Settings


def build_config(settings: Settings) -> Config:
    return Config(
        enable_kyc=settings.enable_kyc,
        latest_client_version=settings.latest_client_version,
        minimum_client_version=settings.minimum_client_version,
        current_location_expiry_in_minutes=settings.current_location_expiry_in_minutes,
        time_of_day_to_fetch_next_day_trips_in_home=settings.time_of_day_to_fetch_next_day_trips_in_home,
        referral_message=referral_message(settings.public_app_url),
        walking_distance_explanation_heading=in_reading_language(labels.WALKING_DISTANCE_HEADING),
        walking_distance_explanation_content=in_reading_language(labels.WALKING_DISTANCE_EXPLANATION),
        estimated_cost_explanation_heading=in_reading_language(labels.ESTIMATED_COST_HEADING),
        estimated_cost_explanation_content=in_reading_language(labels.ESTIMATED_COST_EXPLANATION),
        co2_explanation_heading=in_reading_language(labels.CO2_SAVED_HEADING),
        co2_explanation_content=in_reading_language(labels.CO2_SAVED_EXPLANATION),
        unfulfilled_cab_explanation_heading=in_reading_language(labels.CAB_UNFULFILLED_HEADING),
        unfulfilled_cab_explanation_content=in_reading_language(labels.CAB_UNFULFILLED_EXPLANATION),
        not_eligible_cab_explanation_heading=in_reading_language(labels.CAB_NOT_ELIGIBLE_HEADING),
        not_eligible_cab_explanation_content=in_reading_language(labels.CAB_NOT_ELIGIBLE_EXPLANATION),
        review_attributes=labels_in_reading_language(REVIEW_ATTRIBUTES),
        valid_cab_categories=labels_in_reading_language(CAB_CATEGORIES),
        share_trip_text=in_reading_language(labels.SHARE_TRIP_TEXT),
        web_push_vapid_public_key=vapid_keys(settings).public_key,
        fcm_client_configuration=None,
        otp_length=settings.otp_length,
        support_email=settings.support_email,
        support_form_url=settings.support_form_url,
        late_cancel_window_seconds=settings.late_cancel_window_seconds,
    )


def referral_message(app_url: str) -> str:
    """The invitation in the reader's language with the app's address, leaving the person's name and referral code
    for the app to fill as SPEC §3's {1} and {0}."""
    return in_reading_language(labels.REFERRAL_MESSAGE).format(name="{1}", code="{0}", app_url=app_url)
