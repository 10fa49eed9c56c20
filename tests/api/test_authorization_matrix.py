"""Who may call what (SPEC §6): every operation of the OpenAPI document, for every role, as one table.

Roles: nobody signed in, a stranger to the trip, a requester, a member and the host. Every answer is also read for
leaks: no one's mobile number but the caller's own, no message of a trip's chat unless the caller is in it, and no
exact end of the trip unless the caller is in it. Across a block, the other's trip, card and reviews are not found by
any call.
A new operation fails test_the_matrix_lists_every_operation until it has its row here."""

import re
import uuid
from collections.abc import Awaitable, Callable
from functools import partial

import httpx
import pytest
from sqlalchemy import select

from domain.models import ChatMessage, User
from domain.rules.geo import distance_km
from tests.api.test_authorization import CALLS, ROLES, Scene, as_role, scene  # noqa: F401 (the scene fixture)
from tests.api.test_join import host_acts
from tests.api.test_trips import move_to_past, read

pytestmark = pytest.mark.usefixtures("worker")

Call = Callable[[Scene, str], Awaitable[httpx.Response]]
# One status per role, in the order of ROLES: anonymous, stranger, requester, member, host.
Row = tuple[Call, tuple[int, ...]]
SECRET = "Meet at gate four near the tea stall"


def call(role_call: Callable[[httpx.AsyncClient, Scene], Awaitable[httpx.Response]]) -> Call:
    return lambda s, r: role_call(as_role(s, r), s)


def new_number() -> str:
    return f"9{uuid.uuid4().int % 10**9:09d}"


SUBSCRIPTION = {
    "endpoint": "https://push.example.invalid/not-a-push-service",
    "keys": {"p256dh": "B" * 87, "auth": "A" * 22},
}


def after_the_trip(role_call: Callable[[httpx.AsyncClient, Scene], Awaitable[httpx.Response]]):
    """The call once the scene's trip has departed (reviews are only for trips that happened)."""

    async def departed_call(client: httpx.AsyncClient, s: Scene) -> httpx.Response:
        await s.depart()
        return await role_call(client, s)

    return departed_call


# An authorize request of a client the sandbox LinkedIn does not know.
FOREIGN_CLIENT = {
    "response_type": "code",
    "client_id": "someone-else",
    "redirect_uri": "http://x.y/linkedin/callback",
    "state": "s",
    "code_challenge": "c" * 43,
    "code_challenge_method": "S256",
}
# A ride as the cab aggregator's API takes it.
RIDE = {
    "trip_id": 1,
    "category": "sedan",
    "pickup": {"name": "A", "lat": 12.93, "lng": 77.62},
    "drop": {"name": "B", "lat": 12.97, "lng": 77.75},
}
# A buyer app's key as the sandbox network registry takes it (the public key of BECKN-006's worked example).
BUYER_APP = {
    "subscriber_id": "matrix-bap.example",
    "subscriber_url": "https://matrix-bap.example/beckn",
    "type": "BAP",
    "domain": "ONDC:TRV10",
    "signing_public_key": "awGPjRK6i/Vg/lWr+0xObclVxlwZXvTjWYtlu6NeOHk=",
    "unique_key_id": "matrix-key",
}
ALL_OK = (200, 200, 200, 200, 200)
SIGNED_IN = (401, 200, 200, 200, 200)


async def follow_the_hosts_link(client: httpx.AsyncClient, s: Scene) -> httpx.Response:
    url = (await as_role(s, "host").post(f"/api/trip/share/{s.trip_id}")).json()["data"]["url"]
    return await client.get(f"/api/trip/shared/{url.rsplit('/t/', 1)[1]}")


async def raise_and_close_an_sos(client: httpx.AsyncClient, s: Scene) -> httpx.Response:
    """An SOS raised on the trip under way, then closed with "I am safe" so that no flow is left escalating."""
    raised = await client.post(f"/api/trip/sos/{s.trip_id}", json={"latitude": 12.97, "longitude": 77.59})
    if raised.status_code == 200:
        assert (await client.delete(f"/api/trip/sos/{s.trip_id}")).status_code == 200
    return raised


