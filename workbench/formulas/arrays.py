"""Lists (lookups, links) in formulas: an ARRAY value is a JSON array text, and these
sub-selects over its elements build new ones or join them into a text.

``ArrayQuery(array, operation, *bounds)`` is one scalar sub-select: ``unique`` (first
occurrences, in order), ``compact`` (no nulls nor empty texts), ``slice`` (1-based,
inclusive bounds), ``sort`` / ``sort_desc`` (nulls, then numbers, then texts), ``join``
(the elements as a text, ``", "`` between them), ``count`` (how many elements are not
blank) and ``count_all`` (how many elements). The new lists are JSON array texts, blank
when empty; the counts are integers, 0 for a blank list. MSSQL only joins.

The SQL is assembled from fragments the SQLAlchemy compiler produced (values stay bound
parameters), hence the ``noqa: S608`` on the templates.
"""

from __future__ import annotations

from typing import ClassVar

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal

OPERATIONS = frozenset({"unique", "compact", "slice", "sort", "sort_desc", "join", "count", "count_all"})
COUNTS = frozenset({"count", "count_all"})


class ArrayQuery(sa.sql.expression.ColumnElement):
    inherit_cache = True
    #: the most times the SQL of one operation repeats the list (see ``limits.SqlSize``)
    copies = 3
    _traverse_internals: ClassVar = [
        ("array", InternalTraversal.dp_clauseelement),
        ("operation", InternalTraversal.dp_string),
        ("bounds", InternalTraversal.dp_clauseelement_tuple),
    ]

    def __init__(self, array: sa.ColumnElement, operation: str, *bounds: sa.ColumnElement):
        assert operation in OPERATIONS
        self.array = array
        self.operation = operation
        self.bounds = tuple(sa.cast(bound, sa.Integer) for bound in bounds)
        self.type = sa.Integer() if operation in COUNTS else sa.Unicode()


def _count(element: ArrayQuery, elements: str, blank: str) -> str:
    where = f" WHERE NOT ({blank})" if element.operation == "count" else ""
    return f"(SELECT count(*) FROM {elements}{where})"  # noqa: S608


def _filter(
    element: ArrayQuery, elements_y: str, ord_x: str, ord_y: str, same: str, blank: str, bounds: list[str]
) -> str:
    """The WHERE condition of ``unique`` (no equal element before), ``compact`` and
    ``slice``; true for the others. ``e`` is the element, ``e2`` another one."""
    if element.operation == "unique":
        return f"NOT EXISTS (SELECT 1 FROM {elements_y} WHERE {ord_y} < {ord_x} AND {same})"  # noqa: S608
    if element.operation == "compact":
        return f"NOT ({blank})"
    if element.operation == "slice":
        low, high = [*bounds, "NULL"][:2]
        return f"{ord_x} >= {low} AND ({high} IS NULL OR {ord_x} <= {high})"
    return "1 = 1"


@compiles(ArrayQuery, "sqlite")
def _sqlite(element, compiler, **kw):
    a = compiler.process(element.array, **kw)
    bounds = [compiler.process(b, **kw) for b in element.bounds]

    def raw(key):  # the element as JSON (json_extract keeps objects and arrays JSON)
        return f"json_extract({a}, '$[' || {key} || ']')"

    if element.operation == "join":
        return f"(SELECT group_concat(e.value, ', ') FROM json_each({a}) AS e)"  # noqa: S608
    if element.operation in COUNTS:
        return _count(element, f"json_each({a}) AS e", "e.value IS NULL OR e.value = ''")
    if element.operation.startswith("sort"):
        direction = " DESC" if element.operation == "sort_desc" else ""
        ordered = f"SELECT e.key AS k FROM json_each({a}) AS e ORDER BY e.value{direction}"  # noqa: S608
        return f"(SELECT nullif(json_group_array({raw('s.k')}), '[]') FROM ({ordered}) AS s)"  # noqa: S608
    same = "e2.type = e.type AND e2.value IS e.value"
    blank = "e.value IS NULL OR e.value = ''"
    condition = _filter(element, f"json_each({a}) AS e2", "e.key + 1", "e2.key + 1", same, blank, bounds)
    return f"(SELECT nullif(json_group_array({raw('e.key')}), '[]') FROM json_each({a}) AS e WHERE {condition})"  # noqa: S608


