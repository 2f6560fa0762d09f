"""The ``json`` renderer of every API view: orjson, with the standard library as fallback.

orjson encodes straight to UTF-8 bytes (several times faster than ``json.dumps`` and no
second encoding by WebOb). Values it does not encode itself go through ``default``:
datetimes lose their microseconds and use a space (``2024-05-06 07:08:09+00:00``, as
the API has always shown them), dates and times are ISO, decimals become numbers, bytes
text, and objects with ``__json__(request)`` (Pyramid's convention) their result. What
orjson refuses (integers beyond 64 bits, say) is encoded by ``json.dumps`` with the same
rules, so the answer never depends on which encoder ran.
"""

from __future__ import annotations

import datetime as dt
import decimal
import json

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME


def _convert(value, request):
    if isinstance(value, dt.datetime):
        return value.replace(microsecond=0).isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return float(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", "replace")
    json_method = getattr(value, "__json__", None)
    if json_method is not None:
        return json_method(request)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def dumps(value, request=None) -> bytes:
    """``value`` as compact UTF-8 JSON."""

    def default(obj):
        return _convert(obj, request)

    try:
        return orjson.dumps(value, default=default, option=OPTIONS)
    except orjson.JSONEncodeError as exc:
        if isinstance(exc.__cause__, TypeError) and "not JSON serializable" in str(exc.__cause__):
            raise exc.__cause__ from None
        text = json.dumps(value, default=default, separators=(",", ":"), ensure_ascii=False)
        return text.encode("utf-8")


class JSONRenderer:
    """A Pyramid renderer factory (``config.add_renderer("json", JSONRenderer())``)."""

    def __call__(self, info):
        def render(value, system) -> bytes:
            request = system.get("request")
            if request is not None:
                response = request.response
                if response.content_type == response.default_content_type:
                    response.content_type = "application/json"
            return dumps(value, request)

        return render
