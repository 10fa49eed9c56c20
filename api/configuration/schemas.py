from pydantic import BaseModel, Field


class FcmClientConfiguration(BaseModel):
    api_key: str
    auth_domain: str
    project_id: str
    storage_bucket: str
    messaging_sender_id: str
    app_id: str
    measurement_id: str


class Config(BaseModel):
    """Every Config field of SPEC §3."""

    enable_kyc: bool
    latest_client_version: str
    minimum_client_version: str
    current_location_expiry_in_minutes: int
    time_of_day_to_fetch_next_day_trips_in_home: str
    referral_message: str
    walking_distance_explanation_heading: str
    walking_distance_explanation_content: str
    estimated_cost_explanation_heading: str
    estimated_cost_explanation_content: str
    co2_explanation_heading: str
    co2_explanation_content: str
    unfulfilled_cab_explanation_heading: str
    unfulfilled_cab_explanation_content: str
    not_eligible_cab_explanation_heading: str
    not_eligible_cab_explanation_content: str
    review_attributes: dict[str, str]
    valid_cab_categories: dict[str, str]
    share_trip_text: str
    web_push_vapid_public_key: str | None
    fcm_client_configuration: FcmClientConfiguration | None
    otp_length: int
    support_email: str
    support_form_url: str = Field(description="the external support form, shown in Contact Us and Help")
    late_cancel_window_seconds: int = Field(
        description="leaving, removing a member or deleting a trip with members this close before departure "
        "counts as a late cancellation on the reliability record (domain/rules/reliability.py)"
    )
