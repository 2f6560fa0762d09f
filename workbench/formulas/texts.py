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
