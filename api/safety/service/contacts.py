"""A person's emergency contacts: up to three people told by SMS when they raise an SOS.

Changing them is limited (EMERGENCY_CONTACT_SAVES_PER_DAY saves that change the list, an IST day; refused with a 429
changing nothing), and a number the person had not added before is sent one SMS, once per person and number ever,
saying who added it and how to stop it: the notice is kept in the save's transaction and its ContactNoticeWorkflow
started through the outbox, so a crash loses none and sends none twice."""

from sqlalchemy import delete, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.safety.schemas import EmergencyContact, EmergencyContactIn, EmergencyContacts
from domain import clock, models
from domain.flows import start_after_commit
from domain.i18n.catalog import in_language
from domain.i18n.reading import reading_language
from domain.models import EmergencyContactNotice, EmergencyContactSaves, User
from domain.rules import safety, safety_messages
from domain.rules.refusal import too_many
from domain.settings import Settings
from workflows.contact_notice.contracts import contact_notice_start


async def emergency_contacts(session: AsyncSession, user: User) -> EmergencyContacts:
    rows = await session.scalars(
        select(models.EmergencyContact)
        .where(models.EmergencyContact.user_id == user.id)
        .order_by(models.EmergencyContact.position)
    )
    return EmergencyContacts(
        contacts=[EmergencyContact(name=row.name, mobile_number=row.mobile_number) for row in rows]
    )


async def replace_emergency_contacts(
    session: AsyncSession, settings: Settings, user: User, contacts: list[EmergencyContactIn]
) -> EmergencyContacts:
    """The whole list replaced in the request's transaction, once the rules hold; the person's row is locked first,
    so two saves sent together land one after the other. A save that changes nothing is not counted."""
    refuse(
        safety.contacts_refusal(
            [safety.EmergencyContact(name=contact.name, mobile_number=contact.mobile_number) for contact in contacts],
            own_number=user.mobile_number or "",
        )
    )
    await session.execute(select(User.id).where(User.id == user.id).with_for_update())
    saved = EmergencyContacts(
        contacts=[EmergencyContact(name=contact.name, mobile_number=contact.mobile_number) for contact in contacts]
    )
    before = await emergency_contacts(session, user)
    if before == saved:
        return saved
    await _count_save(session, settings, user)
    await session.execute(delete(models.EmergencyContact).where(models.EmergencyContact.user_id == user.id))
    session.add_all(
        models.EmergencyContact(
            user_id=user.id, position=position, name=contact.name, mobile_number=contact.mobile_number
        )
        for position, contact in enumerate(contacts)
    )
    await session.flush()
    known = {contact.mobile_number for contact in before.contacts}
    await _tell_new_contacts(
        session, settings, user, [c.mobile_number for c in contacts if c.mobile_number not in known]
    )
    return saved


async def _count_save(session: AsyncSession, settings: Settings, user: User) -> None:
    """Counts one change of the person's contacts today; refuses (429) once the day's are used up."""
    per_day = settings.emergency_contact_saves_per_day
    counted = await session.scalar(
        insert(EmergencyContactSaves)
        .values(user_id=user.id, day=clock.today_ist(), saves=1)
        .on_conflict_do_update(
            index_elements=[EmergencyContactSaves.user_id, EmergencyContactSaves.day],
            set_={"saves": EmergencyContactSaves.saves + 1},
            where=EmergencyContactSaves.saves < per_day,
        )
        .returning(EmergencyContactSaves.saves)
    )
    if counted is None:
        too_often = safety_messages.EMERGENCY_CONTACTS_CHANGED_TOO_OFTEN.format(count=per_day)
        refuse(too_many(too_often))


async def _tell_new_contacts(session: AsyncSession, settings: Settings, user: User, numbers: list[str]) -> None:
    """Keeps the one notice of each number the person never added before, and starts its flow after the commit."""
    if not numbers:
        return
    language = reading_language()  # the sender's, as the request speaks it
    name = user.name or in_language(safety.UNNAMED_RIDER, language)
    words = in_language(safety.CONTACT_ADDED_SMS, language).format(name=name, support=settings.support_email)
    kept = await session.scalars(
        insert(EmergencyContactNotice)
        .values([{"user_id": user.id, "mobile_number": number, "message": words} for number in numbers])
        .on_conflict_do_nothing(index_elements=[EmergencyContactNotice.user_id, EmergencyContactNotice.mobile_number])
        .returning(EmergencyContactNotice.id)
    )
    await start_after_commit(session, *(contact_notice_start(notice_id, user.id) for notice_id in kept))
