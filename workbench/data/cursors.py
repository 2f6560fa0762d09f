"""Cursors: a position in a sorted list of records, handed to clients as an opaque token.

A cursor holds the sort-key values of one record (the primary key last, so that every
record has exactly one position), whether it points forwards (the records after it) or
backwards (the records before it), and a digest of the order it belongs to. It is signed
with the app's secret: a changed or forged cursor is refused, as is a cursor of another
table or another sort.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import hashlib
import hmac
import json
import uuid

from workbench.errors import BadRequest

FORWARD = "n"
BACKWARD = "p"
# A cursor longer than this is refused before anything else is read from it.
MAX_CURSOR_LENGTH = 8192

_TAGS = {
    "D": decimal.Decimal,
    "T": datetime.datetime.fromisoformat,
    "d": datetime.date.fromisoformat,
    "t": datetime.time.fromisoformat,
    "S": lambda text: datetime.timedelta(seconds=float(text)),
    "U": uuid.UUID,
    "B": lambda text: base64.b64decode(text.encode()),
}


def _encode_value(value):
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, decimal.Decimal):
        return ["D", str(value)]
    if isinstance(value, datetime.datetime):
        return ["T", value.isoformat()]
    if isinstance(value, datetime.date):
        return ["d", value.isoformat()]
    if isinstance(value, datetime.time):
        return ["t", value.isoformat()]
    if isinstance(value, datetime.timedelta):
        return ["S", str(value.total_seconds())]
    if isinstance(value, uuid.UUID):
        return ["U", str(value)]
    if isinstance(value, bytes | bytearray | memoryview):
        return ["B", base64.b64encode(bytes(value)).decode()]
    return str(value)


def _decode_value(value):
    if isinstance(value, list):
        tag, text = value
        return _TAGS[tag](text)
    return value


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def order_digest(table_id: str, sort_keys) -> str:
    """What a cursor must match: the table and its order (field ids and directions)."""
    spec = json.dumps([table_id, [[fid, bool(desc)] for _expr, desc, fid in sort_keys]])
    return hashlib.sha256(spec.encode()).hexdigest()[:16]


class CursorCodec:
    """Signs and reads cursors with a key derived from the app's secret."""

    def __init__(self, secret: str):
        self._key = hmac.new(secret.encode(), b"workbench record cursors", hashlib.sha256).digest()

    def _mac(self, payload: bytes) -> str:
        return _b64(hmac.new(self._key, payload, hashlib.sha256).digest())

    def encode(self, digest: str, values, direction: str) -> str:
        payload = json.dumps(
            {"o": digest, "d": direction, "k": [_encode_value(v) for v in values]}, separators=(",", ":")
        ).encode()
        return f"{_b64(payload)}.{self._mac(payload)}"

    def decode(self, token: str, digest: str, width: int) -> tuple[list, str]:
        """``(values, direction)`` of ``token``; 400 unless it was signed here for this
        order (``digest``) with ``width`` values."""
        if not isinstance(token, str) or len(token) > MAX_CURSOR_LENGTH or token.count(".") != 1:
            raise BadRequest("Invalid cursor")
        body, mac = token.split(".")
        try:
            payload = _unb64(body)
        except ValueError:
            raise BadRequest("Invalid cursor") from None
        if not hmac.compare_digest(self._mac(payload).encode(), mac.encode()):
            raise BadRequest("Invalid cursor")
        try:
            data = json.loads(payload)
            values = [_decode_value(v) for v in data["k"]]
            direction = data["d"]
            order = data["o"]
        except (ValueError, KeyError, TypeError):
            raise BadRequest("Invalid cursor") from None
        if order != digest or len(values) != width or direction not in (FORWARD, BACKWARD):
            raise BadRequest("The cursor belongs to another table or sort: start again without it")
        return values, direction


def codec_of(registry) -> CursorCodec:
    codec = registry.get("record_cursors") if hasattr(registry, "get") else None
    if codec is None:
        codec = CursorCodec(registry.settings["workbench.secret"])
        registry["record_cursors"] = codec
    return codec
