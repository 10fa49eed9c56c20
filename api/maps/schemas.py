from pydantic import BaseModel, Field, field_validator

from api.text import free_text
from domain.rules import messages


class PlaceSuggestionPublic(BaseModel):
    label: str
    place_id: str


class PlacePointPublic(BaseModel):
    lat: float
    long: float


class PlaceNamePublic(BaseModel):
    place_id: str
    name: str


class Location(BaseModel):
    """A place as the place picker gives it: a suggestion's place id and point, or a dropped pin's point with the name
    and place id of the nearest known place (GET /api/trip/maps/geocode)."""

    name: str = Field(max_length=200)
    place_id: str = Field(max_length=200)
    latitude: float = Field(ge=-90, le=90, strict=True)
    longitude: float = Field(ge=-180, le=180, strict=True)

    @field_validator("name")
    @classmethod
    def name_must_be_text(cls, name: str) -> str:
        return free_text(name, messages.PLACE_NAME_CHARACTERS, rows=False)
