"""How much CO2 sharing a ride saves (SPEC §4 CO2 line, §9 one tree per 50 kg). Pure: the API and the trip flow
both use it, so the number a member sees before the trip is the number credited after it.

Emission factors, kg CO2 per vehicle-km, from the India GHG Program (WRI India, CII, TERI), "India Specific Road
Transport Emission Factors", version 1.0, 2015 (https://indiaghgp.org/road-transport-emission-factors). We use the
paper's base factors, not the ones with its real-world driving uplift (about 8 %), so a saving is never overstated:
- Passenger car, hatchback under 1400 cc, gasoline: 0.130 (0.140 with uplift). The cab and the self-drive car: the
  app does not know the car, and this is the paper's mainstream city car.
- Three-wheeler, CNG: 0.10768. The auto: city autos run on CNG (Delhi requires it).
The values are those of the paper's tables as transcribed in several independent public references that agree with
each other; the PDF itself was not at hand when they were copied here.
"""

import math
from decimal import Decimal

from domain.rules import choices, limits

CAR_KG_PER_KM = 0.130
AUTO_KG_PER_KM = 0.10768


def kg_per_km(mode: int) -> float:
    """Transport mode codes of SPEC §3: 1 cab, 2 auto, 3 undecided (counted as a cab), anything else self drive."""
    if mode == choices.TRANSPORT_AUTO:
        return AUTO_KG_PER_KM
    return CAR_KG_PER_KM


def _saved(mode: int, distance_km: float, people_sharing: int) -> float:
    if people_sharing <= 1 or distance_km <= 0:
        return 0.0
    # Everyone would otherwise have made the trip alone in the same kind of vehicle: one vehicle replaces n.
    return (people_sharing - 1) * distance_km * kg_per_km(mode)


def co2_saved_kg(mode: int, distance_km: float, people_sharing: int) -> float:
    """The whole trip's saving, in kg with two decimals; 0 when nobody shares."""
    return round(_saved(mode, distance_km, people_sharing), 2)


def co2_saved_per_person_kg(mode: int, distance_km: float, people_sharing: int) -> Decimal:
    """Each sharer's part of the trip's saving, so the savings credited to everyone add up to the trip's."""
    if people_sharing <= 1:
        return Decimal("0.00")
    return Decimal(str(_saved(mode, distance_km, people_sharing) / people_sharing)).quantize(Decimal("0.01"))


def trees_planted(kg: float | Decimal) -> int:
    return math.floor(kg / limits.KG_CO2_PER_TREE)
