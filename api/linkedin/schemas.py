"""LinkedIn verification (SPEC §7 POST /user/linkedin/initiate and /user/linkedin/callback)."""

from pydantic import BaseModel, Field


class LinkedInUrl(BaseModel):
    url: str = Field(description="the provider's authorize page; it returns to /linkedin/callback with code and state")


class LinkedInCallback(BaseModel):
    """What the provider's authorize page returned to /linkedin/callback: a code, or the error of a refusal."""

    state: str = Field(min_length=1, max_length=64)
    code: str | None = Field(default=None, min_length=1, max_length=512)
    error: str | None = Field(default=None, max_length=100)
    error_description: str | None = Field(default=None, max_length=500)
