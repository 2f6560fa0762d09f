"""Functions SQLite lacks, added to each connection from Python.

The data engine calls ``sqlite_functions(dbapi_connection)`` from its SQLite ``connect``
event. Regular expressions are always added (SQLite has none); math functions only when
this SQLite was built without them. Install it after SQLAlchemy's own connect handler.

Regular expressions run with the ``regex`` module (``re``'s syntax), which can stop a match
that backtracks without end: a call gives up at the deadline ``set_deadline`` gave the
current thread (a request's time budget) and interrupts the statement, which fails.
"""

from __future__ import annotations

import functools
import hashlib
import math
import sqlite3
import threading
import time

import regex
import sqlalchemy as sa
from sqlalchemy.dialects import sqlite as sqlite_dialect

from .errors import FormulaError

_budget = threading.local()  # a greenlet's own under gevent


def set_deadline(deadline: float | None, connection: sqlite3.Connection | None = None) -> None:
    """Regular expressions run on this thread give up at ``deadline`` (``time.monotonic()``)
    and interrupt the statement running on ``connection``; None: no deadline."""
    _budget.deadline = deadline
    _budget.connection = connection


def _interrupt() -> None:
    connection = getattr(_budget, "connection", None)
    if connection is not None:
        connection.interrupt()  # the statement fails as "interrupted", like past the budget


def _timeout() -> float | None:
    deadline = getattr(_budget, "deadline", None)
    return None if deadline is None else max(deadline - time.monotonic(), 0.0)


@functools.lru_cache(maxsize=256)
def _pattern(pattern: str) -> regex.Pattern:
    return regex.compile(pattern)


def _nulls_pass(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        if any(arg is None for arg in args):
            return None
        try:
            return fn(*args)
        except (regex.error, ValueError, OverflowError, ZeroDivisionError, TypeError):
            return None
        except TimeoutError:
            _interrupt()
            return None

    return wrapper


@_nulls_pass
def regexp(pattern, value):
    """``value REGEXP pattern`` (SQLite passes the pattern first)."""
    return _pattern(str(pattern)).search(str(value), timeout=_timeout()) is not None


@_nulls_pass
def regexp_substr(value, pattern):
    match = _pattern(str(pattern)).search(str(value), timeout=_timeout())
    return match.group(0) if match else None


@_nulls_pass
def regexp_replace(value, pattern, replacement):
    return _pattern(str(pattern)).sub(str(replacement), str(value), timeout=_timeout())


#: encodeURIComponent's reserved characters (URLENCODE)
URL_RESERVED = '% "#$&+,/:;<=>?@[\\]^`{|}\n\r\t'


@_nulls_pass
def url_encode(value):
    return "".join(f"%{ord(ch):02X}" if ch in URL_RESERVED else ch for ch in str(value))


def _hex_digest(name: str):
    @_nulls_pass
    def digest(value):
        return hashlib.new(name, str(value).encode()).hexdigest()

    return digest


ALWAYS = {
    "regexp": (2, regexp),
    "regexp_substr": (2, regexp_substr),
    "regexp_replace": (3, regexp_replace),
    "url_encode": (1, url_encode),
    # SQLAlchemy's pysqlite dialect replaces floor() with math.floor, which fails on NULL
    "floor": (1, _nulls_pass(math.floor)),
    # the checksum functions MD5 and SHA256
    "md5_hex": (1, _hex_digest("md5")),
    "sha256_hex": (1, _hex_digest("sha256")),
}

MATH_FUNCTIONS = {
    "sqrt": (1, _nulls_pass(math.sqrt)),
    "power": (2, _nulls_pass(math.pow)),
    "exp": (1, _nulls_pass(math.exp)),
    "ln": (1, _nulls_pass(math.log)),
    "log10": (1, _nulls_pass(math.log10)),
    "log": (2, _nulls_pass(lambda base, x: math.log(x, base))),
    "ceil": (1, _nulls_pass(math.ceil)),
    "ceiling": (1, _nulls_pass(math.ceil)),
    "mod": (2, _nulls_pass(math.fmod)),
}


def sqlite_functions(dbapi_connection: sqlite3.Connection) -> None:
    """Add the functions compiled formulas use to one SQLite connection."""
    for name, (arity, fn) in ALWAYS.items():
        dbapi_connection.create_function(name, arity, fn, deterministic=True)
    for name, (arity, fn) in MATH_FUNCTIONS.items():
        if not _has_function(dbapi_connection, name, arity):
            dbapi_connection.create_function(name, arity, fn, deterministic=True)


def _has_function(dbapi_connection: sqlite3.Connection, name: str, arity: int) -> bool:
    args = ", ".join(["1"] * arity)
    try:
        dbapi_connection.execute(f"SELECT {name}({args})").fetchone()
    except sqlite3.OperationalError:
        return False
    return True


#: levels of SQL a formula's expression may sit in when a statement reads it (a filter, a
#: sort, a count): it must still parse there
_MARGIN = 3
_PARSE_ERRORS = ("parser stack overflow", "too large", "too many")
_DIALECT = sqlite_dialect.dialect()


def check_parses(expr: sa.ColumnElement, position: int | None) -> None:
    """SQLite's parser has a small fixed stack (about 30 nested function calls, 18 nested
    CASEs): SQL nested deeper cannot be read at all. Raise ``FormulaError`` at ``position``
    if SQLite would refuse ``expr``; it is only parsed, on an empty in-memory database."""
    for _ in range(_MARGIN):
        expr = sa.func.coalesce(expr, None)
    sql = str(sa.select(expr).compile(dialect=_DIALECT))
    connection = sqlite3.connect(":memory:")
    try:
        connection.execute(sql)
    except sqlite3.Error as exc:  # other errors (no such table, missing parameters) come after parsing
        if any(text in str(exc) for text in _PARSE_ERRORS):
            raise FormulaError("The formula is nested too deeply to compute on SQLite", position) from None
    finally:
        connection.close()
