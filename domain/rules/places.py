"""A place's locality: what someone outside a trip is told of where it starts and ends (SPEC §6: the exact ends are
for the trip's host and active members only).

A trip's end is named as the maps service labels it (domain/providers/maps.py). The gazetteer's places are
localities: 'Indiranagar (Bangalore), Bengaluru, Karnataka'. A Photon place is any feature, a dropped pin often a
house, and its label puts the place itself first: its name, or a street address when it has none, then its locality
(or district), its town and its state: '42 80 Feet Road, Koramangala 4th Block, Bengaluru, Karnataka'. Its locality
is the label's next part; a street address is never one, whichever service named the place.
"""

import re
from functools import lru_cache

from domain.rules import messages, patterns

# Photon's place ids ('osm-N123456@12.9352,77.6245', domain/providers/maps.py); the gazetteer's are 'in-…'.
PHOTON_PLACE_PREFIX = "osm-"

_POSTAL_SUFFIX = re.compile(patterns.POSTAL_SUFFIX)
# A part that reads as a street address: it starts with a house number, or names a road.
_STREET_ADDRESS = re.compile(
    r"^\s*\d|\b(road|rd|street|st|lane|ln|marg|main|cross|highway|hwy|avenue|ave|salai|path|gali|galli)\b\.?",
    re.IGNORECASE,
)


def is_street_address(part: str) -> bool:
    return bool(_STREET_ADDRESS.search(part))


# Ends are named by a few thousand localities, each shown again and again by every search's trips.
@lru_cache(maxsize=16_384)
def locality_name(name: str, place_id: str | None) -> str:
    """The end's locality, as a stranger may see it: 'Koramangala 4th Block', never '42 80 Feet Road'.

    A Photon label of three parts or more leaves its first part (the place itself) out; any part that reads as a
    street address is left out too. What remains first, without the post office's '(Bangalore)', is the locality;
    a label made only of street addresses is told as 'A place nearby'."""
    parts = [part.strip() for part in name.split(",") if part.strip()]
    if (place_id or "").startswith(PHOTON_PLACE_PREFIX) and len(parts) >= 3:
        parts = parts[1:]
    areas = [part for part in parts if not is_street_address(part)]
    if not areas:
        return messages.PLACE_NEARBY
    first = areas[0]
    return _POSTAL_SUFFIX.sub("", first).strip() or first
