"""A trip's shared cab (SPEC §3 Cab, §7 cab calls)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

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


class CabPlanIn(BaseModel):
    category: str = Field(max_length=40, description="a key of valid_cab_categories")
    stops: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, description=f"place ids, at most {MAX_STOPS}, each once", max_length=MAX_STOPS
    )

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
