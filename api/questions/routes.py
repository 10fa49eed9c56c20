"""Questions to the host of a trip and their answers (SPEC §3 Query, §5 message rules, §8)."""

from fastapi import APIRouter

from api.deps import CurrentUser, SessionDep, SettingsDep
from api.openapi import refusals
from api.questions.schemas import QueryAnswer, QueryCreate
from api.questions.service import answer_question, ask_host
from domain.envelope import MessageOnly, done
from domain.rules import messages

router = APIRouter(prefix="/trip/query", tags=["query"])


@router.post("", responses=refusals(404, 409, 429))
async def ask_query(body: QueryCreate, user: CurrentUser, session: SessionDep, settings: SettingsDep) -> MessageOnly:
    await ask_host(session, settings, user, body.trip_id, body.question)
    return done(messages.QUERY_ASKED)


@router.put("/{query_id}", responses=refusals(403, 409))
async def answer_query(
    query_id: int,
    body: QueryAnswer,
    user: CurrentUser,
    session: SessionDep,
) -> MessageOnly:
    await answer_question(session, user, query_id, body.answer)
    return done(messages.QUERY_ANSWERED)
