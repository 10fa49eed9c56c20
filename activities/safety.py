"""An SOS's activities (domain/rules/safety.py): each change of the incident written, the incident's emergency
contacts (kept when it was raised, SafetyIncidentContact) told by SMS, the trip's other members notified, support's
on-call number paged.

Every step may run again after a crash or a lost answer and sends nothing twice: each SMS of a step is a row
(`safety_sms`, one per incident, step and number) kept before it is sent and marked sent after, and a row is sent
with its id as the gateway's reference, which the gateway keeps once; notifications carry dedupe keys. Each SMS is
counted against its number's daily cap as an alert (domain/sms_cap.py): one over it is withheld, not retried. The
gateway is called while no transaction is open. The live link an SMS carries is made here, from the incident's trip
and person: the flow's input and history carry ids only.
"""

import asyncio
import logging

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.sql import func
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.notifications import notify
from activities.trips import live_people
from domain import notifications
from domain.db import transaction
from domain.i18n.catalog import in_language
from domain.i18n.languages import Language, language_or_default
from domain.live import Kind, tell_trip_members
from domain.live_links import live_link
from domain.models import EmergencyContactNotice, SafetyIncident, SafetyIncidentContact, SafetySms, Trip, User
from domain.providers.sms import SmsProvider
from domain.rules import notices
from domain.rules.join import PassengerStatus
from domain.rules.safety import (
    SOS_ALERT_SMS,
    SOS_REMINDER_SMS,
    SOS_RESOLVED_SMS,
    SOS_SUPPORT_PAGE_SMS,
    UNNAMED_RIDER,
    IncidentStatus,
    location_words,
)
from domain.settings import Settings
from domain.sms_cap import SmsCaps, SmsOutcome, SmsPriority, send_kept, support_oncall_number
from workflows.contact_notice.contracts import ContactNoticeSteps
from workflows.safety_incident.contracts import (
    ALERT,
    RESOLVED,
    SUPPORT,
    SafetyChange,
    SafetyIncidentSteps,
    SafetyStep,
)

logger = logging.getLogger("humsafar.safety")

SMS_MAX_LENGTH = 500
# The members' notice of each step that notifies them: its kind (domain/notifications.py).
MEMBER_NOTICES = {ALERT: "SOS_RAISED", RESOLVED: "SOS_RESOLVED"}


def sms_reference(sms_id: int) -> str:
    """The gateway's idempotency reference of one SMS: a re-sent row is kept once."""
    return f"safety-sms:{sms_id}"


def contact_notice_reference(notice_id: int) -> str:
    return f"contact-notice:{notice_id}"


def notice_key(incident_id: int, step: str, user_id: int) -> str:
    return f"sos:{incident_id}:{step}:{user_id}"


def sms_words(step: str, name: str, live_link: str, incident: SafetyIncident, language: Language) -> str:
    """The step's SMS to the contacts, in the language of the person who raised the SOS."""
    if step == ALERT:
        location = in_language(location_words(incident.latitude, incident.longitude), language)
        words = in_language(SOS_ALERT_SMS, language).format(name=name, link=live_link, location=location)
    elif step == RESOLVED:
        words = in_language(SOS_RESOLVED_SMS, language).format(name=name)
    else:
        words = in_language(SOS_REMINDER_SMS, language).format(name=name, link=live_link)
    return words[:SMS_MAX_LENGTH]


def person_words(person: User, language: Language) -> str:
    """How the person is named to their contacts and co-riders."""
    return person.name or in_language(UNNAMED_RIDER, language)


