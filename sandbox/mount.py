"""How the API mounts the sandbox vendors, only when SANDBOX=true (api/main.py): their routers under the API's prefix
with the handler of their refusals, and the paths their server-to-server callers use, which carry no browser's CSRF
token."""

from fastapi import FastAPI

from sandbox.routes import beckn, beckn_buyer, cab, kyc, linkedin, sms
from sandbox.web import SandboxRefusal, answer_refusal

VENDORS = (sms, kyc, linkedin, cab, beckn, beckn_buyer)


def include_sandbox(app: FastAPI, prefix: str) -> None:
    app.add_exception_handler(SandboxRefusal, answer_refusal)  # type: ignore[arg-type]
    for vendor in VENDORS:
        app.include_router(vendor.router, prefix=prefix)


def server_to_server_paths(prefix: str) -> list[str]:
    """The vendors' own APIs, called with their keys or secrets by the app's adapters (domain/providers)."""
    return [
        *(f"{prefix}{kyc.router.prefix}{path}" for path in kyc.VENDOR_PATHS),
        *(f"{prefix}{linkedin.router.prefix}{path}" for path in linkedin.PROVIDER_PATHS),
        f"{prefix}{cab.router.prefix}{cab.AGGREGATOR_PREFIX}",
        f"{prefix}{sms.router.prefix}{sms.GATEWAY_PATH}",
        *(f"{prefix}{beckn.router.prefix}{path}" for path in beckn.REGISTRY_PATHS),
        f"{prefix}{beckn_buyer.router.prefix}{beckn_buyer.CALLBACK_PREFIX}",
    ]
