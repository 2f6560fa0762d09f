"""What a function's SQL is built with: its compiled arguments (``Value``) and the
coercions and dialect differences every function needs (``SqlContext``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

import sqlalchemy as sa

from . import dates
from .arrays import ArrayQuery
from .limits import MAX_STORED_PARTS, MAX_TEXT_LENGTH, literal_int
from .texts import Concat, Cut, TextWeight
from .types import DataType


class Resolved(NamedTuple):
    """A referenced column as the data engine gives it: the SQL that reads it (a table
    column, a correlated sub-select, another formula's compiled expression) and its type.

    A list (``DataType.ARRAY``: has-many and many-to-many links, their lookups) is read as
    a JSON array text, such as ``json_group_array`` / ``jsonb_agg`` / ``JSON_ARRAYAGG``
    over the linked values; a date as a DATE, a timestamp as a naive UTC TIMESTAMP."""

    expression: sa.ColumnElement
    type: DataType


class Resolver(Protocol):
    """How the compiler reaches the table a formula belongs to."""

    def column(self, column_id: str) -> Resolved | None:
        """The referenced column, or None if it does not exist."""

    def record_id(self) -> sa.ColumnElement:
        """The record's primary key (for ``RECORD_ID()``)."""

    def system_time(self, kind: str) -> sa.ColumnElement | None:
        """Optional: the record's ``created`` or ``modified`` timestamp, a naive UTC
        TIMESTAMP (for ``CREATED_TIME()`` and ``LAST_MODIFIED_TIME()``); None if the
        table keeps none."""


@dataclass(frozen=True)
class Value:
    """A compiled argument: its SQL, its data type and the node it came from."""

    expr: Any
    dt: DataType
    node: dict


_TEXT_CAST = {"mysql": sa.String(), "mssql": sa.NVARCHAR(4000)}


@dataclass(frozen=True)
class SqlContext:
    dialect: str
    resolver: Resolver
    functions: Mapping[str, Any]
    weight: TextWeight = field(default_factory=lambda: TextWeight(MAX_STORED_PARTS + 1))

    # -- literals -------------------------------------------------------------
    def text_literal(self, text: str) -> sa.ColumnElement:
        return sa.literal(text, sa.Unicode)

    def number_literal(self, number: int | float) -> sa.ColumnElement:
        return sa.literal(number, sa.Integer if isinstance(number, int) else sa.Float)

    # -- coercions ------------------------------------------------------------
    def number(self, value: Value) -> sa.ColumnElement:
        """The value as a number: booleans are 1 and 0, a literal text is read as one."""
        if value.dt is DataType.BOOLEAN:
            if self.dialect in ("sqlite", "mysql"):
                return value.expr
            condition = self.condition(value)
            return sa.case((condition, 1), (sa.not_(condition), 0))
        if value.dt is DataType.STRING and value.node["kind"] == "string":
            return self.number_literal(float(value.node["value"]))
        if value.dt is DataType.NULL:
            return sa.null()
        return value.expr

    def text(self, value: Value) -> sa.ColumnElement:
        """The value as a text: whole numbers without decimals, dates in ISO form."""
        if value.dt is DataType.STRING:
            return value.expr
        if value.dt is DataType.NULL:
            return sa.null()
        if value.dt in (DataType.NUMERIC, DataType.BOOLEAN):
            return self.number_text(self.number(value))
        if value.dt is DataType.DATE:
            return dates.format_date(self.dialect, value.expr, dates.DATE_PARTS)
        if value.dt is DataType.DATETIME:
            return dates.format_date(self.dialect, value.expr, dates.DATETIME_PARTS)
        if value.dt is DataType.ARRAY:
            return ArrayQuery(value.expr, "join")
        return self.cast_text(value.expr)

    def cast_text(self, expr: sa.ColumnElement) -> sa.ColumnElement:
        return sa.cast(expr, _TEXT_CAST.get(self.dialect, sa.UnicodeText()))

    def number_text(self, expr: sa.ColumnElement) -> sa.ColumnElement:
        if isinstance(expr.type, sa.Integer):
            return self.cast_text(expr)
        if self.dialect == "sqlite":
            whole = sa.cast(expr, sa.Integer)
            return sa.case((expr == whole, self.cast_text(whole)), else_=self.cast_text(expr))
        return self.cast_text(self.to_float(expr))  # no trailing zeros of a DECIMAL

    def nonnull_text(self, value: Value) -> sa.ColumnElement:
        """The value as a text, blank ('') for NULL."""
        return sa.func.coalesce(self.text(value), self.text_literal(""), type_=sa.Unicode)

    def condition(self, value: Value) -> sa.ColumnElement:
        """The value as a condition: a non-zero number, a non-empty text, a present date."""
        expr = value.expr
        if value.dt is DataType.BOOLEAN:
            if self.dialect == "mssql" and isinstance(expr, (sa.sql.elements.True_, sa.sql.elements.False_)):
                return sa.literal_column("1") == (1 if isinstance(expr, sa.sql.elements.True_) else 0)
            if self.dialect == "mssql" and not _is_predicate(expr):
                return expr == 1
            return expr
        if value.dt is DataType.NUMERIC:
            return expr != 0
        if value.dt is DataType.STRING:
            return expr != self.text_literal("")
        if value.dt is DataType.NULL:
            return sa.false()
        return expr.is_not(None)

    def coerce(self, value: Value, dt: DataType) -> sa.ColumnElement:
        """The value as a value of type ``dt`` (see ``types.common_type``)."""
        if dt is DataType.NUMERIC:
            return self.number(value)
        if dt is DataType.STRING:
            return self.text(value)
        if dt is DataType.DATETIME:
            return self.datetime(value)
        if dt is DataType.BOOLEAN and self.dialect == "mssql" and value.dt is DataType.BOOLEAN:
            return self.number(value)
        return value.expr

    def is_blank(self, value: Value) -> sa.ColumnElement:
        """The value is NULL, or an empty text."""
        if value.dt is DataType.NULL:
            return sa.true()
        if value.dt is DataType.STRING:
            return sa.or_(value.expr.is_(None), value.expr == self.text_literal(""))
        if value.dt is DataType.ARRAY:
            return sa.or_(value.expr.is_(None), self.cast_text(value.expr) == self.text_literal("[]"))
        return value.expr.is_(None)

    def date(self, value: Value) -> sa.ColumnElement:
        if value.dt is DataType.DATE:
            return value.expr
        return dates.as_date(self.dialect, self._date_text(value))

    def datetime(self, value: Value) -> sa.ColumnElement:
        if value.dt is DataType.DATETIME and self.dialect != "sqlite":
            return value.expr
        return dates.as_datetime(self.dialect, self._date_text(value))

    def _date_text(self, value: Value) -> sa.ColumnElement:
        """A text read as a date only if it looks like one: PostgreSQL fails the query on
        'soon' (the other dialects give NULL)."""
        if value.dt is not DataType.STRING or self.dialect != "postgresql":
            return value.expr
        return sa.case((value.expr.regexp_match(dates.ISO_DATE), value.expr))

    # -- arithmetic -----------------------------------------------------------
    def to_float(self, expr: sa.ColumnElement) -> sa.ColumnElement:
        """A double, so that division is neither integer nor 4-decimal (MariaDB) division."""
        if self.dialect == "mysql":  # CAST(... AS DOUBLE) needs a server version to compile
            return sa.type_coerce(expr + sa.literal_column("0e0"), sa.Float)
        return sa.cast(expr, sa.Float if self.dialect == "mssql" else sa.Double)

    def divide(self, left: sa.ColumnElement, right: sa.ColumnElement) -> sa.ColumnElement:
        """``left / right``, NULL when ``right`` is 0."""
        return sa.type_coerce(self.to_float(left), sa.Float) / sa.func.nullif(right, 0)

    def int_div(self, left: sa.ColumnElement, right: int) -> sa.ColumnElement:
        """Integer division of integers, truncated toward zero."""
        return sa.type_coerce(left, sa.Integer) // right

    def truncate(self, expr: sa.ColumnElement) -> sa.ColumnElement:
        """Drop the fraction, toward zero."""
        if self.dialect == "sqlite":
            return sa.cast(expr, sa.Integer)
        if self.dialect == "mysql":
            return sa.func.truncate(expr, 0)
        if self.dialect == "mssql":
            return sa.func.round(expr, 0, 1)
        return sa.func.trunc(expr)

    def regex_search(self, text: sa.ColumnElement, pattern: sa.ColumnElement) -> sa.ColumnElement:
        """The first part of ``text`` matching ``pattern``, NULL if none (not on MSSQL)."""
        if self.dialect == "postgresql":  # substring(text, pattern) gives the first group
            whole = self.concat(self.text_literal("("), pattern, self.text_literal(")"))
            return sa.func.substring(text, whole, type_=sa.Unicode)
        if self.dialect == "mysql":  # '' when nothing matches; case-sensitive despite the collation
            found = sa.func.regexp_substr(text, self.case_sensitive(pattern), type_=sa.Unicode)
            return sa.func.nullif(found, self.text_literal(""), type_=sa.Unicode)
        return sa.func.regexp_substr(text, pattern, type_=sa.Unicode)

    def case_sensitive(self, pattern: sa.ColumnElement) -> sa.ColumnElement:
        """A regular expression that matches case-sensitively (MariaDB's collations do not)."""
        if self.dialect == "mysql":
            return self.concat(self.text_literal("(?-i)"), pattern)
        return pattern

    def concat(self, *exprs: sa.ColumnElement) -> sa.ColumnElement:
        """The texts joined, as one flat expression however many there are."""
        return Concat(*exprs) if len(exprs) > 1 else sa.type_coerce(exprs[0], sa.Unicode)

    # -- bounds (see ``limits``) ------------------------------------------------
    def left(self, text: sa.ColumnElement, count: sa.ColumnElement | int) -> sa.ColumnElement:
        """The first ``count`` characters of ``text``."""
        count = literal_int(count) if isinstance(count, int) else count
        if self.dialect == "sqlite":
            return sa.func.substr(text, 1, count, type_=sa.Unicode)
        return sa.func.left(text, count, type_=sa.Unicode)

    def bounded(self, text: sa.ColumnElement) -> sa.ColumnElement:
        """``text`` (that a function made longer) cut to the longest a formula's text may be."""
        return Cut(text, MAX_TEXT_LENGTH)

    def long(self, text: sa.ColumnElement) -> sa.ColumnElement:
        """``text``, made by a function that made it longer but never past the longest text."""
        return Cut(text, None)

    def joined(self, *texts: sa.ColumnElement) -> sa.ColumnElement:
        """The texts joined; cut to the longest text when that could be longer than a few
        stored values (``limits.MAX_STORED_PARTS``): a part was cut, or many are stored."""
        joined = self.concat(*texts)
        if sum(self.weight.of(text) for text in texts) > MAX_STORED_PARTS:
            return self.bounded(joined)
        return joined

    def length(self, text: sa.ColumnElement) -> sa.ColumnElement:
        """The number of characters of ``text``."""
        name = {"sqlite": "length", "mssql": "len"}.get(self.dialect, "char_length")
        return getattr(sa.func, name)(text, type_=sa.Integer)

    def greatest(self, *exprs: sa.ColumnElement) -> sa.ColumnElement:
        """The largest of numbers that are never NULL."""
        if self.dialect == "sqlite":
            return sa.func.max(*exprs, type_=sa.Integer)
        if self.dialect == "mssql":
            first, *rest = exprs
            return first if not rest else sa.case((first > self.greatest(*rest), first), else_=self.greatest(*rest))
        return sa.func.greatest(*exprs, type_=sa.Integer)

    def at_most(self, number: sa.ColumnElement, bound: sa.ColumnElement) -> sa.ColumnElement:
        """``number``, or ``bound`` where it is larger (NULL stays NULL)."""
        return sa.case((number > bound, bound), else_=number)

    def whole_div(self, left: sa.ColumnElement, right: sa.ColumnElement) -> sa.ColumnElement:
        """Integer division of positive integers."""
        return sa.type_coerce(left, sa.Integer) // sa.type_coerce(right, sa.Integer)


_PREDICATES = (sa.sql.elements.BinaryExpression, sa.sql.elements.BooleanClauseList, sa.sql.elements.UnaryExpression)


def _is_predicate(expr: Any) -> bool:
    """A condition already (MSSQL cannot test a value as a condition without ``= 1``)."""
    return isinstance(expr, _PREDICATES)
