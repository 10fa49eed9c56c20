"""One-time codes (ARCHITECTURE.md "One-time codes").

A code is short, so the server bounds guessing: 5 tries per code, budgets of wrong codes per number and per address,
send caps per asker, per number and per address, a resend gap, a short expiry, single use, and a binding to the
login_token handed to the client that asked. Codes are stored as a keyed hash and compared in constant time. Nothing
here looks at whether the number has an account, so the answers are the same either way.

Who asks. A code is asked for either by the number's known device (a browser that signed in as the number before and
holds its mark, api/security/known_devices.py) or by an address. Each asker has its own resend gap, its own codes
(a new code ends only the asker's earlier ones) and its own caps, so a stranger asking for the owner's number neither
delays the owner's code nor ends it. Wrong codes count against the address that asked for the code, whoever typed
them: a code's tries are bounded anyway, and the address that fetches codes to guess at is the one slowed down.

Guessing, bounded (defaults; a code of OTP_LENGTH=4 digits is one of 10,000):
- A code dies at its 5th wrong try (OTP_MAX_TRIES): 5 guesses, a chance of 5 in 10,000 per code.
- One address makes at most 10 wrong codes an hour over all numbers (OTP_FAILURES_PER_IP_PER_HOUR), and at most 10
  a day (IST) on one number (OTP_DAILY_FAILURES_PER_NUMBER_PER_IP); past either it can neither ask for codes nor try
  them until they age out. Alone against one number: 10 guesses a day, a chance of 0.1% a day.
- All addresses together ask for at most 10 codes an hour for one number (OTP_SENDS_TO_NUMBER_PER_HOUR, 50 guesses)
  and make at most 30 wrong codes a day on it (OTP_DAILY_FAILURE_BUDGET): with many addresses, 30 guesses a day, a
  chance of 0.3% a day (about 9% over a month of daily attempts against one number).
- The known device has its own 5 codes an hour and its own 30 wrong codes a day; only whoever holds its mark can
  spend them.

NIST SP 800-63B §5.2.2 (rate limiting) asks that consecutive failed attempts on one subscriber account be limited to
no more than 100, without letting an attacker lock the subscriber out, and names as ways to do so waiting periods and
accepting attempts from addresses or devices the subscriber authenticated from before. Here a number takes at most
30 wrong codes a day from strangers, 60 with its own device's, below 100 in any day; an attacker's guesses slow only
the addresses that made them; one address can never spend the number's budget; and even many addresses that do only
close sign-in on new devices for the rest of the day, never on the device the owner signed in on before. NIST asks
for codes of at least 20 bits (six digits); the SPEC's four digits are what keeps the budgets this tight, and
OTP_LENGTH=6 makes every chance above a hundred times smaller.
"""

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, func, select, text, update
from sqlalchemy.ext.asyncio import AsyncSession

from api.errors import refuse
from api.outbound import commit_before_calling_out
from api.security.hashing import keyed_hash, new_token, same, token_hash
from domain import clock
from domain.i18n.reading import reading_language
from domain.models import OtpChallenge
from domain.providers.sms import SmsDeliveryError, SmsProvider, sign_in_code_message
from domain.rules import messages
from domain.rules.refusal import too_many, unauthenticated, unavailable
from domain.settings import Settings


@dataclass(frozen=True)
class IssuedCode:
    login_token: str
    code_length: int
    resend_after_seconds: int
    expires_in_seconds: int


@dataclass(frozen=True)
class Asker:
    """Who asks for a number's code: the number's known device, or else the address the request came from."""

    known_device: bool
    ip: str | None

    @property
    def is_an_address(self) -> bool:
        """Whether the address's own caps and budgets apply (a request with no address has none)."""
        return not self.known_device and self.ip is not None


def _code_hash(settings: Settings, login_token_hash: bytes, code: str) -> bytes:
    return keyed_hash(settings.resolved_secret_key(), "otp", login_token_hash, code)


async def _lock(session: AsyncSession, kind: str, key: str) -> None:
    """Serialises, across API processes until the transaction ends, what is counted and stored for one key."""
    await session.execute(
        text("SELECT pg_advisory_xact_lock(hashtext(:kind), hashtext(:key))"), {"kind": kind, "key": key}
    )


