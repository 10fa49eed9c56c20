from pydantic import BaseModel


class PlaceSuggestionPublic(BaseModel):
    label: str
    place_id: str


class PlacePointPublic(BaseModel):
    lat: float
    long: float


class PlaceNamePublic(BaseModel):
    place_id: str
    name: str
