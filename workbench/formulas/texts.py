"""Texts joined in one flat SQL expression.

SQLAlchemy's ``a.concat(b)`` nests one level per text: a CONCAT of 300 fields would be
300 levels deep, past what compiling it can recurse. ``Concat(*parts)`` is one level:
``(a || b || c)`` on SQLite and PostgreSQL, ``concat(a, b, c)`` on MariaDB and MySQL
(where ``||`` means OR), ``(a + b + c)`` on MSSQL. Parts are never NULL here (callers
give blanks as ``''``).
"""

from __future__ import annotations

from typing import ClassVar

import sqlalchemy as sa
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql import operators
from sqlalchemy.sql.visitors import InternalTraversal


class Concat(sa.sql.expression.ColumnElement):
    inherit_cache = True
    _traverse_internals: ClassVar = [("parts", InternalTraversal.dp_clauseelement_tuple)]

    def __init__(self, *parts: sa.ColumnElement):
        self.parts = tuple(sa.type_coerce(part, sa.Unicode) for part in parts)
        self.type = sa.Unicode()


def _parts(element: Concat, compiler, **kw) -> list[str]:
    return [compiler.process(part.self_group(against=operators.concat_op), **kw) for part in element.parts]


@compiles(Concat)
def _default(element, compiler, **kw):
    return "(" + " || ".join(_parts(element, compiler, **kw)) + ")"


@compiles(Concat, "mysql")
@compiles(Concat, "mariadb")
def _mariadb(element, compiler, **kw):
    return "concat(" + ", ".join(_parts(element, compiler, **kw)) + ")"


@compiles(Concat, "mssql")
def _mssql(element, compiler, **kw):
    return "(" + " + ".join(_parts(element, compiler, **kw)) + ")"


class Cut(sa.sql.expression.ColumnElement):
    """A text cut to its first ``length`` characters: a text a function made longer. With
    no ``length``, the text as it is, known to be at most the longest text already (the
    SQL is the text's own)."""

    inherit_cache = True
    _traverse_internals: ClassVar = [
        ("text", InternalTraversal.dp_clauseelement),
        ("length", InternalTraversal.dp_plain_obj),
    ]

    def __init__(self, text: sa.ColumnElement, length: int | None):
        self.text = text
        self.length = None if length is None else int(length)
        self.type = sa.Unicode()


@compiles(Cut)
def _cut(element, compiler, **kw):
    text = compiler.process(element.text, **kw)
    return text if element.length is None else f"left({text}, {element.length})"


@compiles(Cut, "sqlite")
def _cut_sqlite(element, compiler, **kw):
    text = compiler.process(element.text, **kw)
    return text if element.length is None else f"substr({text}, 1, {element.length})"


_SHORT_TYPES = (sa.Integer, sa.Numeric, sa.Float, sa.Date, sa.DateTime, sa.Time, sa.Boolean)


class TextWeight:
    """How long a text expression may be, in stored texts: each stored column that is not a
    number, date or boolean counts one (each time the SQL repeats it); a ``Cut`` counts
    ``long`` instead, whatever it holds. Remembered per element, as ``limits.SqlSize``."""

    def __init__(self, long: int):
        self.long = long
        self._known: dict[int, int] = {}
        self._keep: list = []

    def of(self, expr) -> int:
        known = self._known
        stack = [(expr, False)]
        while stack:
            element, children_done = stack.pop()
            if id(element) in known:
                continue
            if isinstance(element, Cut):
                weight = self.long
            elif isinstance(element, sa.sql.expression.ColumnClause):
                weight = 0 if isinstance(element.type, _SHORT_TYPES) else 1
            else:
                children = list(element.get_children()) if hasattr(element, "get_children") else []
                if not children_done and children:
                    stack.append((element, True))
                    stack.extend((child, False) for child in children if id(child) not in known)
                    continue
                weight = sum(known[id(child)] for child in children)
            known[id(element)] = weight
            self._keep.append(element)
        return known[id(expr)]
