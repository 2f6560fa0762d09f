"""The SpecificDBType field type: a column whose native type maps to no richer field type.

Values pass through unchanged; an integer must fit in 64 bits (a wider one is sent as
text). The physical type is the column's ``dt`` (or ``meta.dt``)
when it is a plain type name such as ``inet``, ``uuid``, ``mediumint`` or
``varchar(20)``; anything else falls back to text, so no SQL is ever taken from a client.
"""

import base64
import datetime as dt
import decimal
import re

import sqlalchemy as sa
from sqlalchemy.types import UserDefinedType

from workbench.plugin_api import FieldType, FieldValueError, hookimpl
from workbench.plugin_api import operators as ops

# A type name, optional words (``double precision``, ``character varying``), optional
# ``(n)`` or ``(n, m)`` arguments, optional ``[]``.
NATIVE_TYPE_RE = re.compile(
    r"^[a-z][a-z0-9_]{0,30}(?: [a-z][a-z0-9_]{0,30}){0,3}"  # name, possibly of several words
    r"(?:\(\d{1,5}(?:, ?\d{1,5})?\))?(?:\[\])?$"  # (n) or (n, m), then [] for arrays
)
_JSON_SCALARS = (str, int, float, bool, decimal.Decimal, dt.date, dt.time)
#: integers are stored as 64-bit signed numbers on every dialect; wider ones go as text
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


class NativeType(UserDefinedType):
    """A column type written as the source database names it (checked by ``NATIVE_TYPE_RE``)."""

    cache_ok = True

    def __init__(self, spec: str):
        self.spec = spec

    def get_col_spec(self, **kw):
        return self.spec.upper()


def native_type_name(column) -> str | None:
    meta = getattr(column, "meta", None) or {}
    for candidate in (getattr(column, "dt", None), meta.get("dt")):
        if isinstance(candidate, str) and NATIVE_TYPE_RE.match(candidate.strip().lower()):
            return candidate.strip().lower()
    return None


class SpecificDBType(FieldType):
    name = "SpecificDBType"
    icon = "database"
    order = 730
    creatable = False
    operators = ops.EQUALITY | ops.BLANK | ops.NULLS
    dt = "text"
    #: reads any native type no richer type claims
    native_types = ("*",)
    examples = (("abc", "abc"), ("10.0.0.1", "10.0.0.1"), (None, None))
    invalid_examples = ({"a": 1}, [1])

    def sql_type(self, dialect):
        spec = native_type_name(self.column)
        return NativeType(spec) if spec else sa.Text()

    def to_db(self, value):
        if isinstance(value, int) and not INT64_MIN <= value <= INT64_MAX:
            raise FieldValueError("integers are limited to 64 bits; send a larger number as text")
        if value is None or isinstance(value, _JSON_SCALARS):
            return value
        raise FieldValueError(f"expected a single value, got {type(value).__name__}")

    def to_api(self, value):
        if value is None or isinstance(value, _JSON_SCALARS):
            return value
        if isinstance(value, (bytes, bytearray, memoryview)):
            return base64.b64encode(bytes(value)).decode("ascii")
        return str(value)  # uuid, ip address, interval, ...

    def filter_value(self, text):
        return text


@hookimpl
def register_field_types():
    return [SpecificDBType]