async def close_a_raised_sos(client: httpx.AsyncClient, s: Scene) -> httpx.Response:
    await client.post(f"/api/trip/sos/{s.trip_id}", json={})
    return await client.delete(f"/api/trip/sos/{s.trip_id}")


MATRIX: dict[str, Row] = {
    "GET /api/health": (call(lambda c, s: c.get("/api/health")), ALL_OK),
    "GET /api/auth/session": (call(lambda c, s: c.get("/api/auth/session")), ALL_OK),
    "POST /api/auth/otp": (call(lambda c, s: c.post("/api/auth/otp", json={"mobile_number": new_number()})), ALL_OK),
    "POST /api/auth/login": (
        call(lambda c, s: c.post("/api/auth/login", json={"otp": 1234, "login_token": uuid.uuid4().hex})),
        (401, 401, 401, 401, 401),
    ),
    "POST /api/auth/access_token": (call(lambda c, s: c.post("/api/auth/access_token")), SIGNED_IN),
    "POST /api/auth/logout": (call(lambda c, s: c.post("/api/auth/logout")), ALL_OK),
    "GET /api/user/user": (call(lambda c, s: c.get("/api/user/user")), SIGNED_IN),
    "PUT /api/user/user": (call(lambda c, s: c.put("/api/user/user", json={"receive_notification": True})), SIGNED_IN),
    "DELETE /api/user/user": (call(lambda c, s: c.delete("/api/user/user")), SIGNED_IN),
    "GET /api/user/user/{user_id}": (call(lambda c, s: c.get(f"/api/user/user/{s.ids['host']}")), SIGNED_IN),
    "PATCH /api/user/current_location": (
        call(lambda c, s: c.patch("/api/user/current_location", json={"lat": "12.97", "long": "77.59"})),
        SIGNED_IN,
    ),
    "POST /api/user/feedback": (
        call(
            lambda c, s: c.post(
                "/api/user/feedback", json={"services": ["trips"], "features": ["search"], "note": "Works well"}
            )
        ),
        SIGNED_IN,
    ),
    "POST /api/user/block/{user_id}": CALLS["block the host"],
    "GET /api/user/configuration": (call(lambda c, s: c.get("/api/user/configuration")), ALL_OK),
    "GET /api/user/emergency-contacts": (call(lambda c, s: c.get("/api/user/emergency-contacts")), SIGNED_IN),
    "PUT /api/user/emergency-contacts": (
        call(lambda c, s: c.put("/api/user/emergency-contacts", json={"contacts": []})),
        SIGNED_IN,
    ),
    # A live link is the host's or an active member's to make and turn off; whoever holds it follows it, signed in
    # or not, and sees no one's number and no exact end.
    "GET /api/trip/share/{trip_id}": (
        call(lambda c, s: c.get(f"/api/trip/share/{s.trip_id}")),
        (401, 403, 403, 200, 200),
    ),
    "POST /api/trip/share/{trip_id}": (
        call(lambda c, s: c.post(f"/api/trip/share/{s.trip_id}")),
        (401, 403, 403, 200, 200),
    ),
    "DELETE /api/trip/share/{trip_id}": (
        call(lambda c, s: c.delete(f"/api/trip/share/{s.trip_id}")),
        (401, 403, 403, 200, 200),
    ),
    "GET /api/trip/shared/{token}": (call(follow_the_hosts_link), ALL_OK),
    # SOS is the host's and the active members' own, on a trip under way; "I am safe" closes only one's own SOS.
    "GET /api/trip/sos/{trip_id}": (
        call(after_the_trip(lambda c, s: c.get(f"/api/trip/sos/{s.trip_id}"))),
        (401, 403, 403, 200, 200),
    ),
    "GET /api/trip/sos/{trip_id}/standing": (
        call(after_the_trip(lambda c, s: c.get(f"/api/trip/sos/{s.trip_id}/standing"))),
        (401, 403, 403, 200, 200),
    ),
    "POST /api/trip/sos/{trip_id}": (call(after_the_trip(raise_and_close_an_sos)), (401, 403, 403, 200, 200)),
    "DELETE /api/trip/sos/{trip_id}": (call(after_the_trip(close_a_raised_sos)), (401, 409, 409, 200, 200)),
    "POST /api/trip/trip": (
        call(lambda c, s: c.post("/api/trip/trip", json={})),
        (401, 400, 400, 400, 400),
    ),
    "GET /api/trip/trip/{trip_id}": CALLS["read trip"],
    "PUT /api/trip/trip/{trip_id}": CALLS["edit trip"],
    "DELETE /api/trip/trip/{trip_id}": CALLS["delete trip"],
    "GET /api/trip/user_trips": (call(lambda c, s: c.get("/api/trip/user_trips")), SIGNED_IN),
    "GET /api/trip/search": (
        call(
            lambda c, s: c.get(
                "/api/trip/search",
                params={
                    "origin_latitude": 12.9,
                    "origin_longitude": 77.5,
                    "destination_latitude": 13.0,
                    "destination_longitude": 77.6,
                    "date": "2030-01-01",
                },
            )
        ),
        SIGNED_IN,
    ),
    "GET /api/trip/search/around": (
        call(
            lambda c, s: c.get(
                "/api/trip/search/around",
                params={"origin_latitude": 12.9, "origin_longitude": 77.5, "date": "2030-01-01"},
            )
        ),
        SIGNED_IN,
    ),
    "POST /api/trip/user": CALLS["send a request"],
    "PUT /api/trip/user/host/{member_id}": CALLS["accept a request"],
    "PUT /api/trip/user/passenger": CALLS["leave the trip"],
    # "Keep my seat" after a long move is an active member's own answer.
    "PUT /api/trip/user/still-coming": (
        call(lambda c, s: c.put("/api/trip/user/still-coming", json={"trip_id": s.trip_id})),
        (401, 403, 403, 200, 403),
    ),
    "POST /api/trip/query": CALLS["ask a question"],
    "PUT /api/trip/query/{query_id}": CALLS["answer a question"],
    "GET /api/trip/maps/autocomplete": (
        call(lambda c, s: c.get("/api/trip/maps/autocomplete", params={"s": "Ban"})),
        SIGNED_IN,
    ),
    "GET /api/trip/maps/place": (
        call(lambda c, s: c.get("/api/trip/maps/place", params={"id": "no-such-place"})),
        (401, 404, 404, 404, 404),
    ),
    "GET /api/trip/maps/geocode": (
        call(lambda c, s: c.get("/api/trip/maps/geocode", params={"lat": 12.97, "long": 77.59})),
        SIGNED_IN,
    ),
    # Pictures are public by unguessable key (profile pictures are shown to strangers in search).
    "GET /api/media/{key}": (call(lambda c, s: c.get(f"/api/media/users/{uuid.uuid4().hex}.jpg")), (404,) * 5),
    "GET /api/trip/chat/{trip_id}": (
        call(lambda c, s: c.get(f"/api/trip/chat/{s.trip_id}")),
        (401, 403, 403, 200, 200),
    ),
    "GET /api/chat/user": (call(lambda c, s: c.get("/api/chat/user")), SIGNED_IN),
    "GET /api/chat/chat": (
        call(lambda c, s: c.get("/api/chat/chat", params={"chat_id": s.trip_id})),
        (401, 403, 403, 200, 200),
    ),
    "POST /api/chat/message/document": (
        call(
            lambda c, s: c.post(
                "/api/chat/message/document",
                data={"message_id": str(s.secret_message_id), "session_id": "another-socket"},
                files={"file": ("ticket.pdf", b"%PDF-1.4 ticket", "application/pdf")},
            )
        ),
        # Only the sender's own placeholder takes a file; this message is the host's and holds text.
        (401, 404, 404, 404, 409),
    ),
    "GET /api/chat/message/document": (
        call(lambda c, s: c.get("/api/chat/message/document", params={"document_id": 2**31 - 1})),
        (401, 404, 404, 404, 404),
    ),
    "GET /api/user/review/trip/{trip_id}": (
        call(after_the_trip(lambda c, s: c.get(f"/api/user/review/trip/{s.trip_id}"))),
        (401, 403, 403, 200, 200),
    ),
    "PUT /api/user/review/trip/{trip_id}": (
        lambda s, r: after_the_trip(
            lambda c, s: c.put(
                f"/api/user/review/trip/{s.trip_id}",
                json=[{"reviewee_id": s.ids["member" if r == "host" else "host"], "stars": 5}],
            )
        )(as_role(s, r), s),
        (401, 403, 403, 200, 200),
    ),
    "GET /api/user/review/my": (call(lambda c, s: c.get("/api/user/review/my")), SIGNED_IN),
    "GET /api/user/review/pending": (call(lambda c, s: c.get("/api/user/review/pending")), SIGNED_IN),
    "GET /api/user/review/{user_id}/trip": (
        call(lambda c, s: c.get(f"/api/user/review/{s.ids['host']}/trip")),
        SIGNED_IN,
    ),
    "PATCH /api/user/kyc/hyperverge/initiate": (
        call(lambda c, s: c.patch("/api/user/kyc/hyperverge/initiate")),
        SIGNED_IN,
    ),
    "POST /api/user/kyc/result": (
        call(lambda c, s: c.post("/api/user/kyc/result", json={"transaction_id": "hsf_0", "status": "error"})),
        (401, 404, 404, 404, 404),
    ),
    # The vendor's calls: authenticated by its signature or its keys, whoever's cookies come along.
    "POST /api/kyc/hyperverge/webhook": (
        call(lambda c, s: c.post("/api/kyc/hyperverge/webhook", json={"transactionId": "hsf_0"})),
        (401,) * 5,
    ),
    "POST /api/sandbox/kyc/login": (
        call(lambda c, s: c.post("/api/sandbox/kyc/login", json={"appId": "someone", "appKey": "guess"})),
        (401,) * 5,
    ),
    "POST /api/sandbox/kyc/v1/link-kyc/start": (
        call(
            lambda c, s: c.post(
                "/api/sandbox/kyc/v1/link-kyc/start",
                json={"workflowId": "w", "transactionId": "t", "redirectUrl": "http://x.y/kyc"},
            )
        ),
        (401,) * 5,
    ),
    "POST /api/sandbox/kyc/v1/link-kyc/results": (
        call(lambda c, s: c.post("/api/sandbox/kyc/v1/link-kyc/results", json={"transactionId": "t"})),
        (401,) * 5,
    ),
    "GET /api/sandbox/kyc/widget": (
        call(lambda c, s: c.get("/api/sandbox/kyc/widget", params={"transaction_id": "hsf_0"})),
        (404,) * 5,
    ),
    "POST /api/sandbox/kyc/{transaction_id}": (
        call(lambda c, s: c.post("/api/sandbox/kyc/hsf_0", json={"outcome": "error"})),
        (404,) * 5,
    ),
    "POST /api/sandbox/kyc/{transaction_id}/review": (
        call(lambda c, s: c.post("/api/sandbox/kyc/hsf_0/review", json={"decision": "approved"})),
        (404,) * 5,
    ),
    "POST /api/user/linkedin/initiate": (call(lambda c, s: c.post("/api/user/linkedin/initiate")), SIGNED_IN),
    "POST /api/user/linkedin/callback": (
        call(lambda c, s: c.post("/api/user/linkedin/callback", json={"state": "none", "code": "x"})),
        (401, 400, 400, 400, 400),
    ),
    "GET /api/sandbox/linkedin/authorize": (
        call(lambda c, s: c.get("/api/sandbox/linkedin/authorize", params=FOREIGN_CLIENT)),
        (400,) * 5,
    ),
    "POST /api/sandbox/linkedin/authorize": (
        call(lambda c, s: c.post("/api/sandbox/linkedin/authorize", data={**FOREIGN_CLIENT, "decision": "allow"})),
        (400,) * 5,
    ),
    "POST /api/sandbox/linkedin/token": (
        call(
            lambda c, s: c.post(
                "/api/sandbox/linkedin/token",
                data={
                    "grant_type": "authorization_code",
                    "code": "x",
                    "redirect_uri": "http://x.y/linkedin/callback",
                    "client_id": "someone",
                    "client_secret": "guess",
                    "code_verifier": "v" * 43,
                },
            )
        ),
        (401,) * 5,
    ),
    "GET /api/sandbox/linkedin/userinfo": (
        call(lambda c, s: c.get("/api/sandbox/linkedin/userinfo", headers={"Authorization": "Bearer guess"})),
        (401,) * 5,
    ),
    # A trip's cab is the host's to plan, request, cancel and raise issues on; nothing is planned yet here.
    "PUT /api/trip/cab/interest/{trip_id}": (
        call(lambda c, s: c.put(f"/api/trip/cab/interest/{s.trip_id}", json={"category": "sedan", "stops": []})),
        (401, 403, 403, 403, 200),
    ),
    "GET /api/trip/cab/vendors/{trip_id}": (
        call(lambda c, s: c.get(f"/api/trip/cab/vendors/{s.trip_id}")),
        (401, 403, 403, 403, 409),
    ),
    "POST /api/trip/cab/request/{trip_id}": (
        call(lambda c, s: c.post(f"/api/trip/cab/request/{s.trip_id}", json={"vendor": "citycab"})),
        (401, 403, 403, 403, 409),
    ),
    "DELETE /api/trip/cab/request/{trip_id}": (
        call(lambda c, s: c.request("DELETE", f"/api/trip/cab/request/{s.trip_id}", json={})),
        (401, 403, 403, 403, 409),
    ),
    "POST /api/trip/cab/support/{trip_id}": (
        call(lambda c, s: c.post(f"/api/trip/cab/support/{s.trip_id}", json={"issue": "The driver never came"})),
        (401, 403, 403, 403, 409),
    ),
    "POST /api/trip/cab/webhook": (
        call(lambda c, s: c.post("/api/trip/cab/webhook", json={"booking_id": "b", "event": "confirmed"})),
        (401,) * 5,
    ),
    "POST /api/sandbox/cab/v1/quotes": (
        call(lambda c, s: c.post("/api/sandbox/cab/v1/quotes", json=RIDE)),
        (401,) * 5,
    ),
    "POST /api/sandbox/cab/v1/bookings": (
        call(
            lambda c, s: c.post(
                "/api/sandbox/cab/v1/bookings",
                json={**RIDE, "reference": "r", "vendor_code": "citycab", "callback_url": "http://x.y/hook"},
            )
        ),
        (401,) * 5,
    ),
    "GET /api/sandbox/cab/v1/bookings/{booking_id}": (
        call(lambda c, s: c.get("/api/sandbox/cab/v1/bookings/sbx_0")),
        (401,) * 5,
    ),
    "POST /api/sandbox/cab/v1/bookings/{booking_id}/cancel": (
        call(lambda c, s: c.post("/api/sandbox/cab/v1/bookings/sbx_0/cancel", json={})),
        (401,) * 5,
    ),
    "POST /api/sandbox/cab/bookings/{trip_id}": (
        call(lambda c, s: c.post(f"/api/sandbox/cab/bookings/{s.trip_id}", json={"event": "confirm"})),
        (404,) * 5,
    ),
    "POST /api/trip/recurring": (
        call(
            lambda c, s: c.post(
                "/api/trip/recurring",
                json={
                    "origin": {"name": "A", "place_id": "in-560034-dc08dd0e", "latitude": 12.93, "longitude": 77.62},
                    "destination": {
                        "name": "B",
                        "place_id": "in-560066-f8b0a2ab",
                        "latitude": 12.97,
                        "longitude": 77.75,
                    },
                    "time": "08:30",
                    "days": [1, 2, 3, 4, 5],
                },
            )
        ),
        SIGNED_IN,
    ),
    "GET /api/trip/recurring": (call(lambda c, s: c.get("/api/trip/recurring")), SIGNED_IN),
    "DELETE /api/trip/recurring/{series_id}": (
        call(lambda c, s: c.delete(f"/api/trip/recurring/{10**12}")),
        (401, 404, 404, 404, 404),
    ),
    "GET /api/notification/history": (call(lambda c, s: c.get("/api/notification/history")), SIGNED_IN),
    "POST /api/notification/subscription": (
        call(lambda c, s: c.post("/api/notification/subscription", json=SUBSCRIPTION)),
        SIGNED_IN,
    ),
    "PUT /api/notification/subscription": (
        call(lambda c, s: c.put("/api/notification/subscription", json={"subscription": SUBSCRIPTION})),
        SIGNED_IN,
    ),
    "DELETE /api/notification/subscription": (
        call(lambda c, s: c.request("DELETE", "/api/notification/subscription", json={"endpoint": "https://x.y/z"})),
        SIGNED_IN,
    ),
    # Only in sandbox mode, where no real SMS leaves: the sandbox gateway keeps what it was sent, for the tester.
    "GET /api/sandbox/sms": (
        call(lambda c, s: c.get("/api/sandbox/sms", params={"mobile_number": new_number()})),
        ALL_OK,
    ),
    "POST /api/sandbox/sms/gateway": (
        call(
            lambda c, s: c.post(
                "/api/sandbox/sms/gateway",
                json={"to": f"+91{new_number()}", "sender": "HMSFAR", "message": "1234 is your Humsafar login code."},
            )
        ),
        (401,) * 5,
    ),
    # The sandbox network registry: any buyer app subscribes its key (again: the same answer); a lookup is for
    # subscribers, signed with a listed key (BECKN-006), which no role of the app holds.
    "POST /api/sandbox/beckn/registry/subscribe": (
        call(lambda c, s: c.post("/api/sandbox/beckn/registry/subscribe", json=BUYER_APP)),
        ALL_OK,
    ),
    "POST /api/sandbox/beckn/registry/lookup": (
        call(lambda c, s: c.post("/api/sandbox/beckn/registry/lookup", json={"type": "BPP"})),
        (401,) * 5,
    ),
    # The sandbox buyer app: anyone may have it send Humsafar a request (here a search Humsafar refuses, with a
    # NACK the control answers) and read the callbacks it collected; its bap_uri takes only signed callbacks.
    "POST /api/sandbox/beckn/buyer/send": (
        call(lambda c, s: c.post("/api/sandbox/beckn/buyer/send", json={"action": "search", "message": {}})),
        ALL_OK,
    ),
    "GET /api/sandbox/beckn/buyer/callbacks": (
        call(lambda c, s: c.get("/api/sandbox/beckn/buyer/callbacks", params={"transaction_id": "matrix"})),
        ALL_OK,
    ),
    "POST /api/sandbox/beckn/buyer/on_{action}": (
        call(lambda c, s: c.post("/api/sandbox/beckn/buyer/on_search", json={"context": {}, "message": {}})),
        (401,) * 5,
    ),
}


