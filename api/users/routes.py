"""The signed-in user's profile, other users' cards, location, feedback, blocks and account deletion (SPEC §3 User;
§7)."""

from fastapi import APIRouter, Request, Response

from api.deps import CurrentUser, SessionDep, StorageDep
from api.media.service import ProfileImageUploadsDep
from api.security.cookies import clear_session_cookie
from api.users import blocks
from api.users.queries import other_user_card, private_profile
from api.users.schemas import BlockUser, CurrentLocation, FeedbackCreate, UserPrivate, UserPublic, UserUpdate
from api.users.service import delete_account, keep_feedback, set_current_location, update_profile
from domain.envelope import Envelope, MessageOnly, done, ok
from domain.rules import messages

router = APIRouter(prefix="/user", tags=["user"])


@router.get("/user")
async def read_me(user: CurrentUser, session: SessionDep) -> Envelope[UserPrivate]:
    return ok(await private_profile(session, user))


@router.put("/user")
async def update_me(
    body: UserUpdate, user: CurrentUser, session: SessionDep, storage: StorageDep, uploads: ProfileImageUploadsDep
) -> Envelope[UserPrivate]:
    created = await update_profile(session, storage, uploads, user, body)
    message = messages.PROFILE_CREATED if created else messages.PROFILE_UPDATED
    return ok(await private_profile(session, user), message)


@router.get("/user/{user_id}")
async def read_user(user_id: int, user: CurrentUser, session: SessionDep) -> Envelope[UserPublic]:
    """Another user's public card; not found across a block."""
    return ok(await other_user_card(session, user, user_id))


@router.patch("/current_location")
async def update_current_location(body: CurrentLocation, user: CurrentUser) -> MessageOnly:
    set_current_location(user, body.lat, body.long)
    return done(messages.LOCATION_UPDATED)


@router.post("/feedback")
async def send_feedback(body: FeedbackCreate, user: CurrentUser, session: SessionDep) -> MessageOnly:
    keep_feedback(session, user, body)
    return done(messages.FEEDBACK_THANKS)


@router.post("/block/{user_id}")
async def block_user(user_id: int, body: BlockUser, user: CurrentUser, session: SessionDep) -> MessageOnly:
    """Blocks (and, with report_user, reports) another user: their trips disappear from each other's searches."""
    await blocks.block_user(session, user, user_id, body)
    return done(messages.BLOCKED_AND_REPORTED if body.report_user else messages.BLOCKED)


@router.delete("/user")
async def delete_me(
    request: Request,
    response: Response,
    user: CurrentUser,
    session: SessionDep,
) -> MessageOnly:
    """Ends every session and frees the number at once; pictures and personal fields are erased durably."""
    await delete_account(session, user)
    clear_session_cookie(response, request)
    return done(messages.ACCOUNT_DELETED)
