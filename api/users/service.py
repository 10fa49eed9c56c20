"""A user's own account (SPEC §3 User, §5 profile rules): creating and editing the profile, its picture, the current
location, feedback about the app, and deleting the account."""

import uuid
from decimal import Decimal

from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.media.service import ProfileImageUploads
from api.security.sessions import revoke_all_sessions
from api.users.schemas import FeedbackCreate, UserUpdate, parse_dob
from domain import clock
from domain.accounts import find_user_by_referral_code
from domain.bus import close_sockets_of
from domain.flows import start_after_commit
from domain.i18n.reading import note_profile_language
from domain.images import ImageTooLarge, InvalidImage, checked_image, profile_images
from domain.models import Feedback, User
from domain.providers.storage import MediaStorage
from domain.rules import messages
from domain.rules.refusal import invalid
from workflows.account_erasure.contracts import AccountErasureInput, account_erasure_start


async def _store_profile_image(
    user: User, payload: str, storage: MediaStorage, uploads: ProfileImageUploads
) -> list[str]:
    """Stores the new pictures under new keys and returns the keys of the ones they replace. The size is read from
    the header first; then the upload is counted against the person's hour, and only then decoded, off the loop."""
    try:
        raw = await checked_image(payload)
        await uploads.count(user.id)
        images = await profile_images(raw)
    except ImageTooLarge:
        refuse(invalid(messages.IMAGE_TOO_LARGE))
    except InvalidImage:
        refuse(invalid(messages.IMAGE_INVALID))
    stem = f"profile/{user.id}/{uuid.uuid4().hex}"
    await storage.put(f"{stem}-small.jpg", images.small_jpeg)
    await storage.put(f"{stem}-medium.jpg", images.medium_jpeg)
    replaced = [key for key in (user.small_image_key, user.medium_image_key) if key]
    user.small_image_key, user.medium_image_key = f"{stem}-small.jpg", f"{stem}-medium.jpg"
    return replaced


def _check_creation_fields(user: User, body: UserUpdate) -> None:
    if not (body.name or user.name):
        refuse(invalid(messages.NAME_REQUIRED))
    if not (body.gender or user.gender):
        refuse(invalid(messages.SEX_REQUIRED))
    if not (body.dob or user.dob) and not user.is_kyc_verified:
        refuse(invalid(messages.DOB_REQUIRED))


async def update_profile(
    session: AsyncSession, storage: MediaStorage, uploads: ProfileImageUploads, user: User, body: UserUpdate
) -> bool:
    """Applies the fields sent; True when this created the profile (it was not complete before). A verified
    identity locks the name and the date of birth; a referrer is set once. The language alone is kept before the
    profile exists (picked on the sign-in screen, or the phone's), and creates nothing."""
    created = not user.is_profile_complete and not body.is_language_only()
    if created:
        _check_creation_fields(user, body)
    if user.is_kyc_verified and body.name is not None and body.name != user.name:
        refuse(invalid(messages.NAME_LOCKED_AFTER_KYC))
    new_dob = parse_dob(body.dob) if body.dob else None
    if user.is_kyc_verified and new_dob is not None and new_dob != user.dob:
        refuse(invalid(messages.DOB_LOCKED_AFTER_KYC))
    if body.referrer_code is not None and user.referred_by_id is None:
        referrer = await find_user_by_referral_code(session, body.referrer_code)
        if referrer is None or referrer.id == user.id:
            refuse(invalid(messages.REFERRAL_CODE_INVALID))
        user.referred_by_id = referrer.id

    if body.name is not None:
        user.name = body.name
    if body.gender is not None:
        user.gender = body.gender
    if new_dob is not None:
        user.dob = new_dob
    if body.receive_notification is not None:
        user.receive_notification = body.receive_notification
    if body.language is not None:
        user.language = body.language
        note_profile_language(body.language)  # the answer is already in the language just chosen
    replaced_keys = []
    if body.profile_image_base64:
        replaced_keys = await _store_profile_image(user, body.profile_image_base64, storage, uploads)
    await session.flush()
    # After the flush: had it failed, the user's row would still name the old pictures.
    for key in replaced_keys:
        await storage.delete(key)
    return created


def set_current_location(user: User, lat: str, long: str) -> None:
    """Where the user is now, to six decimals (about 10 cm); written with the request's transaction."""
    latitude, longitude = Decimal(lat), Decimal(long)
    if abs(latitude) > 90:
        refuse(invalid(messages.LOCATION_INVALID))
    user.current_latitude = round(latitude, 6)
    user.current_longitude = round(longitude, 6)
    user.current_location_updated_at = clock.now()


def keep_feedback(session: AsyncSession, user: User, body: FeedbackCreate) -> None:
    """What a user tells us about the app (the Help and feedback screen): the parts it is about and a note, kept for the
    team to read."""
    session.add(Feedback(user_id=user.id, services=body.services, features=body.features, note=body.note))


async def delete_account(session: AsyncSession, user: User) -> None:
    """Deleting an account (SPEC §3 User): at once, every session ends (and every open socket of the person closes) and
    the mobile number is free for a new account; the pictures and personal fields are erased by a durable flow that
    starts once the transaction commits."""
    image_keys = [key for key in (user.small_image_key, user.medium_image_key) if key]
    user.deleted_at = clock.now()
    user.mobile_number = None
    await revoke_all_sessions(session, user.id)
    await close_sockets_of(session, user.id)
    await session.flush()
    await start_after_commit(
        session, account_erasure_start(AccountErasureInput(user_id=user.id, image_keys=image_keys))
    )