# The sandbox vendors answer refusals in their own protocol's shapes, not the app's envelope.
HYPERVERGE_FAILURE = {"status", "statusCode", "error"}
OAUTH_FAILURE = {"error", "error_description"}
AGGREGATOR_FAILURE = {"error"}
BECKN_NACK = {"message", "error"}
VENDOR_PROTOCOL = {
    "POST /api/sandbox/beckn/registry/subscribe": BECKN_NACK,
    "POST /api/sandbox/beckn/registry/lookup": BECKN_NACK,
    "POST /api/sandbox/beckn/buyer/on_{action}": BECKN_NACK,
    "POST /api/sandbox/cab/v1/quotes": AGGREGATOR_FAILURE,
    "POST /api/sandbox/cab/v1/bookings": AGGREGATOR_FAILURE,
    "GET /api/sandbox/cab/v1/bookings/{booking_id}": AGGREGATOR_FAILURE,
    "POST /api/sandbox/cab/v1/bookings/{booking_id}/cancel": AGGREGATOR_FAILURE,
    "POST /api/sandbox/kyc/login": HYPERVERGE_FAILURE,
    "POST /api/sandbox/kyc/v1/link-kyc/start": HYPERVERGE_FAILURE,
    "POST /api/sandbox/kyc/v1/link-kyc/results": HYPERVERGE_FAILURE,
    "GET /api/sandbox/linkedin/authorize": OAUTH_FAILURE,
    "POST /api/sandbox/linkedin/authorize": OAUTH_FAILURE,
    "POST /api/sandbox/linkedin/token": OAUTH_FAILURE,
    "GET /api/sandbox/linkedin/userinfo": OAUTH_FAILURE,
}


