"""Joining a trip: asking (requests.py, with the rider's stops checked against the trip's way in stops.py), the
host's and the member's moves through the request's flow (moves.py), and keeping a seat after a move
(still_coming.py)."""
