"""What a live event can say changed (domain/live.py tells them, api/live/listener.py delivers them): each kind names
what an open screen fetches again; exported to the web app, whose map from kind to cached answers must name each."""

from enum import StrEnum


class Kind(StrEnum):
    # A trip's details, seats, status or stage (edited, cancelled, started, completed); id: the trip.
    TRIP = "trip"
    # A join request's status; id: the trip.
    JOIN = "join"
    # A trip's cab booking; id: the trip.
    CAB = "cab"
    # A question asked or answered on a trip; id: the trip.
    QUESTION = "question"
    # A verification's outcome; id: the user.
    KYC = "kyc"
    # A new notification (the unread dot); id: empty (the addressee is the recipient).
    NOTIFICATION = "notification"
    # An SOS raised or closed on a trip (its standing SOS); id: the trip. Told to the host and active members only.
    SOS = "sos"


LIVE_KINDS = tuple(kind.value for kind in Kind)
# The kind of the one event the listener makes itself, after it lost its connection: everything may have changed.
EVERYTHING = "all"