def test_the_matrix_lists_every_operation(app):
    operations = {
        f"{method.upper()} {path}"
        for path, item in app.openapi()["paths"].items()
        for method in item
        if method != "parameters"
    }
    assert set(MATRIX) == operations


async def exact_ends_of(shown: Scene) -> list[float]:
    trip = await read(as_role(shown, "host"), shown.trip_id)
    return [trip[end][axis] for end in ("origin", "destination") for axis in ("latitude", "longitude")]


def shows_an_exact_end(shown: Scene, text: str) -> bool:
    """Any coordinate of the trip's exact ends, as a whole number in the text."""
    return any(re.search(rf"(?<![\d.]){re.escape(repr(value))}(?!\d)", text) for value in shown.exact_ends)


@pytest.fixture
async def stage(app, scene: Scene) -> tuple[Scene, dict[str, str]]:  # noqa: F811 (the scene fixture)
    """A chat message of the trip, and every person's mobile number, to look for in the answers."""
    async with app.state.session_maker() as session, session.begin():
        message = ChatMessage(
            trip_id=scene.trip_id,
            sender_id=scene.ids["host"],
            type="normal",
            message=SECRET,
            client_message_identifier=uuid.uuid4().hex,
        )
        session.add(message)
        await session.flush()
        scene.secret_message_id = message.id
        scene.depart = partial(move_to_past, app, scene.trip_id)
        scene.exact_ends = await exact_ends_of(scene)
        rows = await session.execute(select(User.id, User.mobile_number).where(User.id.in_(scene.ids.values())))
        numbers = {user_id: number for user_id, number in rows.all()}
    return scene, {role: numbers[user_id] for role, user_id in scene.ids.items()}


