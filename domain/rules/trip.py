"""A trip's lifecycle (SPEC §3 Trip, §4, §8 messages), kept once.

A trip is ACTIVE until its host deletes it (or support cancels its flow), then CANCELLED for good; time moves it
through its flow's stages: scheduled, started at departure, completed a while after. The TripWorkflow, its
activities and the API decide by this module.
"""

from enum import StrEnum

from domain.rules import messages


class TripStatus(StrEnum):
    """As stored (trips.status) and shown."""

    ACTIVE = "ACTIVE"
    CANCELLED = "CANCELLED"


class TripStage(StrEnum):
    """The TripWorkflow's FlowStatus: where the trip is in time, or how it ended."""

    SCHEDULED = "scheduled"
    STARTED = "started"
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    DISCARDED = "discarded"


class HostChange(StrEnum):
    EDIT = "edit"
    DELETE = "delete"


PAST_TRIP_MESSAGES = {HostChange.EDIT: messages.TRIP_EDIT_PAST, HostChange.DELETE: messages.TRIP_DELETE_PAST}


def host_change_refusal(change: HostChange, *, is_host: bool, status: str, departed: bool) -> str | None:
    """Why the person asking may not edit or delete this trip now, or None when they may."""
    if not is_host:
        return messages.TRIP_HOST_ONLY
    if status == TripStatus.CANCELLED:
        return messages.TRIP_CANCELLED
    if departed:
        return PAST_TRIP_MESSAGES[change]
    return None
