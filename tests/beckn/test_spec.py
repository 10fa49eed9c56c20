"""The check against the published TRV10 specification: every official example passes it, a broken copy does not,
and the failure names the JSON path and the reason."""

import copy
from pathlib import Path

import pytest

from tests.beckn.spec import (
    CALLBACKS,
    EXAMPLES_DIR,
    REQUESTS,
    SpecViolation,
    assert_valid_callback,
    assert_valid_request,
    first_example,
    json_path,
    json_schema,
    read_example,
    violations,
)

# Official examples that the official schema refuses, each with the reason. None is known: all 53 pass.
EXAMPLES_THE_SCHEMA_REFUSES: dict[str, str] = {}

EXAMPLES = sorted(EXAMPLES_DIR.glob("*/*.yaml"))


def test_the_examples_cover_every_callback_and_request_humsafar_handles() -> None:
    folders = {path.parent.name for path in EXAMPLES}
    assert set(CALLBACKS) - folders == set()
    assert set(REQUESTS) - folders == {"update"}  # the specification gives no example of a buyer's update
    assert len(EXAMPLES) == 53


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: f"{path.parent.name}/{path.stem[:60]}")
def test_every_official_example_passes_its_actions_schema(path: Path) -> None:
    name = f"{path.parent.name}/{path.name}"
    if name in EXAMPLES_THE_SCHEMA_REFUSES:
        pytest.skip(EXAMPLES_THE_SCHEMA_REFUSES[name])
    action, body = path.parent.name, read_example(path)
    assert body["context"]["action"] == action
    if action.startswith("on_"):
        assert_valid_callback(action, body)
    else:
        assert_valid_request(action, body)


def test_a_callback_without_a_required_field_is_refused_with_its_path() -> None:
    body = first_example("on_confirm")
    del body["message"]["order"]
    with pytest.raises(SpecViolation, match=r"\$\.message: \"order\" is a required property"):
        assert_valid_callback("on_confirm", body)


def test_a_wrong_type_is_refused_with_its_path() -> None:
    body = first_example("on_select")
    body["message"]["order"]["quote"]["price"]["value"] = 146
    with pytest.raises(SpecViolation, match=r"\$\.message\.order\.quote\.price\.value: 146 is not of type \"string\""):
        assert_valid_callback("on_select", body)


def test_an_unknown_field_a_wrong_action_and_a_bad_timestamp_are_each_named() -> None:
    body = first_example("on_status")
    body["message"]["order"]["seat"] = 1
    body["context"]["action"] = "on_confirm"
    body["context"]["timestamp"] = "yesterday"
    assert violations("on_status", body) == [
        '$.context.action: "on_confirm" is not one of "on_status"',
        '$.context.timestamp: "yesterday" is not a "date-time"',
        "$.message.order: Additional properties are not allowed ('seat' was unexpected)",
    ]


def test_a_reference_into_the_components_is_followed() -> None:
    """Context's bpp_uri is a `$ref` to bap_uri's schema (a URI): a value that is no URI is refused through it."""
    body = first_example("on_track")
    body["context"]["bpp_uri"] = "not a uri"
    assert any(reason.startswith("$.context.bpp_uri:") for reason in violations("on_track", body))


def test_a_gps_point_must_be_latitude_comma_longitude() -> None:
    body = first_example("on_select")
    broken = copy.deepcopy(body)
    broken["message"]["order"]["fulfillments"][0]["stops"][0]["location"]["gps"] = "77.644408"
    with pytest.raises(SpecViolation, match=r"fulfillments\[0\]\.stops\[0\]\.location\.gps"):
        assert_valid_callback("on_select", broken)
    assert_valid_callback("on_select", body)


def test_a_request_is_not_a_callback_and_an_unknown_action_is_named() -> None:
    with pytest.raises(ValueError, match="not a callback"):
        assert_valid_callback("select", first_example("select"))
    with pytest.raises(ValueError, match="not a request"):
        assert_valid_request("on_select", first_example("on_select"))


def test_openapis_nullable_lets_null_in_beside_the_type_and_the_enum() -> None:
    schema = json_schema(
        {
            "type": "object",
            "properties": {
                "note": {"type": "string", "nullable": True},
                "mode": {"type": "string", "enum": ["CASH", "UPI"], "nullable": True},
                "count": {"type": "integer"},
            },
        }
    )
    assert schema["properties"]["note"] == {"type": ["string", "null"]}
    assert schema["properties"]["mode"] == {"type": ["string", "null"], "enum": ["CASH", "UPI", None]}
    assert schema["properties"]["count"] == {"type": "integer"}


def test_a_json_path_names_keys_and_indexes() -> None:
    assert json_path(["message", "order", "items", 0, "price"]) == "$.message.order.items[0].price"
    assert json_path([]) == "$"
