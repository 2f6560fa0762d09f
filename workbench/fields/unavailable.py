"""The stand-in for a field whose type no enabled plugin provides (its plugin was switched
off or uninstalled): the field stays in the table's meta and its stored value reads as it
is, as JSON-safe text where it is not a plain number or boolean; it cannot be written,
filtered beyond null checks, searched or sorted. When the plugin comes back, so does the
type."""

from __future__ import annotations

import datetime
import decimal
import uuid

import sqlalchemy as sa

from workbench.fields import operators as ops
from workbench.fields.interfaces import FieldType


class UnavailableType(FieldType):
    #: never registered: the column's own ``uidt`` stays what it was
    name = ""
    read_only = True
    operators = ops.NULLS
    search = None
    sortable = False
    groupable = False
    creatable = False

    def sql_type(self, dialect):
        # The stored column is read as the driver returns it; nothing is ever written to it.
        return sa.types.NullType()

    def to_db(self, value):
        return value

    def to_api(self, value):
        if value is None or isinstance(value, (bool, int, float, str, list, dict)):
            return value
        if isinstance(value, (bytes, bytearray, memoryview)):
            return bytes(value).decode("utf-8", "replace")
        if isinstance(value, (datetime.date, datetime.time)):
            return value.isoformat()
        if isinstance(value, (decimal.Decimal, uuid.UUID)):
            return str(value)
        return str(value)
