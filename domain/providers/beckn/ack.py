"""The protocol's immediate answer to every call (BECKN-003): `{"message": {"ack": {"status": "ACK"}}}` when the
request is accepted for its callback, or NACK with an `error` (the Error schema of trv10-2.0.1-build.yaml, its codes
from ONDC-RFC-001, the network's error codes)."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

# ONDC-RFC-001: a seller app (a BPP, as Humsafar is) that cannot verify a request's signature, or refuses the request.
SELLER_INVALID_SIGNATURE = "30016"
SELLER_INVALID_REQUEST = "30000"
# ONDC-RFC-001's codes of the network's own infrastructure (the gateway's, which the sandbox registry answers with).
NETWORK_INVALID_REQUEST = "10000"
NETWORK_INVALID_SIGNATURE = "10001"


class Ack(BaseModel):
    model_config = ConfigDict(extra="forbid")

    status: Literal["ACK", "NACK"]


class AckMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ack: Ack


class ProtocolError(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str
    message: str


class AckAnswer(BaseModel):
    """ACK or NACK, with the error of a NACK."""

    model_config = ConfigDict(extra="forbid")

    message: AckMessage
    error: ProtocolError | None = None


def ack() -> AckAnswer:
    return AckAnswer(message=AckMessage(ack=Ack(status="ACK")))


def nack(code: str, message: str) -> AckAnswer:
    return AckAnswer(message=AckMessage(ack=Ack(status="NACK")), error=ProtocolError(code=code, message=message))
