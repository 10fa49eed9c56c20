"""The app's configuration (SPEC §3 Config): product copy and settings the client follows. Under /user with the
profile's calls, where the client has always found it."""

from fastapi import APIRouter

from api.configuration.schemas import Config
from api.configuration.service import build_config
from api.deps import ReaderLanguageNoted, SettingsDep
from domain.envelope import Envelope, ok

router = APIRouter(prefix="/user", tags=["user"])


@router.get("/configuration", dependencies=[ReaderLanguageNoted])
async def read_configuration(settings: SettingsDep) -> Envelope[Config]:
    """The copy (explanations, the referral and trip-sharing texts) and its labels (cab categories, review attributes)
    in the reader's language: a signed-in reader's profile language counts here too."""
    return ok(build_config(settings))