@compiles(ArrayQuery, "postgresql")
def _postgresql(element, compiler, **kw):
    a = compiler.process(element.array, **kw)
    bounds = [compiler.process(b, **kw) for b in element.bounds]

    def elements(x):
        return f"jsonb_array_elements(CAST({a} AS JSONB)) WITH ORDINALITY AS {x}(value, ord)"

    if element.operation == "join":
        return f"(SELECT string_agg(e.value #>> '{{}}', ', ' ORDER BY e.ord) FROM {elements('e')})"  # noqa: S608
    if element.operation in COUNTS:
        return _count(element, elements("e"), "e.value IN ('null'::jsonb, '\"\"'::jsonb)")
    order = "e.ord"
    if element.operation.startswith("sort"):  # jsonb puts texts before numbers
        direction = " DESC" if element.operation == "sort_desc" else ""
        kind = "CASE jsonb_typeof(e.value) WHEN 'null' THEN 0 WHEN 'number' THEN 1 ELSE 2 END"
        order = f"{kind}{direction}, e.value{direction}"
    blank = "e.value IN ('null'::jsonb, '\"\"'::jsonb)"
    condition = _filter(element, elements("e2"), "e.ord", "e2.ord", "e2.value = e.value", blank, bounds)
    return f"(SELECT CAST(jsonb_agg(e.value ORDER BY {order}) AS TEXT) FROM {elements('e')} WHERE {condition})"  # noqa: S608


@compiles(ArrayQuery, "mysql")
@compiles(ArrayQuery, "mariadb")
def _mariadb(element, compiler, **kw):
    a = compiler.process(element.array, **kw)
    bounds = [compiler.process(b, **kw) for b in element.bounds]

    def elements(x):
        return f"JSON_TABLE({a}, '$[*]' COLUMNS (ord FOR ORDINALITY, value LONGTEXT PATH '$')) AS {x}"

    def raw(x):  # the element as JSON; compared as bytes, whatever the collation
        return f"JSON_EXTRACT({a}, CONCAT('$[', {x}.ord - 1, ']'))"

    if element.operation == "join":
        return f"(SELECT GROUP_CONCAT(e.value ORDER BY e.ord SEPARATOR ', ') FROM {elements('e')})"  # noqa: S608
    if element.operation in COUNTS:
        return _count(element, elements("e"), "e.value IS NULL OR e.value = ''")
    order = "e.ord"
    if element.operation.startswith("sort"):
        direction = " DESC" if element.operation == "sort_desc" else ""
        kind = f"CASE JSON_TYPE({raw('e')}) WHEN 'NULL' THEN 0 WHEN 'INTEGER' THEN 1 WHEN 'DOUBLE' THEN 1 ELSE 2 END"
        number = f"CASE WHEN {kind} = 1 THEN e.value + 0e0 END"
        order = f"{kind}{direction}, {number}{direction}, CAST(e.value AS BINARY){direction}"
    same = f"CAST({raw('e2')} AS BINARY) = CAST({raw('e')} AS BINARY)"
    blank = "e.value IS NULL OR e.value = ''"
    condition = _filter(element, elements("e2"), "e.ord", "e2.ord", same, blank, bounds)
    return f"(SELECT JSON_ARRAYAGG({raw('e')} ORDER BY {order}) FROM {elements('e')} WHERE {condition})"  # noqa: S608


@compiles(ArrayQuery, "mssql")
def _mssql(element, compiler, **kw):
    if element.operation != "join":
        raise sa.exc.CompileError(f"lists cannot be {element.operation}ed on MSSQL")
    a = compiler.process(element.array, **kw)
    return (
        "(SELECT STRING_AGG(CAST(e.[value] AS NVARCHAR(MAX)), ', ') "  # noqa: S608
        f"WITHIN GROUP (ORDER BY CAST(e.[key] AS INT)) FROM OPENJSON({a}) AS e)"
    )
