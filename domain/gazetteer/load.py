"""Puts the shipped gazetteer into the places table, once per data version.

The table's content is named by the same sha256 fingerprint the build step records in manifest.json, so the loader
needs no bookkeeping of its own: when the digests agree there is nothing to do; otherwise the table is replaced in
one transaction with COPY. An advisory lock lets several API replicas start at once.

The search indexes (trigram GIN, earth GiST) are dropped before the COPY and built again from their own definitions
after it: building them once is about three times faster than keeping them current row by row.
"""

import logging
import time
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from domain.gazetteer.data_file import COLUMNS, MANIFEST_FILE, PLACES_FILE, Manifest, read_csv_bytes, read_manifest

logger = logging.getLogger("humsafar.gazetteer")

LOAD_LOCK_KEY = 0x68756D_706C6163  # "hum" "plac": one key for every replica that might load at once
COPY_CHUNK_BYTES = 1 << 20

TABLE_FINGERPRINT = text(
    """
    SELECT encode(sha256(convert_to(string_agg(
        concat_ws('|', place_id, name, district, state, pincode, latitude::text, longitude::text),
        E'\\n' ORDER BY place_id COLLATE "C"), 'UTF8')), 'hex')
    FROM places
    """
)


async def table_is_current(session: AsyncSession, manifest: Manifest) -> bool:
    count = await session.scalar(text("SELECT count(*) FROM places"))
    if count != manifest.rows:
        return False
    return await session.scalar(TABLE_FINGERPRINT) == manifest.fingerprint


async def copy_csv(session: AsyncSession, csv_bytes: bytes) -> None:
    connection = await session.connection()
    driver_connection = (await connection.get_raw_connection()).driver_connection
    assert driver_connection is not None
    statement = f"COPY places ({', '.join(COLUMNS)}) FROM STDIN WITH (FORMAT csv, HEADER true)"
    async with driver_connection.cursor() as cursor, cursor.copy(statement) as copy:
        for start in range(0, len(csv_bytes), COPY_CHUNK_BYTES):
            await copy.write(csv_bytes[start : start + COPY_CHUNK_BYTES])


SEARCH_INDEX_DEFINITIONS = text(
    """
    SELECT index_class.relname, pg_get_indexdef(index_class.oid)
    FROM pg_index
    JOIN pg_class AS index_class ON index_class.oid = pg_index.indexrelid
    WHERE pg_index.indrelid = 'places'::regclass AND NOT pg_index.indisunique
    ORDER BY index_class.relname
    """
)


async def replace_rows(session: AsyncSession, csv_bytes: bytes) -> None:
    indexes = (await session.execute(SEARCH_INDEX_DEFINITIONS)).all()
    for name, _ in indexes:
        await session.execute(text(f'DROP INDEX "{name}"'))
    await session.execute(text("TRUNCATE places RESTART IDENTITY"))
    await copy_csv(session, csv_bytes)
    await session.execute(text("SET LOCAL maintenance_work_mem = '256MB'"))
    for _, definition in indexes:
        await session.execute(text(definition))
    await session.execute(text("ANALYZE places"))


async def ensure_gazetteer_loaded(
    session_maker: async_sessionmaker[AsyncSession],
    places_file: Path = PLACES_FILE,
    manifest_file: Path = MANIFEST_FILE,
) -> int:
    """Loads the shipped places when the table does not hold exactly them; returns how many rows were loaded."""
    manifest = read_manifest(manifest_file)
    async with session_maker() as session, session.begin():
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOAD_LOCK_KEY})
        if await table_is_current(session, manifest):
            return 0
        started = time.monotonic()
        await replace_rows(session, read_csv_bytes(places_file))
    logger.info("gazetteer loaded: %d places in %.1f s", manifest.rows, time.monotonic() - started)
    return manifest.rows
