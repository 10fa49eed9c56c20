"""Real places of the gazetteer (domain/gazetteer/data) the tests and benchmarks start and end trips at: a trip's
ends must be places the maps service knows (api/maps/service.py)."""

KORAMANGALA = {
    "name": "Koramangala, Bengaluru",
    "place_id": "in-560034-dc08dd0e",
    "latitude": 12.9352,
    "longitude": 77.6245,
}
WHITEFIELD = {
    "name": "Whitefield, Bengaluru",
    "place_id": "in-560066-f8b0a2ab",
    "latitude": 12.9698,
    "longitude": 77.7500,
}
HSR = {"name": "HSR Layout, Bengaluru", "place_id": "in-560102-f8603901", "latitude": 12.9116, "longitude": 77.6474}
