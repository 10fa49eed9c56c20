"""The signed-in user's profile, other users' cards, location and configuration (SPEC §3 User, Config; §7)."""

import uuid
from decimal import Decimal

from fastapi import APIRouter, Request, Response, status
from sqlalchemy import select

from api.deps import CurrentUser, SessionDep, SettingsDep, StorageDep
from api.envelope import Envelope, MessageOnly, done, ok
from api.errors import ApiError
from api.routes.configuration import build_config
from api.schemas.config import Config
from api.schemas.feedback import FeedbackCreate
from api.schemas.join import BlockUser
from api.schemas.user import CurrentLocation, UserPrivate, UserPublic, UserUpdate, parse_dob
from api.security.cookies import clear_session_cookie
from api.security.sessions import revoke_all_sessions
from api.views import private_profile, public_card
from domain import clock
from domain.accounts import find_user_by_referral_code
from domain.flows import start_after_commit
from domain.images import InvalidImage, profile_images_from_base64
from domain.models import Feedback, User, UserBlock
from domain.rules import messages
from workflows.contracts import AccountErasureInput, account_erasure_start

router = APIRouter(prefix="/user", tags=["user"])


@router.get("/user")
async def read_me(user: CurrentUser, session: SessionDep) -> Envelope[UserPrivate]:
    return ok(await private_profile(session, user))


async def _apply_profile_image(user: User, payload: str, storage: StorageDep) -> list[str]:
    """Stores the new pictures and returns the keys of the ones they replace."""
    try:
        images = profile_images_from_base64(payload)
    except InvalidImage as error:
        raise ApiError(messages.IMAGE_INVALID) from error
    stem = f"profile/{user.id}/{uuid.uuid4().hex}"
    await storage.put(f"{stem}-small.jpg", images.small_jpeg)
    await storage.put(f"{stem}-medium.jpg", images.medium_jpeg)
    replaced = [key for key in (user.small_image_key, user.medium_image_key) if key]
    user.small_image_key, user.medium_image_key = f"{stem}-small.jpg", f"{stem}-medium.jpg"
    return replaced


def _check_creation_fields(user: User, body: UserUpdate) -> None:
    if not (body.name or user.name):
        raise ApiError(messages.NAME_REQUIRED)
    if not (body.gender or user.gender):
        raise ApiError(messages.SEX_REQUIRED)
    if not (body.dob or user.dob) and not user.is_kyc_verified:
        raise ApiError(messages.DOB_REQUIRED)


@router.put("/user")
async def update_me(
    body: UserUpdate, user: CurrentUser, session: SessionDep, storage: StorageDep
) -> Envelope[UserPrivate]:
    was_complete = user.is_profile_complete
    if not was_complete:
        _check_creation_fields(user, body)
    if user.is_kyc_verified and body.name is not None and body.name != user.name:
        raise ApiError(messages.NAME_LOCKED_AFTER_KYC)
    new_dob = parse_dob(body.dob) if body.dob else None
    if user.is_kyc_verified and new_dob is not None and new_dob != user.dob:
        raise ApiError(messages.DOB_LOCKED_AFTER_KYC)
    if body.referrer_code is not None and user.referred_by_id is None:
        referrer = await find_user_by_referral_code(session, body.referrer_code)
        if referrer is None or referrer.id == user.id:
            raise ApiError(messages.REFERRAL_CODE_INVALID)
        user.referred_by_id = referrer.id

    if body.name is not None:
        user.name = body.name
    if body.gender is not None:
        user.gender = body.gender
    if new_dob is not None:
        user.dob = new_dob
    if body.receive_notification is not None:
        user.receive_notification = body.receive_notification
    replaced_keys = []
    if body.profile_image_base64:
        replaced_keys = await _apply_profile_image(user, body.profile_image_base64, storage)
    await session.flush()
    for key in replaced_keys:
        await storage.delete(key)
    message = messages.PROFILE_UPDATED if was_complete else messages.PROFILE_CREATED
    return ok(await private_profile(session, user), message)


@router.get("/user/{user_id}")
async def read_user(user_id: int, _: CurrentUser, session: SessionDep) -> Envelope[UserPublic]:
    other = await session.scalar(select(User).where(User.id == user_id, User.deleted_at.is_(None)))
    if other is None or not other.is_profile_complete:
        raise ApiError(messages.USER_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    return ok(public_card(other))


@router.patch("/current_location")
async def update_current_location(body: CurrentLocation, user: CurrentUser) -> MessageOnly:
    latitude, longitude = Decimal(body.lat), Decimal(body.long)
    if abs(latitude) > 90:
        raise ApiError(messages.LOCATION_INVALID)
    user.current_latitude = round(latitude, 6)
    user.current_longitude = round(longitude, 6)
    user.current_location_updated_at = clock.now()
    return done(messages.LOCATION_UPDATED)


@router.post("/feedback")
async def send_feedback(body: FeedbackCreate, user: CurrentUser, session: SessionDep) -> MessageOnly:
    session.add(Feedback(user_id=user.id, services=body.services, features=body.features, note=body.note))
    return done(messages.FEEDBACK_THANKS)


@router.post("/block/{user_id}")
async def block_user(user_id: int, body: BlockUser, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Blocks (and, with report_user, reports) another user: their trips disappear from each other's searches."""
    if user_id == user.id:
        raise ApiError(messages.BLOCK_SELF)
    if await session.scalar(select(User.id).where(User.id == user_id, User.deleted_at.is_(None))) is None:
        raise ApiError(messages.USER_NOT_FOUND, status.HTTP_404_NOT_FOUND)
    reason = (body.reason or "").strip() or None
    if body.report_user and reason is None:
        raise ApiError(messages.REASON_REQUIRED)
    block = await session.get(UserBlock, (user.id, user_id)) or UserBlock(blocker_id=user.id, blocked_id=user_id)
    block.reason, block.reported = reason, body.report_user or block.reported
    session.add(block)
    return done(messages.BLOCKED_AND_REPORTED if body.report_user else messages.BLOCKED)


@router.get("/configuration")
async def read_configuration(settings: SettingsDep) -> Envelope[Config]:
    return ok(build_config(settings))


@router.delete("/user")
async def delete_me(
    request: Request,
    response: Response,
    user: CurrentUser,
    session: SessionDep,
) -> MessageOnly:
    """Ends every session and frees the number at once; pictures and personal fields are erased durably."""
    image_keys = [key for key in (user.small_image_key, user.medium_image_key) if key]
    user.deleted_at = clock.now()
    user.mobile_number = None
    await revoke_all_sessions(session, user.id)
    await session.flush()
    await start_after_commit(
        session, account_erasure_start(AccountErasureInput(user_id=user.id, image_keys=image_keys))
    )
    clear_session_cookie(response, request)
    return done(messages.ACCOUNT_DELETED)
