"""The estimated cost per person (SPEC §9): between the total split over every seat and half the total,
because the host pays a full share until the trip fills up. Rounded half up to whole rupees."""

from decimal import ROUND_HALF_UP, Decimal


def _rupees(amount: Decimal) -> int:
    return int(amount.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def cost_range(total: Decimal, total_passengers: int) -> tuple[int, int] | None:
    """(lowest, highest) share per person, or None when no cost is set ('Not booked')."""
    if total <= 0:
        return None
    return _rupees(total / total_passengers), _rupees(total / 2)
