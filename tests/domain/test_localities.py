"""A trip end's locality (domain/rules/places.py): what anyone outside the trip is told of where it starts and ends."""

import pytest

from domain.rules import messages
from domain.rules.places import locality_name

GAZETTEER_ID = "in-560038-1a2b3c4d"
PHOTON_ID = "osm-N5512345678@12.927900,77.622800"


@pytest.mark.parametrize(
    ("name", "place_id", "locality"),
    [
        ("Indiranagar (Bangalore), Bengaluru, Karnataka", GAZETTEER_ID, "Indiranagar"),
        ("Koramangala, Bengaluru", GAZETTEER_ID, "Koramangala"),
        ("Start", GAZETTEER_ID, "Start"),
        ("7 Temple Road, Malleswaram, Bengaluru", GAZETTEER_ID, "Malleswaram"),
        ("42 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka", PHOTON_ID, "Koramangala 4th Block"),
        ("Prestige Shantiniketan, Whitefield, Bengaluru, Karnataka", PHOTON_ID, "Whitefield"),
        ("Forum Mall, Koramangala, Karnataka", PHOTON_ID, "Koramangala"),
        ("80 Feet Road, Bengaluru", PHOTON_ID, "Bengaluru"),
        ("Bengaluru, Karnataka", PHOTON_ID, "Bengaluru"),
        ("12 MG Road", GAZETTEER_ID, messages.PLACE_NEARBY),
        ("42, 80 Feet Road", PHOTON_ID, messages.PLACE_NEARBY),
    ],
)
def test_a_stranger_is_told_the_locality_and_never_the_street_address(name, place_id, locality):
    assert locality_name(name, place_id) == locality
