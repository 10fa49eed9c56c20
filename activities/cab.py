"""A cab booking's activities: booking, polling and cancelling with the aggregator, and each change written with
its notices (domain/rules/cab.py)."""

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.notifications import notify
from activities.trips import live_people, trip_route_fields
from domain import notifications
from domain.db import transaction
from domain.live import Kind, tell_trip
from domain.models import CabBooking, Trip
from domain.providers.cab import CabAggregatorClient, CabPlace, CabRide, CabVendorError, keep_driver_and_vehicle
from domain.rules import notices
from domain.rules.cab import END_NOTICES, NOTICES, RUNNING, VENDOR_EVENTS, CabEnd, CabStatus, VendorEvent
from domain.rules.join import PassengerStatus
from domain.settings import Settings
from workflows.cab_booking.contracts import CabBookingSteps, CabChange, CabVendorNotice

NO_NEWS = "pending"


def ride_of(trip: Trip, booking: CabBooking) -> CabRide:
    return CabRide(
        trip_id=trip.id,
        category=booking.category,
        pickup=CabPlace.at(trip.origin),
        drop=CabPlace.at(trip.destination),
        stops=[CabPlace(stop["name"], stop["latitude"], stop["longitude"]) for stop in booking.stops],
        pickup_time=trip.scheduled_at.isoformat(),
    )


def _told_of(status: CabStatus, end_cause: str | None) -> tuple[str, str] | None:
    """The notice (title and body) of a booking's new status: its own, or for a cancel that another change caused
    (the trip moved, deleted, its commute stopped) why it ended; None when nobody is told."""
    if status == CabStatus.CANCELLED:
        return END_NOTICES.get(CabEnd(end_cause)) if end_cause in END_NOTICES else None
    return NOTICES.get(status)


def _names_the_driver(notice: CabVendorNotice) -> bool:
    return any((notice.driver_name, notice.driver_phone, notice.vehicle_model, notice.vehicle_registration))


class CabActivities(CabBookingSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        aggregator: CabAggregatorClient,
        settings: Settings,
    ) -> None:
        self._session_maker = session_maker
        self._aggregator = aggregator
        self._callback_url = settings.cab_webhook_url

    async def _booking(self, session: AsyncSession, booking_id: int) -> tuple[CabBooking, Trip]:
        row = (
            await session.execute(
                select(CabBooking, Trip).join(Trip, Trip.id == CabBooking.trip_id).where(CabBooking.id == booking_id)
            )
        ).first()
        if row is None:
            raise ApplicationError(
                f"cab booking {booking_id} does not exist", type="CabBookingMissing", non_retryable=True
            )
        return row[0], row[1]

    @activity.defn
    async def book_cab(self, booking_id: int) -> None:
        """Books with the vendor by the booking's reference; a retry answers the same vendor booking."""
        async with self._session_maker() as session:
            booking, trip = await self._booking(session, booking_id)
            if booking.vendor_booking_id is not None:
                return
            try:
                booked = await self._aggregator.book(
                    booking.reference, booking.vendor_code, ride_of(trip, booking), self._callback_url
                )
            except CabVendorError as error:
                raise ApplicationError(str(error), type="CabVendorUnavailable") from error
            booking.vendor_booking_id = booked.booking_id
            await session.commit()

    @activity.defn
    async def poll_cab_booking(self, booking_id: int) -> CabVendorNotice:
        """What the vendor says of the booking now; `pending` while it has nothing new. The driver and vehicle it
        names are written to the booking's row, and the flow is answered only the event."""
        async with self._session_maker() as session:
            booking, _ = await self._booking(session, booking_id)
        if booking.vendor_booking_id is None:
            return CabVendorNotice(event=NO_NEWS)
        try:
            found = await self._aggregator.booking(booking.vendor_booking_id)
        except CabVendorError as error:
            raise ApplicationError(str(error), type="CabVendorUnavailable") from error
        if found.status not in VENDOR_EVENTS:
            return CabVendorNotice(event=NO_NEWS)
        async with self._session_maker() as session, session.begin():
            locked = await session.scalar(select(CabBooking).where(CabBooking.id == booking_id).with_for_update())
            if locked is not None and locked.status in RUNNING:
                keep_driver_and_vehicle(locked, found)
        return CabVendorNotice(event=VendorEvent(found.status))

    @activity.defn
    async def cancel_cab_with_vendor(self, booking_id: int) -> None:
        """Tells the vendor the cab is not wanted (again: the same answer)."""
        async with self._session_maker() as session:
            booking, _ = await self._booking(session, booking_id)
        if booking.vendor_booking_id is None:
            return
        try:
            await self._aggregator.cancel(booking.vendor_booking_id, booking.cancel_reason or "Not needed any more")
        except CabVendorError as error:
            raise ApplicationError(str(error), type="CabVendorUnavailable") from error

    @activity.defn
    async def record_cab_change(self, change: CabChange) -> None:
        """Writes the booking's new status (the driver and vehicle are in its row already, written by whoever heard
        the vendor); host and members are told of a booking, an unfulfilled request, a vendor's cancel and a cancel that
        another change caused (the booking's end_cause), once."""
        async with transaction(self._session_maker) as session:
            booking = await session.scalar(
                select(CabBooking).where(CabBooking.id == change.booking_id).with_for_update()
            )
            if booking is None or booking.status not in RUNNING or booking.status == change.status:
                return
            booking.status = change.status
            booking.updated_at = func.now()
            notice = change.notice
            if change.status == CabStatus.BOOKED and notice is not None and _names_the_driver(notice):
                # A notice of a flow started before the driver and vehicle were kept in the row only.
                booking.driver_name = notice.driver_name
                booking.driver_phone = notice.driver_phone
                booking.vehicle_model = notice.vehicle_model
                booking.vehicle_registration = notice.vehicle_registration
            await tell_trip(session, Kind.CAB, booking.trip_id)
            told = _told_of(CabStatus(change.status), booking.end_cause)
            if told is None:
                return
            trip = await session.get(Trip, booking.trip_id)
            assert trip is not None
            title, _ = told
            fields = {
                "route": trip_route_fields(trip),
                "vehicle": f"{booking.vehicle_model} {booking.vehicle_registration}",
                "driver": str(booking.driver_name),
            }
            people = await live_people(session, trip.id, (PassengerStatus.ACTIVE,))
            await notify(
                session,
                [
                    notifications.notice_draft(
                        recipient_id=person,
                        kind=notifications.kind_of_title(title),
                        fields=fields,
                        entity_type=notices.ABOUT_TRIP,
                        entity_id=str(trip.id),
                        dedupe_key=f"cab:{booking.id}:{change.status}:{person}",
                    )
                    for person in people
                ],
            )
