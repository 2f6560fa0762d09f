"""Dates per dialect: reading a value as a date or a timestamp, the current time, and
formatting. SQLite keeps dates as ISO texts (``YYYY-MM-DD`` and ``YYYY-MM-DD HH:MM:SS``)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import mssql

#: texts read as dates: ``YYYY-MM-DD``, optionally a time after a space or T
ISO_DATE = r"^\d{4}-\d{1,2}-\d{1,2}([ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?)?$"


def as_date(dialect: str, expr: sa.ColumnElement) -> sa.ColumnElement:
    if dialect == "sqlite":
        return sa.func.date(expr, type_=sa.Date)
    if dialect == "mssql":  # without a server version SQLAlchemy would say DATETIME
        return sa.type_coerce(sa.cast(expr, mssql.DATE()), sa.Date)
    return sa.cast(expr, sa.Date)


def as_datetime(dialect: str, expr: sa.ColumnElement) -> sa.ColumnElement:
    if dialect == "sqlite":
        return sa.func.datetime(expr, type_=sa.DateTime)
    if dialect == "mssql":
        return sa.type_coerce(sa.cast(expr, mssql.DATETIME2()), sa.DateTime)
    return sa.cast(expr, sa.DateTime)


def now(dialect: str) -> sa.ColumnElement:
    """The current time in UTC, as a timestamp without time zone."""
    return {
        "sqlite": lambda: sa.func.datetime("now", type_=sa.DateTime),
        "postgresql": lambda: sa.func.timezone("UTC", sa.func.now(), type_=sa.DateTime),
        "mysql": lambda: sa.func.utc_timestamp(type_=sa.DateTime),
        "mssql": lambda: sa.func.sysutcdatetime(type_=sa.DateTime),
    }[dialect]()


# token -> (sqlite strftime, postgresql to_char, mysql DATE_FORMAT, mssql FORMAT)
FORMAT_TOKENS = {
    "YYYY": ("%Y", "YYYY", "%Y", "yyyy"),
    "MM": ("%m", "MM", "%m", "MM"),
    "DD": ("%d", "DD", "%d", "dd"),
    "HH": ("%H", "HH24", "%H", "HH"),
    "mm": ("%M", "MI", "%i", "mm"),
    "ss": ("%S", "SS", "%s", "ss"),
}
_COLUMN = {"sqlite": 0, "postgresql": 1, "mysql": 2, "mssql": 3}


def format_date(dialect: str, expr: sa.ColumnElement, parts: list[tuple[str, str]]) -> sa.ColumnElement:
    """``expr`` as text; ``parts`` are ``("token", "YYYY")`` or ``("text", "-")`` pairs."""
    pattern = []
    for kind, value in parts:
        if kind == "token":
            pattern.append(FORMAT_TOKENS[value][_COLUMN[dialect]])
        elif dialect in ("sqlite", "mysql"):
            pattern.append(value.replace("%", "%%"))
        elif dialect == "postgresql":
            pattern.append('"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"')
        else:
            pattern.append("'" + value.replace("'", "''") + "'" if value.strip() else value)
    text = "".join(pattern)
    if dialect == "sqlite":
        return sa.func.strftime(text, expr, type_=sa.Unicode)
    if dialect == "postgresql":
        return sa.func.to_char(expr, text, type_=sa.Unicode)
    if dialect == "mysql":
        return sa.func.date_format(expr, text, type_=sa.Unicode)
    return sa.func.format(expr, text, type_=sa.Unicode)


def tokenize_format(pattern: str) -> list[tuple[str, str]] | None:
    """Split a day.js style pattern (``YYYY-MM-DD HH:mm:ss``, ``[literal]``) into parts;
    None if it has letters that are no token we support."""
    parts: list[tuple[str, str]] = []
    i = 0
    while i < len(pattern):
        if pattern[i] == "[":
            end = pattern.find("]", i)
            if end < 0:
                return None
            parts.append(("text", pattern[i + 1 : end]))
            i = end + 1
            continue
        token = next((t for t in FORMAT_TOKENS if pattern.startswith(t, i)), None)
        if token:
            parts.append(("token", token))
            i += len(token)
        elif pattern[i].isalpha():
            return None
        else:
            parts.append(("text", pattern[i]))
            i += 1
    return parts


DATE_PARTS = [("token", "YYYY"), ("text", "-"), ("token", "MM"), ("text", "-"), ("token", "DD")]
DATETIME_PARTS = [
    *DATE_PARTS,
    ("text", " "),
    ("token", "HH"),
    ("text", ":"),
    ("token", "mm"),
    ("text", ":"),
    ("token", "ss"),
]