@pytest.mark.parametrize("operation", MATRIX)
async def test_each_role_gets_its_answer_and_nothing_of_others(stage, operation):
    shown, numbers = stage
    role_call, expected = MATRIX[operation]
    answers = {}
    for role in ROLES:
        answer = await role_call(shown, role)
        answers[role] = answer.status_code
        text = answer.text
        others = {number for other, number in numbers.items() if other != role and number}
        assert not [number for number in others if number in text], f"{operation} as {role} shows a number"
        if role not in ("member", "host"):
            assert SECRET not in text, f"{operation} as {role} shows the trip's chat"
            assert not shows_an_exact_end(shown, text), f"{operation} as {role} shows where the trip starts or ends"
        if answer.status_code >= 400 and operation in VENDOR_PROTOCOL:
            assert set(answer.json()) == VENDOR_PROTOCOL[operation]
        elif answer.status_code >= 400:
            assert answer.json()["status"] == "FAILURE"
            assert set(answer.json()) == {"status", "message", "message_id"}
    assert answers == dict(zip(ROLES, expected, strict=True))


async def test_the_chat_list_shows_the_trip_to_its_people_only(stage):
    shown, _ = stage
    for role in ROLES[1:]:
        chats = (await as_role(shown, role).get("/api/chat/user")).json()["data"]["chats"]
        in_list = shown.trip_id in {chat["trip_id"] for chat in chats}
        assert in_list == (role in ("member", "host")), role


