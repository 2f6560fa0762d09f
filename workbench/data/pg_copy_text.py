"""Columns of stored values as the data of PostgreSQL's ``COPY … FROM STDIN`` in its text
format: one line per row, the values separated by tabs, NULL as ``\\N``, and in text the
characters that would end a value or a row (tab, newline, carriage return), the backslash
itself and the other control characters COPY reads as escapes (backspace, vertical tab,
form feed) written with a backslash, as psycopg's ``write_row`` writes them.

A column is formatted at once, by builtins mapped over its values, when all its values
(NULLs aside) are of one type written as psycopg's text dumpers write it: ``str``,
``int``, ``float``, ``bool``, ``datetime.date`` and ``datetime.datetime``. Any other
column (``Decimal``, ``UUID``, bytes, a mix of types) gets None: the batch is then
written row by row by psycopg."""

from __future__ import annotations

import datetime as dt
import itertools
import operator
import re
from collections.abc import Iterable

NULL = "\\N"
#: the characters a value of text has escaped (COPY reads them back as they were)
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\b": "\\b", "\v": "\\v", "\f": "\\f"})
_SPECIAL = re.compile("[\\\\\t\n\r\b\v\f]").search
_BOOLEANS = {True: "t", False: "f"}.__getitem__
_FORMATS = {
    int: int.__repr__,
    float: float.__repr__,
    bool: _BOOLEANS,
    dt.date: dt.date.isoformat,
    dt.datetime: operator.methodcaller("isoformat", " "),
}


def escaped(text: str) -> str:
    """``text`` as a value of COPY's text format."""
    return text.translate(_ESCAPES) if _SPECIAL(text) else text


def column_text(values: list) -> list[str] | None:
    """The text of each of ``values`` in COPY's text format; None for a column of values
    of a type not formatted here (or of several types)."""
    kinds = set(map(type, values))
    nulls = type(None) in kinds
    kinds.discard(type(None))
    if not kinds:
        return [NULL] * len(values)
    if len(kinds) > 1:
        return None
    kind = kinds.pop()
    if kind is str:
        present = list(filter(None, values)) if nulls else values
        if _SPECIAL("".join(present)):
            format_ = escaped
        elif not nulls:
            return values
        else:
            return [NULL if value is None else value for value in values]
    else:
        format_ = _FORMATS.get(kind)
        if format_ is None:
            return None
    if nulls:
        return [NULL if value is None else format_(value) for value in values]
    return list(map(format_, values))


def copy_data(columns: Iterable[tuple[bool, object]], count: int) -> str | None:
    """The COPY text of ``count`` rows given as ``columns``, each ``(True, value)`` for a
    value the same in every row or ``(False, values)``; None when a column's values are not
    formatted here."""
    texts = []
    for same, values in columns:
        if same:
            text = column_text([values])
            if text is None:
                return None
            texts.append(itertools.repeat(text[0], count))
        else:
            text = column_text(values if isinstance(values, list) else list(values))
            if text is None:
                return None
            texts.append(text)
    if not count:
        return ""
    return "\n".join(map("\t".join, zip(*texts, strict=True))) + "\n"
