"""Identity verification's activities: the vendor's word on a transaction, and each change written with its
notice (domain/rules/kyc.py)."""

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from temporalio import activity
from temporalio.exceptions import ApplicationError

from activities.notifications import notify
from domain import notifications
from domain.db import transaction
from domain.i18n.catalog import english_id
from domain.live import Kind, tell
from domain.models import KycVerification, User
from domain.providers.kyc import HyperVergeClient, KycVendorError
from domain.rules import notices
from domain.rules.kyc import FINAL, MESSAGES, NOTICE_TITLES, KycStatus
from workflows.kyc.contracts import KycChange, KycSteps

# A KYC notice opens one's own profile, where the badge or the banner shows the outcome.


class KycActivities(KycSteps):
    def __init__(
        self,
        session_maker: async_sessionmaker[AsyncSession],
        vendor: HyperVergeClient,
    ) -> None:
        self._session_maker = session_maker
        self._vendor = vendor

    @activity.defn
    async def ask_kyc_vendor(self, transaction_id: str) -> str:
        """The vendor's applicationStatus for the transaction, from its results API."""
        try:
            return await self._vendor.application_status(transaction_id)
        except KycVendorError as error:
            # Kept in the flow's history: what went wrong, without the vendor's words (they may name the person).
            raise ApplicationError(str(error).split(":", 1)[0], type="KycVendorUnavailable") from error

    @activity.defn
    async def record_kyc_change(self, change: KycChange) -> None:
        """Writes the verification's new status, and the user's fields when it is their latest verification; a
        final outcome is told to the person once. A status already written (a retried activity) changes nothing."""
        async with transaction(self._session_maker) as session:
            verification = await session.scalar(
                select(KycVerification).where(KycVerification.id == change.verification_id).with_for_update()
            )
            if verification is None or verification.status in FINAL or verification.status == change.status:
                return
            verification.status = change.status
            verification.vendor_status = change.vendor_status or verification.vendor_status
            verification.updated_at = func.now()
            await tell(session, Kind.KYC, change.user_id, [change.user_id])
            latest = await session.scalar(
                select(func.max(KycVerification.number)).where(KycVerification.user_id == change.user_id)
            )
            if latest == verification.number:
                fields: dict[str, object] = {
                    "kyc_status": change.status,
                    "kyc_message": MESSAGES[KycStatus(change.status)],
                }
                if change.status == KycStatus.APPROVED:
                    fields["is_kyc_verified"] = True
                await session.execute(update(User).where(User.id == change.user_id).values(fields))
            if change.status in FINAL:
                said = MESSAGES[KycStatus(change.status)]
                body = english_id(said) if said else None
                notice = notifications.notice_draft(
                    recipient_id=change.user_id,
                    kind=notifications.kind_of_title(NOTICE_TITLES[KycStatus(change.status)]),
                    fields={},
                    body=body[0] if body else None,
                    entity_type=notices.ABOUT_PROFILE,
                    entity_id="",
                    dedupe_key=f"kyc:{verification.transaction_id}:{change.status}",
                )
                await notify(session, [notice])
