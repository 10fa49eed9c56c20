"""An SOS's activities (domain/rules/safety.py): each change of the incident written, the person's emergency
contacts told by SMS, the trip's other members notified.

Every step may run again after a crash or a lost answer and sends nothing twice: each SMS of a step is a row
(`safety_sms`, one per incident, step and number) kept before it is sent and marked sent after, and a row is sent
with its id as the gateway's reference, which the gateway keeps once; notifications carry dedupe keys. The gateway
is called while no transaction is open.
"""

import asyncio

from sqlalchemy import select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.sql import func
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.notifications import NotificationDraft, notify
from activities.trips import live_people, trip_route
from domain.flows import FlowOutbox
from domain.models import EmergencyContact, SafetyIncident, SafetySms, Trip, User
from domain.providers.sms import SmsMessage, SmsProvider
from domain.rules import notices
from domain.rules.join import PassengerStatus
from domain.rules.safety import SOS_ALERT_SMS, SOS_REMINDER_SMS, SOS_RESOLVED_SMS, IncidentStatus, location_words
from workflows.safety_incident.contracts import ALERT, RESOLVED, SafetyChange, SafetyStep

SMS_MAX_LENGTH = 500
# The members' notice of each step that notifies them: its title and its words.
MEMBER_NOTICES = {
    ALERT: (notices.SOS_RAISED_TITLE, notices.SOS_RAISED_BODY),
    RESOLVED: (notices.SOS_RESOLVED_TITLE, notices.SOS_RESOLVED_BODY),
}


def sms_reference(sms_id: int) -> str:
    """The gateway's idempotency reference of one SMS: a re-sent row is kept once."""
    return f"safety-sms:{sms_id}"


def notice_key(incident_id: int, step: str, user_id: int) -> str:
    return f"sos:{incident_id}:{step}:{user_id}"


def sms_words(step: str, name: str, live_link: str, incident: SafetyIncident) -> str:
    if step == ALERT:
        words = SOS_ALERT_SMS.format(
            name=name, link=live_link, location=location_words(incident.latitude, incident.longitude)
        )
    elif step == RESOLVED:
        words = SOS_RESOLVED_SMS.format(name=name)
    else:
        words = SOS_REMINDER_SMS.format(name=name, link=live_link)
    return words[:SMS_MAX_LENGTH]


# How a person with no name yet is named: never by their number, which their co-riders do not have.
UNNAMED = "A Humsafar rider"


def person_words(person: User) -> str:
    """How the person is named to their contacts and co-riders."""
    return person.name or UNNAMED


class SafetyActivities:
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        gateway: SmsProvider,
        outbox: FlowOutbox | None = None,
    ) -> None:
        self._outbox = outbox or FlowOutbox(session_maker, None, "")
        self._gateway = gateway

    @activity.defn
    async def record_incident_change(self, change: SafetyChange) -> None:
        """Writes the incident's status, when it was acknowledged or resolved, and its escalations. A resolved
        incident stays resolved (the person's "I am safe" may be written by the API before the flow hears of it),
        and each time is written once."""
        async with self._outbox.transaction() as session:
            incident = await session.scalar(
                select(SafetyIncident).where(SafetyIncident.id == change.incident_id).with_for_update()
            )
            if incident is None:
                return
            incident.escalations = max(incident.escalations, change.escalations)
            if incident.status == IncidentStatus.RESOLVED and change.status != IncidentStatus.RESOLVED:
                return
            incident.status = change.status
            if change.status == IncidentStatus.ACKNOWLEDGED and incident.acknowledged_at is None:
                incident.acknowledged_at = func.now()
            if change.status == IncidentStatus.RESOLVED and incident.resolved_at is None:
                incident.resolved_at = func.now()

    @activity.defn
    async def tell_contacts(self, step: SafetyStep) -> int:
        """Sends each of the person's emergency contacts this step's SMS, once; answers how many were sent now. A
        reminder is no longer sent once the person said they are safe."""
        async with self._outbox.transaction() as session:
            pending = await self._keep_messages(session, step)
        sent = await asyncio.gather(*(self._send(sms) for sms in pending), return_exceptions=True)
        failures = [outcome for outcome in sent if isinstance(outcome, BaseException)]
        if failures:
            raise ApplicationError(
                f"{len(failures)} of {len(pending)} SMS not sent: {failures[0]}", type="SmsGatewayUnavailable"
            )
        return len(pending)

    async def _keep_messages(self, session: AsyncSession, step: SafetyStep) -> list[SafetySms]:
        """Keeps this step's SMS to each contact (not again); answers those not sent yet."""
        found = (
            await session.execute(
                select(SafetyIncident, User)
                .join(User, User.id == SafetyIncident.user_id)
                .where(SafetyIncident.id == step.incident_id)
            )
        ).first()
        if found is None:
            return []
        incident, person = found
        if step.step not in (ALERT, RESOLVED) and incident.status == IncidentStatus.RESOLVED:
            return []
        contacts = await session.scalars(
            select(EmergencyContact.mobile_number)
            .where(EmergencyContact.user_id == incident.user_id)
            .order_by(EmergencyContact.position)
        )
        words = sms_words(step.step, person_words(person), step.live_link, incident)
        rows = [
            {"incident_id": incident.id, "step": step.step, "mobile_number": number, "message": words}
            for number in contacts
        ]
        if rows:
            await session.execute(
                insert(SafetySms)
                .values(rows)
                .on_conflict_do_nothing(index_elements=[SafetySms.incident_id, SafetySms.step, SafetySms.mobile_number])
            )
        pending = await session.scalars(
            select(SafetySms)
            .where(SafetySms.incident_id == incident.id, SafetySms.step == step.step, SafetySms.sent_at.is_(None))
            .order_by(SafetySms.id)
        )
        return list(pending)

    async def _send(self, sms: SafetySms) -> None:
        await self._gateway.send(SmsMessage(sms.mobile_number, sms.message, reference=sms_reference(sms.id)))
        async with self._outbox.transaction() as session:
            await session.execute(
                update(SafetySms).where(SafetySms.id == sms.id, SafetySms.sent_at.is_(None)).values(sent_at=func.now())
            )

    @activity.defn
    async def notify_members(self, step: SafetyStep) -> int:
        """Notifies the trip's host and active members, but the person, of the SOS raised or closed; answers how
        many notices were new."""
        title, body = MEMBER_NOTICES[step.step]
        async with self._outbox.transaction() as session:
            found = (
                await session.execute(
                    select(SafetyIncident, Trip, User)
                    .join(Trip, Trip.id == SafetyIncident.trip_id)
                    .join(User, User.id == SafetyIncident.user_id)
                    .where(SafetyIncident.id == step.incident_id)
                )
            ).first()
            if found is None:
                return 0
            incident, trip, person = found
            message = body.format(name=person_words(person), route=trip_route(trip))[: notices.BODY_MAX_LENGTH]
            drafts = [
                NotificationDraft(
                    recipient_id=user_id,
                    sender_id=incident.user_id,
                    title=title,
                    message=message,
                    entity_type=notices.ABOUT_TRIP,
                    entity_id=str(trip.id),
                    dedupe_key=notice_key(incident.id, step.step, user_id),
                )
                for user_id in await live_people(session, trip.id, (PassengerStatus.ACTIVE,))
                if user_id != incident.user_id
            ]
            return await notify(session, drafts)