# The kind of advisory lock a number's sends and checks take (the watch of tests/api/test_calls_out_unlocked.py tries
# it too).
NUMBER_LOCK = "otp-number"


async def _lock_number(session: AsyncSession, mobile_number: str) -> None:
    """The sends and checks of one number. Taken first: a number's rows are locked only under it."""
    await _lock(session, NUMBER_LOCK, mobile_number)


async def _lock_address(session: AsyncSession, ip: str) -> None:
    """The sends and checks of one address, after its number's lock: the address's caps are counted and its code
    stored or its wrong try recorded before another request from it counts again."""
    await _lock(session, "otp-address", ip)


def _from_address(ip: str | None) -> ColumnElement[bool]:
    return OtpChallenge.requester_ip.is_(None) if ip is None else OtpChallenge.requester_ip == ip


def _askers_codes(mobile_number: str, asker: Asker) -> list[ColumnElement[bool]]:
    conditions = [OtpChallenge.mobile_number == mobile_number, OtpChallenge.from_known_device.is_(asker.known_device)]
    if not asker.known_device:
        conditions.append(_from_address(asker.ip))
    return conditions


async def _codes_sent(session: AsyncSession, since: datetime, *conditions: ColumnElement[bool]) -> int:
    return int(await session.scalar(select(func.count()).where(OtpChallenge.created_at > since, *conditions)) or 0)


async def _wrong_codes(session: AsyncSession, since: datetime, *conditions: ColumnElement[bool]) -> int:
    total = await session.scalar(
        select(func.coalesce(func.sum(OtpChallenge.failed_attempts), 0)).where(
            OtpChallenge.created_at >= since, *conditions
        )
    )
    return int(total or 0)


async def _refuse_sends_over_caps(
    session: AsyncSession, settings: Settings, mobile_number: str, asker: Asker, now: datetime
) -> None:
    """The asker's resend gap and hourly cap, and the cap of the number's codes over every address."""
    latest = await session.scalar(select(func.max(OtpChallenge.created_at)).where(*_askers_codes(mobile_number, asker)))
    if latest is not None:
        wait = settings.otp_resend_seconds - (now - latest).total_seconds()
        if wait > 0:
            refuse(too_many(messages.OTP_RESEND_TOO_SOON.format(seconds=int(wait) + 1)))
    hour_ago = now - timedelta(hours=1)
    if await _codes_sent(session, hour_ago, *_askers_codes(mobile_number, asker)) >= (
        settings.otp_sends_per_number_per_hour
    ):
        refuse(too_many(messages.OTP_SEND_LIMIT))
    if not asker.known_device:
        to_number = [OtpChallenge.mobile_number == mobile_number, OtpChallenge.from_known_device.is_(False)]
        if await _codes_sent(session, hour_ago, *to_number) >= settings.otp_sends_to_number_per_hour:
            refuse(too_many(messages.OTP_SEND_LIMIT))


async def _refuse_when_guessing_is_spent(
    session: AsyncSession, settings: Settings, mobile_number: str, asker: Asker, now: datetime
) -> None:
    """The number's daily budget of wrong codes for the asker's kind, and an address's own budgets. An address's are
    read under its lock (_lock_address)."""
    today = clock.start_of_ist_day(now)
    kind = OtpChallenge.from_known_device.is_(asker.known_device)
    if await _wrong_codes(session, today, OtpChallenge.mobile_number == mobile_number, kind) >= (
        settings.otp_daily_failure_budget
    ):
        refuse(too_many(messages.OTP_DAILY_FAILURES))
    if not asker.is_an_address:
        return
    address = _from_address(asker.ip)
    on_number = await _wrong_codes(session, today, OtpChallenge.mobile_number == mobile_number, kind, address)
    if on_number >= settings.otp_daily_failures_per_number_per_ip:
        refuse(too_many(messages.OTP_ADDRESS_FAILURES))
    if await _wrong_codes(session, now - timedelta(hours=1), kind, address) >= settings.otp_failures_per_ip_per_hour:
        refuse(too_many(messages.OTP_ADDRESS_FAILURES))


