from datetime import datetime

from pydantic import BaseModel


class SentSms(BaseModel):
    mobile_number: str
    message: str
    code: str | None
    created_at: datetime
