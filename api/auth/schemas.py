import re

from pydantic import BaseModel, Field, field_validator

from domain.rules import messages, patterns


class OtpRequest(BaseModel):
    mobile_number: str | None = Field(default=None, validate_default=True, examples=["9876543210"])

    @field_validator("mobile_number")
    @classmethod
    def must_be_an_indian_mobile_number(cls, value: str | None) -> str:
        if value is None or not value.strip():
            raise ValueError(messages.PHONE_REQUIRED)
        value = value.strip()
        if not re.fullmatch(patterns.PHONE, value):
            raise ValueError(messages.PHONE_INVALID)
        return value


class OtpIssued(BaseModel):
    login_token: str
    otp_length: int
    resend_after_seconds: int
    expires_in_seconds: int


class LoginRequest(BaseModel):
    otp: int | None = Field(default=None, validate_default=True, examples=[1234])
    login_token: str = Field(min_length=1, max_length=200)

    @field_validator("otp")
    @classmethod
    def must_be_given(cls, value: int | None) -> int:
        if value is None:
            raise ValueError(messages.OTP_REQUIRED)
        return value


class LoginResult(BaseModel):
    user_id: int
    is_profile_complete: bool


class SessionState(BaseModel):
    is_logged_in: bool


class AccessToken(BaseModel):
    access_token: str
    expires_in_seconds: int