async def issue_code(
    session: AsyncSession,
    settings: Settings,
    sms: SmsProvider,
    mobile_number: str,
    requester_ip: str | None,
    known_device: bool = False,
) -> IssuedCode:
    """Stores a new code for the number (ending the asker's earlier ones) within the caps, commits it, then has it
    sent."""
    asker = Asker(known_device, requester_ip)
    now = clock.now()
    await _lock_number(session, mobile_number)
    await _refuse_sends_over_caps(session, settings, mobile_number, asker, now)
    if asker.is_an_address:
        assert requester_ip is not None
        await _lock_address(session, requester_ip)
        from_address = [_from_address(requester_ip), OtpChallenge.from_known_device.is_(False)]
        if await _codes_sent(session, now - timedelta(hours=1), *from_address) >= settings.otp_sends_per_ip_per_hour:
            refuse(too_many(messages.OTP_SEND_LIMIT))
    await _refuse_when_guessing_is_spent(session, settings, mobile_number, asker, now)
    await session.execute(
        update(OtpChallenge)
        .where(*_askers_codes(mobile_number, asker), OtpChallenge.consumed_at.is_(None))
        .values(consumed_at=now)
    )
    code = "".join(str(secrets.randbelow(10)) for _ in range(settings.otp_length))
    login_token = new_token()
    login_token_hash = token_hash(login_token)
    session.add(
        OtpChallenge(
            login_token_hash=login_token_hash,
            mobile_number=mobile_number,
            code_hash=_code_hash(settings, login_token_hash, code),
            requester_ip=requester_ip,
            from_known_device=known_device,
            created_at=now,
            expires_at=now + timedelta(seconds=settings.otp_ttl_seconds),
        )
    )
    # The code, the caps' count and the locks are settled before the gateway is called: the SMS goes out with nothing
    # of the database held. A code the gateway refused stays stored unsent, counted by the caps.
    await commit_before_calling_out(session)
    try:
        minutes = settings.otp_ttl_seconds // 60
        await sms.send(sign_in_code_message(mobile_number, code, minutes, reading_language()))
    except SmsDeliveryError:
        refuse(unavailable(messages.GENERIC_ERROR))
    return IssuedCode(
        login_token=login_token,
        code_length=settings.otp_length,
        resend_after_seconds=settings.otp_resend_seconds,
        expires_in_seconds=settings.otp_ttl_seconds,
    )


async def verify_code(session: AsyncSession, settings: Settings, login_token: str, otp: int) -> str:
    """Consumes the code and returns its mobile number, or raises the reason it cannot be used.

    The budgets are read and a wrong try recorded under the number's lock (and its asker address's), so tries racing
    on several codes cannot each find room left. A wrong try is committed before the refusal is raised, so the count
    survives the request's rollback.
    """
    login_token_hash = token_hash(login_token)
    by_token = OtpChallenge.login_token_hash == login_token_hash
    mobile_number = await session.scalar(select(OtpChallenge.mobile_number).where(by_token))
    if mobile_number is None:
        refuse(unauthenticated(messages.OTP_LOGIN_TOKEN_INVALID))
    await _lock_number(session, mobile_number)
    challenge = await session.scalar(select(OtpChallenge).where(by_token).with_for_update())
    if challenge is None or challenge.consumed_at is not None:
        refuse(unauthenticated(messages.OTP_LOGIN_TOKEN_INVALID))
    now = clock.now()
    if challenge.expires_at <= now:
        refuse(unauthenticated(messages.OTP_EXPIRED))
    if challenge.failed_attempts >= settings.otp_max_tries:
        refuse(too_many(messages.OTP_TOO_MANY_TRIES))
    asker = Asker(challenge.from_known_device, challenge.requester_ip)
    if asker.is_an_address:
        assert asker.ip is not None
        await _lock_address(session, asker.ip)
    await _refuse_when_guessing_is_spent(session, settings, mobile_number, asker, now)

    typed = str(otp).zfill(settings.otp_length) if 0 <= otp < 10**settings.otp_length else ""
    if not same(_code_hash(settings, login_token_hash, typed), challenge.code_hash):
        challenge.failed_attempts += 1
        await session.commit()
        if challenge.failed_attempts >= settings.otp_max_tries:
            refuse(too_many(messages.OTP_TOO_MANY_TRIES))
        refuse(unauthenticated(messages.OTP_INVALID))
    challenge.consumed_at = now
    return challenge.mobile_number
