"""A network rider (docs/interop.md, "A network rider"): a person an ONDC buyer app books a seat for, whom Humsafar
did not sign up. They are a users row of their own, found again by the buyer app's subscriber id and the phone it
gave, with no mobile number: they never sign in, and their phone is kept apart from the member's number the app's
share rules read, so no host or member ever sees it. Every rule and flow of joining works on them unchanged."""

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.ext.asyncio import AsyncSession

from domain.accounts import new_referral_code
from domain.models import NetworkOrder, User, UserTripsInsights


async def network_rider(session: AsyncSession, bap_id: str, name: str, phone: str) -> User:
    """The buyer app's rider of this phone, made the first time they book; their name as the buyer app gives it now."""
    user_id = await session.scalar(
        insert(User)
        .values(network_bap_id=bap_id, network_phone=phone, name=name, referral_code=new_referral_code())
        .on_conflict_do_update(
            index_elements=[User.network_bap_id, User.network_phone],
            index_where=User.network_bap_id.is_not(None),
            set_={"name": name},
        )
        .returning(User.id)
    )
    await session.execute(insert(UserTripsInsights).values(user_id=user_id).on_conflict_do_nothing())
    return await session.get_one(User, user_id)


async def order_of_request(session: AsyncSession, passenger_id: int, request_number: int) -> NetworkOrder | None:
    """The network order a join request was made by, when a buyer app's confirm made it."""
    return await session.scalar(
        select(NetworkOrder).where(
            NetworkOrder.passenger_id == passenger_id, NetworkOrder.request_number == request_number
        )
    )