async def test_a_removed_member_loses_the_chat(stage):
    shown, _ = stage
    member = as_role(shown, "member")
    assert (await member.get("/api/chat/chat", params={"chat_id": shown.trip_id})).status_code == 200
    removed = await host_acts(as_role(shown, "host"), shown.trip_id, shown.ids["member"], "REMOVE", "Being abusive")
    assert removed.status_code == 200, removed.text
    answer = await member.get("/api/chat/chat", params={"chat_id": shown.trip_id})
    assert answer.status_code == 403
    assert SECRET not in answer.text


async def test_the_ends_are_exact_only_for_the_host_and_active_members(stage):
    """A dropped pin is often a home: strangers and requesters see each end moved to a cell of about 500 m, with no
    place id, in the trip sheet and in search, and every distance is measured to the ends they see."""
    shown, _ = stage
    exact = await read(as_role(shown, "host"), shown.trip_id)
    search = {
        "origin_latitude": exact["origin"]["latitude"] + 0.01,
        "origin_longitude": exact["origin"]["longitude"],
        "destination_latitude": exact["destination"]["latitude"],
        "destination_longitude": exact["destination"]["longitude"] + 0.01,
        "date": exact["scheduled_at"][:10],
    }
    for role in ROLES[1:]:
        seen = await read(as_role(shown, role), shown.trip_id, **search)
        found = (await as_role(shown, role).get("/api/trip/search", params=search)).json()["data"]["trips"]
        in_search = [trip for trip in found if trip["id"] == shown.trip_id]
        for view in [seen, *in_search]:
            for end in ("origin", "destination"):
                point = (view[end]["latitude"], view[end]["longitude"])
                truth = (exact[end]["latitude"], exact[end]["longitude"])
                if role in ("member", "host"):
                    assert (point, view[end]["place_id"], view[end]["is_approximate"]) == (
                        truth,
                        exact[end]["place_id"],
                        False,
                    ), role
                else:
                    assert point != truth and view[end]["place_id"] is None and view[end]["is_approximate"], role
                    assert distance_km(*point, *truth) <= 1.5
        for view in [seen, *in_search]:
            assert view["distance_from_origin"] == pytest.approx(
                distance_km(search["origin_latitude"], search["origin_longitude"], *truth_of(view, "origin")), abs=0.01
            ), role


