"""The answers to the ONDC network's requests (workflows/beckn, docs/interop.md): the search (search.py), a seat's
booking (booking.py) and what a buyer app asks of it after (after_booking.py), the news of a booked seat
(news.py), each callback kept once and sent once (callbacks.py); the flows' steps (steps.py)."""

from activities.beckn.news import tell_buyer_app, tell_trip_riders
from activities.beckn.steps import BecknActivities

__all__ = ["BecknActivities", "tell_buyer_app", "tell_trip_riders"]
