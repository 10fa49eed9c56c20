"""A user as others see them (the public card, not across a block) and as they see themselves (the private profile),
SPEC §3 User."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.media.service import media_url
from api.users.blocks import are_blocked
from api.users.schemas import Reliability, TripInsights, UserPrivate, UserPublic, age_on, format_dob
from domain import clock
from domain.accounts import count_referred
from domain.i18n.languages import language_or_default
from domain.models import User, UserTripsInsights
from domain.rules import messages
from domain.rules.refusal import not_found


def reliability_of(insights: UserTripsInsights | None) -> Reliability:
    if insights is None:
        return Reliability(completed_trips=0, late_cancellations=0, no_shows=0)
    return Reliability(
        completed_trips=insights.trips_hosted + insights.total_trips_joined,
        late_cancellations=insights.late_cancellations,
        no_shows=insights.no_shows,
    )


def public_card(user: User, insights: UserTripsInsights | None) -> UserPublic:
    return UserPublic(
        id=user.id,
        name=user.name,
        gender=user.gender,
        age=age_on(user.dob, clock.today_ist()),
        small_image_url=media_url(user.small_image_key),
        medium_image_url=media_url(user.medium_image_key),
        is_kyc_verified=user.is_kyc_verified,
        linked_in_url=user.linked_in_url,
        flagged_count=user.flagged_count,
        average_rating=float(user.average_rating),
        reliability=reliability_of(insights),
    )


async def private_profile(session: AsyncSession, user: User) -> UserPrivate:
    insights = await session.get(UserTripsInsights, user.id)
    assert user.mobile_number is not None
    return UserPrivate(
        **public_card(user, insights).model_dump(),
        dob=format_dob(user.dob),
        mobile_number=user.mobile_number,
        kyc_status=user.kyc_status,
        kyc_message=user.kyc_message,
        referred_count=await count_referred(session, user.id),
        referral_code=user.referral_code,
        receive_notification=user.receive_notification,
        language=language_or_default(user.language),
        is_profile_complete=user.is_profile_complete,
        user_trips_insights=TripInsights(
            total_trips_joined=insights.total_trips_joined if insights else 0,
            trips_hosted=insights.trips_hosted if insights else 0,
            new_people_met=insights.new_people_met if insights else 0,
            total_co2_saved=float(insights.total_co2_saved) if insights else 0.0,
        ),
        member_since=user.created_at,
    )


async def other_user_card(session: AsyncSession, viewer: User, user_id: int) -> UserPublic:
    """Another user's public card; a deleted account, one without a profile yet, or one across a block (either way,
    api/users/blocks.py) is not found, so the block itself is never shown."""
    other = await session.scalar(select(User).where(User.id == user_id, User.deleted_at.is_(None)))
    if other is None or not other.is_profile_complete or await are_blocked(session, viewer.id, other.id):
        refuse(not_found(messages.USER_NOT_FOUND))
    return public_card(other, await session.get(UserTripsInsights, other.id))
