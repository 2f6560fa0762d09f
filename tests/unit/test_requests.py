"""JSON bodies and validation errors as 400 {msg}."""

import pytest
from pydantic import BaseModel, ValidationError, field_validator
from pyramid.testing import DummyRequest

from workbench.errors import BadRequest
from workbench.requests import format_validation_error, json_payload, validated


class Body(BaseModel):
    name: str
    size: int = 0

    @field_validator("size")
    @classmethod
    def _size(cls, value):
        if value < 0:
            raise ValueError("size cannot be negative")
        return value


def request_with(body: bytes, content_type="application/json"):
    request = DummyRequest()
    request.body = body
    request.content_type = content_type
    return request


def test_json_payload():
    assert json_payload(request_with(b'{"a": [1, "\xc3\xa9"]}')) == {"a": [1, "é"]}
    assert json_payload(request_with(b"")) is None


@pytest.mark.parametrize("body", [b"{", b"nope", b"\xff"])
def test_json_payload_refuses_malformed(body):
    with pytest.raises(BadRequest, match="Invalid JSON body"):
        json_payload(request_with(body))


def test_validated():
    assert validated(request_with(b'{"name": "n", "size": 2}'), Body) == Body(name="n", size=2)
    assert validated(request_with(b""), Body, data={"name": "d"}).name == "d"
    with pytest.raises(BadRequest, match="Request body must be a JSON object"):
        validated(request_with(b"[1]"), Body)
    with pytest.raises(BadRequest) as info:
        validated(request_with(b'{"size": -1}'), Body)
    assert info.value.msg == "name: Field required; size: size cannot be negative"


def test_format_validation_error_names_nested_fields():
    class Outer(BaseModel):
        inner: Body

    with pytest.raises(ValidationError) as info:
        Outer.model_validate({"inner": {"name": 5}})
    assert format_validation_error(info.value) == "inner.name: Input should be a valid string"


@pytest.mark.parametrize("body", [b"NaN", b'{"a": Infinity}', b"[-Infinity]"])
def test_json_payload_refuses_non_json_constants(body):
    with pytest.raises(BadRequest, match="is not a JSON value"):
        json_payload(request_with(body))


def test_json_payload_refuses_nul_anywhere():
    for body in (b'"\\u0000"', b'{"k\\u0000": 1}', b'[[{"a": ["x\\u0000"]}]]'):
        with pytest.raises(BadRequest, match="NUL"):
            json_payload(request_with(body))
    assert json_payload(request_with(b'["\\\\u0000"]')) == ["\\u0000"]


def test_json_payload_reads_the_same_through_either_parser():
    # Integers past 64 bits stay exact (the fast parser would make them floats).
    assert json_payload(request_with(b'{"n": 123456789012345678901234567890, "m": -9223372036854775809}')) == {
        "n": 123456789012345678901234567890,
        "m": -9223372036854775809,
    }
    assert json_payload(request_with(b'[1.5, 2, "\\u00e9", true, null, {"a": {}}]')) == [
        1.5,
        2,
        "é",
        True,
        None,
        {"a": {}},
    ]
    # What the fast parser refuses, json.loads reads (lone surrogates) or refuses (1e400 is inf).
    assert json_payload(request_with(b'["\\ud800"]')) == ["\ud800"]


@pytest.mark.parametrize(
    ("content_type", "length", "spooled"),
    [
        ("application/json", 50_000, False),  # parsed whole in memory anyway
        ("application/json; charset=utf-8", 100_000, False),
        ("application/merge-patch+json", 50_000, False),
        ("application/json", 100_001, True),  # past the body limit (refused with 413)
        ("multipart/form-data; boundary=x", 50_000, True),  # an upload: kept out of memory
        ("text/csv", 50_000, True),
        ("application/json", 5_000, False),
    ],
)
def test_a_json_body_is_copied_in_memory_and_others_spooled(content_type, length, spooled):
    from pyramid import testing
    from pyramid.request import Request

    from workbench.requests import body_tempfile_limit

    config = testing.setUp(settings={"workbench.max_body_size": "100000"})
    try:
        request = Request.blank("/api/v2/tables/t/records", method="POST", body=b"x" * length)
        request.content_type = content_type
        request.registry = config.registry
        assert (length > body_tempfile_limit(request)) is spooled
    finally:
        testing.tearDown()
