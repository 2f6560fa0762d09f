"""The SQLAlchemy type of a formula's result, per data type, so that every driver hands
back the same Python values (a boolean, not 1; an int when a number is whole)."""

from __future__ import annotations

import decimal

import sqlalchemy as sa

from .types import DataType


class FormulaNumber(sa.types.TypeDecorator):
    """A number read back as ``int`` when it is whole, ``float`` otherwise."""

    impl = sa.Float
    cache_ok = True

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        if isinstance(value, decimal.Decimal):
            value = float(value)
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
            return int(value)
        return value


def result_type(dt: DataType) -> sa.types.TypeEngine:
    return {
        DataType.NUMERIC: FormulaNumber(),
        DataType.STRING: sa.Unicode(),
        DataType.DATE: sa.Date(),
        DataType.DATETIME: sa.DateTime(),
        DataType.BOOLEAN: sa.Boolean(),
        DataType.JSON: sa.Unicode(),
        DataType.ARRAY: sa.Unicode(),
    }.get(dt, sa.types.NullType())
