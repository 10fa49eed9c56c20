"""A trip's shared cab (SPEC §3 Cab, §7 cab calls)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Discriminator, Field, Tag, field_validator

from api.text import free_text, optional_reason
from domain.rules import messages
from domain.rules.cab import MAX_STOPS, CabStatus, VendorEvent

CabStatusName = Literal[
    "not_eligible", "eligible", "requested", "booked", "cancelled", "unfulfilled", "vendor_cancelled"
]
assert set(CabStatusName.__args__) == set(CabStatus)  # type: ignore[attr-defined]
# The aggregator's words, spelled out for the webhook's documented schema and held equal to the rules'.
VendorEventName = Literal["confirmed", "no_driver", "vendor_cancelled"]
assert set(VendorEventName.__args__) == set(VendorEvent)  # type: ignore[attr-defined]


class PickedStop(BaseModel):
    """A stop as the place picker gave it: a suggestion's place id and the name it was suggested by, kept where the
    maps provider cannot name the place by its id (Photon names a point, often a neighbour's)."""

    place_id: str = Field(max_length=200)
    name: str = Field(max_length=200)

    @field_validator("name")
    @classmethod
    def name_must_be_text(cls, name: str) -> str:
        return free_text(name, messages.PLACE_NAME_CHARACTERS, rows=False)


# A stop of a plan: a place id alone, or a picked place, told apart by shape so a refusal names the picked one's fault.
PlanStop = Annotated[
    Annotated[str, Field(max_length=200), Tag("id")] | Annotated[PickedStop, Tag("picked")],
    Discriminator(lambda stop: "id" if isinstance(stop, str) else "picked"),
]


class CabPlanIn(BaseModel):
    category: str = Field(max_length=40, description="a key of valid_cab_categories")
    stops: list[PlanStop] = Field(
        default_factory=list,
        description=f"at most {MAX_STOPS}, each once: place ids, or the picked places with their names",
        max_length=MAX_STOPS,
    )

    def picked(self) -> list[tuple[str, str | None]]:
        """Each stop's place id and the name it was picked by, if it came with one."""
        return [(stop, None) if isinstance(stop, str) else (stop.place_id, stop.name or None) for stop in self.stops]

    @field_validator("stops", mode="before")
    @classmethod
    def at_most_max_stops(cls, stops: object) -> object:
        if isinstance(stops, list) and len(stops) > MAX_STOPS:
            raise ValueError(messages.CAB_TOO_MANY_STOPS)
        return stops


class CabRequestIn(BaseModel):
    vendor: str | None = Field(default=None, max_length=40, description="the code of the chosen vendor's quote")


class CabCancelIn(BaseModel):
    reason: str | None = Field(default=None, max_length=300)

    _reason = field_validator("reason")(optional_reason)


class CabIssueIn(BaseModel):
    issue: str | None = Field(default=None, max_length=500)

    @field_validator("issue")
    @classmethod
    def issue_must_be_text(cls, issue: str | None) -> str | None:
        return None if issue is None else free_text(issue, messages.ISSUE_CHARACTERS)


class VendorQuote(BaseModel):
    code: str
    name: str
    logo: str | None
    total_fare: float
    fare_breakup: dict[str, float]
    eta_minutes: int


class CabStop(BaseModel):
    name: str
    place_id: str
    fare: float | None
    latitude: float | None = Field(default=None, description="the stop's point, for the trip sheet's map")
    longitude: float | None = None


class DriverContact(BaseModel):
    phone: str | None = Field(description="only to the host and active members")


class CabDriver(BaseModel):
    name: str | None
    contact: DriverContact


class CabVehicle(BaseModel):
    model: str | None
    registration_number: str | None


class CabVendor(BaseModel):
    name: str
    logo: str | None
    total_fare: float
    fare_breakup: dict[str, float]


class CabView(BaseModel):
    """A trip's cab. Only the host and active members see the booking (category, stops, fare, driver, vehicle,
    vendor); to anyone else those are empty and the status is all there is."""

    status: CabStatusName
    category: str | None
    number_of_stops: int
    stops: list[CabStop] = Field(description="only to the host and active members")
    fare: float | None
    raised_issue: str | None
    cancelled_because: str | None = Field(
        default=None,
        description='why a cancelled cab ended when another change ended it, in words: "the trip\'s time changed"',
    )
    driver: CabDriver | None
    vehicle: CabVehicle | None
    vendor: CabVendor | None


class AggregatorWebhook(BaseModel):
    """The aggregator's webhook body, signed in the X-Aggregator-Signature header."""

    booking_id: str = Field(max_length=80)
    reference: str | None = Field(default=None, max_length=80)
    event: VendorEventName
    driver: dict[str, str] | None = None
    vehicle: dict[str, str] | None = None
