"""Input rules kept in domain/rules: the date picker's 5 years, a trip end near its place, cab stops on the way."""

from datetime import date, datetime

from domain.clock import IST
from domain.rules import messages
from domain.rules.cab import MAX_STOPS, stops_refusal
from domain.rules.refusal import invalid
from domain.rules.trip import last_day_ahead, point_fits_place, too_far_ahead

KORAMANGALA = (12.9261, 77.6221)
WHITEFIELD = (12.9698, 77.7500)
HSR_LAYOUT = (12.9119, 77.6446)
ELECTRONIC_CITY = (12.8452, 77.6602)


def test_the_last_day_is_five_years_ahead_and_29_february_becomes_the_28th():
    assert last_day_ahead(date(2026, 11, 25)) == date(2031, 11, 25)
    assert last_day_ahead(date(2028, 2, 29)) == date(2033, 2, 28)


def test_a_time_on_the_last_day_india_time_is_not_too_far():
    now = datetime(2026, 11, 25, 23, 0, tzinfo=IST)
    assert not too_far_ahead(datetime(2031, 11, 25, 23, 59, tzinfo=IST), now)
    assert too_far_ahead(datetime(2031, 11, 26, 0, 0, tzinfo=IST), now)
    assert too_far_ahead(date(2031, 11, 26), now) and not too_far_ahead(date(2031, 11, 25), now)


def test_a_point_fits_a_place_within_50_km():
    assert point_fits_place(KORAMANGALA, WHITEFIELD)
    assert not point_fits_place(KORAMANGALA, (13.5, 77.6))  # about 64 km north


def stop(place_id: str, point: tuple[float, float]) -> tuple[str, str, tuple[float, float]]:
    return (place_id, place_id.title(), point)


def test_stops_on_the_way_are_fine_each_once_and_at_most_max_stops():
    assert stops_refusal(KORAMANGALA, WHITEFIELD, []) is None
    assert stops_refusal(KORAMANGALA, WHITEFIELD, [stop("hsr", HSR_LAYOUT)]) is None
    twice = [stop("hsr", HSR_LAYOUT), stop("hsr", HSR_LAYOUT)]
    assert stops_refusal(KORAMANGALA, WHITEFIELD, twice) == invalid(messages.CAB_STOP_REPEATED)
    many = [stop(f"p{n}", HSR_LAYOUT) for n in range(MAX_STOPS + 1)]
    assert stops_refusal(KORAMANGALA, WHITEFIELD, many) == invalid(messages.CAB_TOO_MANY_STOPS)


def test_a_stop_off_the_way_is_named():
    stops = [stop("hsr", HSR_LAYOUT), stop("electronic city", ELECTRONIC_CITY)]
    assert stops_refusal(KORAMANGALA, WHITEFIELD, stops) == invalid(
        messages.CAB_STOP_OFF_ROUTE.format(stop="Electronic City")
    )


def test_a_ride_beyond_150_km_is_refused_even_near_the_way():
    origin, destination = (12.0, 77.0), (13.0, 77.0)  # about 111 km
    near_the_end = (12.9, 77.45)  # the ride about 161 km, 1.45 times the direct way
    assert stops_refusal(origin, destination, [stop("east", near_the_end)]) == invalid(messages.CAB_ROUTE_TOO_LONG)
