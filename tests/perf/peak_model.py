"""The capacity model of docs/benchmarks.md: what a city of N daily riders asks of the flows at its busiest minute.

A day's departures follow India's commute: a morning peak (mean 9:00, standard deviation 30 min, so 95% of it
departs 8:00-10:00), a larger and wider evening peak (18:30, 45 min: 17:00-20:00), and the rest spread evenly over
6:00-23:00. Each person rides there and back; a trip carries its host and two riders; a rider asks 1.5 hosts for
each seat taken, and each request gets one answer. Trips are posted and seats asked for about an hour before the
departure, answers come half an hour before it, the reminder fires an hour before it, and a trip completes six hours
after it. `python -m tests.perf.peak_model 1000000` prints the worked example.
"""

import json
import math
import sys
from dataclasses import dataclass
from typing import Any

MINUTES_PER_DAY = 24 * 60


@dataclass(frozen=True)
class Peak:
    share: float
    mean_minute: float
    sd_minutes: float

    def density(self, minute: float) -> float:
        z = (minute - self.mean_minute) / self.sd_minutes
        return self.share * math.exp(-0.5 * z * z) / (self.sd_minutes * math.sqrt(2 * math.pi))


MORNING = Peak(0.40, 9 * 60, 30)
EVENING = Peak(0.45, 18 * 60 + 30, 45)
SPREAD_SHARE = 0.15
SPREAD_FROM, SPREAD_UNTIL = 6 * 60, 23 * 60

RIDES_PER_RIDER = 2.0
PEOPLE_PER_TRIP = 3.0
REQUESTS_PER_SEAT = 1.5
# A notification to a person with a push subscription starts a PushNotificationWorkflow.
WITH_A_DEVICE = 0.6
CAB_BOOKED_SHARE = 0.5
CAB_SIGNALS = 2
POST_LEAD_MIN = 60
ANSWER_LEAD_MIN = 30
CAB_LEAD_MIN = 15
REMINDER_LEAD_MIN = 60
COMPLETION_DELAY_MIN = 360


def departure_share(minute: float) -> float:
    """The share of a day's trips departing in the minute starting at `minute` (minutes since midnight)."""
    spread = SPREAD_SHARE / (SPREAD_UNTIL - SPREAD_FROM) if SPREAD_FROM <= minute < SPREAD_UNTIL else 0.0
    return MORNING.density(minute) + EVENING.density(minute) + spread


@dataclass(frozen=True)
class City:
    daily_riders: float

    @property
    def trips_per_day(self) -> float:
        return self.daily_riders * RIDES_PER_RIDER / PEOPLE_PER_TRIP

    @property
    def requests_per_day(self) -> float:
        return self.trips_per_day * (PEOPLE_PER_TRIP - 1) * REQUESTS_PER_SEAT

    def minute(self, minute: float) -> dict[str, float]:
        """Per second over the minute starting at `minute`; timers fire together at its start (`*_at_once`)."""
        trips, requests = self.trips_per_day, self.requests_per_day
        reminders = trips * departure_share(minute + REMINDER_LEAD_MIN)
        departing = trips * departure_share(minute)
        notices = (
            reminders * PEOPLE_PER_TRIP
            + requests * departure_share(minute + POST_LEAD_MIN)  # the host hears of each request
            + requests * departure_share(minute + ANSWER_LEAD_MIN)  # the rider hears the answer
        )
        cabs = trips * CAB_BOOKED_SHARE * departure_share(minute + CAB_LEAD_MIN)
        return {
            "trip_starts_per_s": trips * departure_share(minute + POST_LEAD_MIN) / 60,
            "request_starts_per_s": requests * departure_share(minute + POST_LEAD_MIN) / 60,
            "cab_starts_per_s": cabs / 60,
            "push_starts_per_s": notices * WITH_A_DEVICE / 60,
            "answers_per_s": requests * departure_share(minute + ANSWER_LEAD_MIN) / 60,
            "cab_signals_per_s": cabs * CAB_SIGNALS / 60,
            "reminders_at_once": reminders,
            # The trip's departure timer and each of its requests' flows waking for the departure.
            "departure_timers_at_once": departing * (1 + (PEOPLE_PER_TRIP - 1) * REQUESTS_PER_SEAT),
            "completion_timers_at_once": trips * departure_share(minute - COMPLETION_DELAY_MIN),
        }

    def starts_per_s(self, minute: float) -> float:
        figures = self.minute(minute)
        return sum(figures[key] for key in ("trip_starts_per_s", "request_starts_per_s", "cab_starts_per_s"))

    def busiest_minute(self) -> int:
        """The minute with the most flow starts, reminders and pushes together."""

        def load(minute: int) -> float:
            figures = self.minute(minute)
            return self.starts_per_s(minute) + figures["push_starts_per_s"] + figures["reminders_at_once"] / 60

        return max(range(MINUTES_PER_DAY), key=load)


def clock(minute: float) -> str:
    return f"{int(minute // 60) % 24:02d}:{int(minute % 60):02d}"


def worked_example(daily_riders: float) -> dict[str, Any]:
    city = City(daily_riders)
    busiest = city.busiest_minute()
    return {
        "daily_riders": daily_riders,
        "trips_per_day": round(city.trips_per_day),
        "join_requests_per_day": round(city.requests_per_day),
        "busiest_minute": clock(busiest),
        "departing_in_that_minute": round(city.trips_per_day * departure_share(busiest)),
        "at_the_busiest_minute": {key: round(value, 1) for key, value in city.minute(busiest).items()},
        "share_departing_8_to_10_and_17_to_20": round(
            sum(departure_share(m) for m in [*range(8 * 60, 10 * 60), *range(17 * 60, 20 * 60)]), 3
        ),
    }


if __name__ == "__main__":
    print(json.dumps(worked_example(float(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000), indent=2))
