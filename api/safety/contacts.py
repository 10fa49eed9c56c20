"""A person's emergency contacts: up to three people told by SMS when they raise an SOS."""

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.safety.schemas import EmergencyContact, EmergencyContactIn, EmergencyContacts
from domain import models
from domain.models import User
from domain.rules import safety


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
    session: AsyncSession, user: User, contacts: list[EmergencyContactIn]
) -> EmergencyContacts:
    """The whole list replaced in the request's transaction, once the rules hold; the person's row is locked first,
    so two saves sent together land one after the other."""
    refuse(
        safety.contacts_refusal(
            [safety.EmergencyContact(name=contact.name, mobile_number=contact.mobile_number) for contact in contacts],
            own_number=user.mobile_number or "",
        )
    )
    await session.execute(select(User.id).where(User.id == user.id).with_for_update())
    await session.execute(delete(models.EmergencyContact).where(models.EmergencyContact.user_id == user.id))
    session.add_all(
        models.EmergencyContact(
            user_id=user.id, position=position, name=contact.name, mobile_number=contact.mobile_number
        )
        for position, contact in enumerate(contacts)
    )
    await session.flush()
    return EmergencyContacts(
        contacts=[EmergencyContact(name=contact.name, mobile_number=contact.mobile_number) for contact in contacts]
    )
