"""Short place names (domain/rules/trip.py): what cards, chats and notices call a trip's ends."""

import pytest

from domain.rules.trip import short_place_name


@pytest.mark.parametrize(
    ("full", "short"),
    [
        ("Indiranagar (Bangalore), Bengaluru, Karnataka", "Indiranagar"),
        ("Koramangala, Bengaluru, Karnataka", "Koramangala"),
        ("Dasarahalli(Srinagar), Bengaluru, Karnataka", "Dasarahalli"),
        ("Bangalore International Airport", "Bangalore International Airport"),
        ("(Bangalore)", "(Bangalore)"),
        (", Bengaluru", ", Bengaluru"),
        ("Road (East) Junction, Pune", "Road (East) Junction"),
    ],
)
def test_a_place_is_called_by_its_locality(full, short):
    assert short_place_name(full) == short
