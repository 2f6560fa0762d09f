"""The ``json`` renderer: orjson with the API's own forms of dates, decimals and bytes,
and the standard library for what orjson refuses."""

import datetime as dt
import decimal
import json

import pytest
from pyramid.testing import DummyRequest

from workbench.renderer import JSONRenderer, dumps


def test_values_keep_the_api_forms():
    value = {
        "at": dt.datetime(2024, 5, 6, 7, 8, 9, 123456, tzinfo=dt.UTC),
        "naive": dt.datetime(2024, 5, 6, 7, 8, 9),
        "day": dt.date(2024, 1, 2),
        "time": dt.time(1, 2, 3),
        "price": decimal.Decimal("12.50"),
        "raw": b"caf\xc3\xa9",
        "text": "café ☃",
        7: [1, 2.5, None, True],
    }
    assert json.loads(dumps(value)) == {
        "at": "2024-05-06 07:08:09+00:00",
        "naive": "2024-05-06 07:08:09",
        "day": "2024-01-02",
        "time": "01:02:03",
        "price": 12.5,
        "raw": "café",
        "text": "café ☃",
        "7": [1, 2.5, None, True],
    }
    assert "café ☃".encode() in dumps(value)  # UTF-8, not \\u escapes
    assert b" " not in dumps({"a": [1, 2], "b": {"c": 1}})  # compact


def test_integers_beyond_64_bits_fall_back_to_the_standard_library():
    assert json.loads(dumps({"n": 2**70, "at": dt.date(2024, 1, 2)})) == {"n": 2**70, "at": "2024-01-02"}


def test_json_method_and_unknown_types():
    class Point:
        def __json__(self, request):
            return {"x": 1, "by": request}

    assert json.loads(dumps([Point()], "me")) == [{"x": 1, "by": "me"}]
    with pytest.raises(TypeError, match="set is not JSON serializable"):
        dumps({"s": {1, 2}})


def test_renderer_sets_the_json_content_type_unless_the_view_chose_one():
    render = JSONRenderer()(None)
    request = DummyRequest()
    assert render({"a": 1}, {"request": request}) == b'{"a":1}'
    assert request.response.content_type == "application/json"
    request = DummyRequest()
    request.response.content_type = "text/plain"
    render([], {"request": request})
    assert request.response.content_type == "text/plain"