def truth_of(trip: dict, end: str) -> tuple[float, float]:
    return trip[end]["latitude"], trip[end]["longitude"]


# Across a block (SPEC §6 report and block), either way: the other's trip is not found by any call that names it, the
# same answer as for a trip that does not exist, so the block is not told.
ACROSS_A_BLOCK: dict[str, Call] = {
    "GET /api/trip/trip/{trip_id}": call(lambda c, s: c.get(f"/api/trip/trip/{s.trip_id}")),
    "POST /api/trip/query": call(
        lambda c, s: c.post("/api/trip/query", json={"trip_id": s.trip_id, "question": "Is it still on for today?"})
    ),
    "POST /api/trip/user": call(lambda c, s: c.post("/api/trip/user", json={"trip_id": s.trip_id})),
    "GET /api/trip/chat/{trip_id}": call(lambda c, s: c.get(f"/api/trip/chat/{s.trip_id}")),
    "GET /api/chat/chat": call(lambda c, s: c.get("/api/chat/chat", params={"chat_id": s.trip_id})),
    "GET /api/trip/share/{trip_id}": call(lambda c, s: c.get(f"/api/trip/share/{s.trip_id}")),
    "POST /api/trip/share/{trip_id}": call(lambda c, s: c.post(f"/api/trip/share/{s.trip_id}")),
    "DELETE /api/trip/share/{trip_id}": call(lambda c, s: c.delete(f"/api/trip/share/{s.trip_id}")),
    # "I am safe" is not among them: it names only one's own SOS, and answers alike for any trip without one.
    "GET /api/trip/sos/{trip_id}": call(lambda c, s: c.get(f"/api/trip/sos/{s.trip_id}")),
    "GET /api/trip/sos/{trip_id}/standing": call(lambda c, s: c.get(f"/api/trip/sos/{s.trip_id}/standing")),
    "POST /api/trip/sos/{trip_id}": call(lambda c, s: c.post(f"/api/trip/sos/{s.trip_id}", json={})),
    # The host's card (with their trip record) and the reviews they received (with the trips they were on).
    "GET /api/user/user/{user_id}": call(lambda c, s: c.get(f"/api/user/user/{s.ids['host']}")),
    "GET /api/user/review/{user_id}/trip": call(lambda c, s: c.get(f"/api/user/review/{s.ids['host']}/trip")),
}


async def test_across_a_block_the_trip_is_not_found(stage):
    """The stranger blocks the host; the host blocks the member (who was in the trip's chat)."""
    shown, _ = stage
    host = as_role(shown, "host")
    assert (await host.post(f"/api/user/block/{shown.ids['member']}", json={"report_user": False})).status_code == 200
    stranger = as_role(shown, "stranger")
    answer = await stranger.post(f"/api/user/block/{shown.ids['host']}", json={"report_user": False})
    assert answer.status_code == 200
    for operation, role_call in ACROSS_A_BLOCK.items():
        for role in ("stranger", "member"):
            answer = await role_call(shown, role)
            assert (answer.status_code, answer.json()["status"]) == (404, "FAILURE"), f"{operation} as {role}"
            assert SECRET not in answer.text and not shows_an_exact_end(shown, answer.text)
        assert (await role_call(shown, "requester")).status_code != 404, operation
