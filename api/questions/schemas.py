from pydantic import BaseModel, Field, field_validator

from api.text import message_text


class QueryCreate(BaseModel):
    trip_id: int = Field(strict=True)
    question: str = Field(max_length=2000)

    _question = field_validator("question")(message_text)


class QueryAnswer(BaseModel):
    answer: str = Field(max_length=2000)

    _answer = field_validator("answer")(message_text)
