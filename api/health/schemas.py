from typing import Literal

from pydantic import BaseModel

PartState = Literal["ok", "down"]


class Health(BaseModel):
    postgres: PartState
    temporal: PartState

    @property
    def is_healthy(self) -> bool:
        return self.postgres == "ok" and self.temporal == "ok"
