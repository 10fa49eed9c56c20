"""Calls out of a request (a vendor, a maps service over the network) are made while the request holds nothing of
the database: no row lock, no transaction, no pooled connection. A vendor that answers slowly then slows only its own
request, and a vendor that calls back into the API (the sandbox vendors, in-process) never waits for a connection its
caller holds.

So a request reads what it needs, lets go of its connection here, calls out, and only then locks, reads again what
may have changed meanwhile, and writes. A call that carries what the request wrote (a sign-in code's SMS) comes after
it instead: the request commits its write here first, then calls out holding nothing (docs/architecture.md,
Vendors)."""

from sqlalchemy.ext.asyncio import AsyncSession


async def hold_no_connection(session: AsyncSession) -> None:
    """Ends the request's transaction, which has changed nothing yet, and returns its connection to the pool; the
    session begins a new one with its next statement. Committing what only read (or only locked) keeps every row
    the request loaded as it was read (expire_on_commit=False): reading one again means asking for it again
    (populate_existing)."""
    if session.new or session.dirty or session.deleted:
        raise RuntimeError("a request calls out before it writes, never after")
    await session.commit()


async def commit_before_calling_out(session: AsyncSession) -> None:
    """Commits what the request has written so far and returns its connection to the pool, for a call out that
    follows the write (a sign-in code's SMS): the write stands whatever the call answers, and the session begins a
    new transaction with its next statement."""
    await session.commit()
