"""The app's configuration (SPEC §3 Config): product copy and settings the client follows."""

from api.configuration.schemas import Config
from domain.envelope import labels_in_reading_language
from domain.push import vapid_keys
from domain.rules.choices import CAB_CATEGORIES, REVIEW_ATTRIBUTES
from domain.settings import Settings


def build_config(settings: Settings) -> Config:
    return Config(
        enable_kyc=settings.enable_kyc,
        latest_client_version=settings.latest_client_version,
        minimum_client_version=settings.minimum_client_version,
        current_location_expiry_in_minutes=settings.current_location_expiry_in_minutes,
        time_of_day_to_fetch_next_day_trips_in_home=settings.time_of_day_to_fetch_next_day_trips_in_home,
        referral_message=(
            "{1} invites you to Humsafar: share cabs, autos and self-drive rides with people going your way. "
            "Sign up with my referral code {0} at " + settings.public_app_url
        ),
        walking_distance_explanation_heading="Walking distance",
        walking_distance_explanation_content=(
            "<p>How far you would walk from where you start to the trip's pick-up point, "
            "and from its drop point to where you are going.</p>"
        ),
        estimated_cost_explanation_heading="Estimated cost",
        estimated_cost_explanation_content=(
            "<p>The cost per person lies between the total split among all seats and half the total: "
            "the host pays the full share until the trip fills up.</p>"
        ),
        co2_explanation_heading="CO2 saved",
        co2_explanation_content=(
            "<p>Every seat shared takes a vehicle off the road. One tree is planted for every 50 kg of CO2 avoided.</p>"
        ),
        unfulfilled_cab_explanation_heading="Cab request unfulfilled",
        unfulfilled_cab_explanation_content=(
            "<p>No vendor could confirm a cab for this trip. You can raise an issue or request again.</p>"
        ),
        not_eligible_cab_explanation_heading="Not eligible for a cab",
        not_eligible_cab_explanation_content=(
            "<p>Cab booking is available for upcoming trips whose mode is Cab and whose route our vendors serve.</p>"
        ),
        review_attributes=labels_in_reading_language(REVIEW_ATTRIBUTES),
        valid_cab_categories=labels_in_reading_language(CAB_CATEGORIES),
        share_trip_text="Join my trip on Humsafar: {link}",
        web_push_vapid_public_key=vapid_keys(settings).public_key,
        fcm_client_configuration=None,
        otp_length=settings.otp_length,
        support_email=settings.support_email,
        support_form_url=settings.support_form_url,
        late_cancel_window_seconds=settings.late_cancel_window_seconds,
    )