class SafetyActivities(SafetyIncidentSteps, ContactNoticeSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        gateway: SmsProvider,
        settings: Settings,
    ) -> None:
        self._session_maker = session_maker
        self._gateway = gateway
        self._settings = settings
        self._caps = SmsCaps.of(settings)

    @activity.defn
    async def record_incident_change(self, change: SafetyChange) -> None:
        """Writes the incident's status, when it was acknowledged or resolved, and its escalations. A resolved
        incident stays resolved (the person's "I am safe" may be written by the API before the flow hears of it),
        and each time is written once."""
        async with transaction(self._session_maker) as session:
            incident = await session.scalar(
                select(SafetyIncident).where(SafetyIncident.id == change.incident_id).with_for_update()
            )
            if incident is None:
                return
            incident.escalations = max(incident.escalations, change.escalations)
            if incident.status == IncidentStatus.RESOLVED and change.status != IncidentStatus.RESOLVED:
                return
            if incident.status != change.status:
                # The host's and members' open trip sheets show the trip's standing SOS (api/safety/service/sos.py).
                await tell_trip_members(session, Kind.SOS, incident.trip_id)
            incident.status = change.status
            if change.status == IncidentStatus.ACKNOWLEDGED and incident.acknowledged_at is None:
                incident.acknowledged_at = func.now()
            if change.status == IncidentStatus.RESOLVED and incident.resolved_at is None:
                incident.resolved_at = func.now()

    @activity.defn
    async def tell_contacts(self, step: SafetyStep) -> int:
        """Sends each of the incident's kept contacts this step's SMS, once; answers how many were sent now. A
        reminder is no longer sent once the person said they are safe."""
        async with transaction(self._session_maker) as session:
            pending = await self._keep_messages(session, step)
        return await self._send_all(pending)

    @activity.defn
    async def page_support(self, step: SafetyStep) -> int:
        """Pages support's on-call number, once, about an incident nobody acknowledged after its last reminder;
        answers how many pages were sent now. Nothing once it was acknowledged or resolved."""
        number = support_oncall_number(self._settings)
        if number is None:
            logger.error("SOS %s needs support and SUPPORT_ONCALL_NUMBER is not set", step.incident_id)
            return 0
        async with transaction(self._session_maker) as session:
            incident = await session.get(SafetyIncident, step.incident_id)
            if incident is None or incident.status not in (IncidentStatus.OPEN, IncidentStatus.ESCALATED):
                return 0
            words = SOS_SUPPORT_PAGE_SMS.format(
                incident=incident.id, trip=incident.trip_id, person=incident.user_id, reminders=incident.escalations
            )
            pending = await self._keep(session, incident.id, SUPPORT, [(number, words)])
        return await self._send_all(pending)

    async def _send_all(self, pending: list[int]) -> int:
        sent = await asyncio.gather(*(self._send(sms_id) for sms_id in pending), return_exceptions=True)
        failures = [outcome for outcome in sent if isinstance(outcome, BaseException)]
        if failures:
            raise ApplicationError(
                f"{len(failures)} of {len(pending)} SMS not sent: {failures[0]}", type="SmsGatewayUnavailable"
            )
        return sent.count(SmsOutcome.SENT)

    async def _keep_messages(self, session: AsyncSession, step: SafetyStep) -> list[int]:
        """Keeps this step's SMS to each of the incident's contacts (not again); answers those not settled yet."""
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
        kept = select(SafetyIncidentContact.mobile_number).where(SafetyIncidentContact.incident_id == incident.id)
        if step.contact_ids:
            kept = kept.where(SafetyIncidentContact.id.in_(step.contact_ids))
        numbers = list(await session.scalars(kept.order_by(SafetyIncidentContact.position)))
        link = "" if step.step == RESOLVED else await live_link(session, self._settings, incident.trip_id, person.id)
        language = language_or_default(person.language)
        words = sms_words(step.step, person_words(person, language), link, incident, language)
        return await self._keep(session, incident.id, step.step, [(number, words) for number in numbers])

    @staticmethod
    async def _keep(session: AsyncSession, incident_id: int, step: str, messages: list[tuple[str, str]]) -> list[int]:
        """Keeps the step's SMS (number, words), each once; answers the ids of the step's SMS not settled yet."""
        rows = [
            {"incident_id": incident_id, "step": step, "mobile_number": number, "message": words}
            for number, words in messages
        ]
        if rows:
            await session.execute(
                insert(SafetySms)
                .values(rows)
                .on_conflict_do_nothing(index_elements=[SafetySms.incident_id, SafetySms.step, SafetySms.mobile_number])
            )
        pending = await session.scalars(
            select(SafetySms.id)
            .where(
                SafetySms.incident_id == incident_id,
                SafetySms.step == step,
                SafetySms.sent_at.is_(None),
                SafetySms.withheld_at.is_(None),
            )
            .order_by(SafetySms.id)
        )
        return list(pending)

    async def _send(self, sms_id: int) -> SmsOutcome:
        return await send_kept(
            self._session_maker,
            self._gateway,
            SafetySms,
            sms_id,
            sms_reference(sms_id),
            self._caps.cap(SmsPriority.ALERT),
        )

    @activity.defn
    async def send_contact_notice(self, notice_id: int) -> str:
        """Sends a new emergency contact's one notice, once, within its number's daily cap as a notice; answers
        `sent` or `withheld`."""
        outcome = await send_kept(
            self._session_maker,
            self._gateway,
            EmergencyContactNotice,
            notice_id,
            contact_notice_reference(notice_id),
            self._caps.cap(SmsPriority.NOTICE),
        )
        if outcome == SmsOutcome.SETTLED:
            async with transaction(self._session_maker) as session:
                withheld = await session.scalar(
                    select(EmergencyContactNotice.withheld_at).where(EmergencyContactNotice.id == notice_id)
                )
            return SmsOutcome.WITHHELD if withheld is not None else SmsOutcome.SENT
        return outcome

    @activity.defn
    async def notify_members(self, step: SafetyStep) -> int:
        """Notifies the trip's host and active members, but the person, of the SOS raised or closed; answers how
        many notices were new."""
        kind = MEMBER_NOTICES[step.step]
        async with transaction(self._session_maker) as session:
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
            fields = {
                "name": notifications.person(person.name, unnamed="UNNAMED_RIDER"),
                "route": notifications.route(trip.origin.name, trip.destination.name),
            }
            drafts = [
                notifications.notice_draft(
                    recipient_id=user_id,
                    sender_id=incident.user_id,
                    kind=kind,
                    fields=fields,
                    entity_type=notices.ABOUT_TRIP,
                    entity_id=str(trip.id),
                    dedupe_key=notice_key(incident.id, step.step, user_id),
                )
                for user_id in await live_people(session, trip.id, (PassengerStatus.ACTIVE,))
                if user_id != incident.user_id
            ]
            return await notify(session, drafts)
