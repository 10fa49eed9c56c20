"""What a network request must be for Humsafar to take it: a Beckn request of domain ONDC:TRV10, core version 2.0.1,
whose context names the action it was sent to, its transaction, its message and the buyer app to answer. The rest
of the message is each action's own (trv10-2.0.1-build.yaml) and is read by the step that answers it."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

# The actions a provider platform answers (TRV10), each with its `on_{action}`.
ACTIONS = ("search", "select", "init", "confirm", "status", "cancel", "track", "rating", "support")

# The ids a context carries: a UUID in practice; any printable word the network's schema allows, kept short.
Id = Field(min_length=1, max_length=100, pattern=r"^[!-~]+$")


class RequestContext(BaseModel):
    model_config = ConfigDict(extra="allow")

    # domain/providers/beckn/catalog.py DOMAIN and CORE_VERSION.
    domain: Literal["ONDC:TRV10"]
    version: Literal["2.0.1"]
    action: str = Field(max_length=20)
    bap_id: str = Field(min_length=1, max_length=200)
    bap_uri: str = Field(min_length=1, max_length=1000, pattern=r"^https?://[^\s]+$")
    transaction_id: str = Id
    message_id: str = Id
    timestamp: str = Field(max_length=40)


class NetworkRequest(BaseModel):
    model_config = ConfigDict(extra="allow")

    context: RequestContext
    message: dict[str, Any]
