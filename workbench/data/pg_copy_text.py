"""Columns of stored values as the data of PostgreSQL's ``COPY … FROM STDIN`` in its text
format: one line per row, the values separated by tabs, NULL as ``\\N``, and in text the
characters that would end a value or a row (tab, newline, carriage return), the backslash
itself and the other control characters COPY reads as escapes (backspace, vertical tab,
form feed) written with a backslash, as psycopg's ``write_row`` writes them.

A column is formatted by builtins mapped over its values when all its values (NULLs
aside) are of one type written as psycopg's text dumpers write it: ``str``, ``int``,
``float``, ``bool``, ``datetime.date`` and ``datetime.datetime`` (with a "T" between
the day and the time, which PostgreSQL reads as a space). Any other column (``Decimal``,
``UUID``, bytes, a mix of types) gets None: the batch is then written row by row by
psycopg."""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence

from workbench.fields.typed_column import kinds_of, plain_digits, texts_of

NULL = "\\N"
#: rows formatted and sent at a time
CHUNK = 1000
#: the characters a value of text has escaped (COPY reads them back as they were)
_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\b": "\\b", "\v": "\\v", "\f": "\\f"})
_SPECIALS = "\\\t\n\r\b\v\f"
_SPECIAL = re.compile(f"[{re.escape(_SPECIALS)}]").search
_BOOLEANS = {True: "t", False: "f"}.__getitem__
_FORMATS = {
    int: int.__repr__,
    float: float.__repr__,
    bool: _BOOLEANS,
    dt.date: dt.date.isoformat,
    dt.datetime: dt.datetime.isoformat,  # "2024-01-02T03:04:05", as PostgreSQL reads it
}


def escaped(text: str) -> str:
    """``text`` as a value of COPY's text format."""
    return text.translate(_ESCAPES) if _SPECIAL(text) else text


def _special_in(text: str) -> bool:
    """Whether ``text`` holds a character escaped in COPY's text (each looked for by a
    substring search: many times faster over a long text than a regular expression)."""
    return any(char in text for char in _SPECIALS)


def _texts(part: list, nulls: bool | None = None) -> list:
    if nulls is None:
        nulls = None in part
    if _special_in("".join(filter(None, part) if nulls else part)):
        return [NULL if value is None else escaped(value) for value in part]
    return [NULL if value is None else value for value in part] if nulls else part


def _as_they_are(part: list) -> list:
    return part


def _own_texts(values: list) -> Sequence[str] | None:
    """The texts a marked column of dates, datetimes, integers or floats was read from,
    which COPY reads back as the same values (none needs escaping)."""
    for kind in _OWN_TEXTS:
        texts = texts_of(values, kind)
        if texts is not None:
            same = _SAME_VALUES.get(kind)
            return texts if same is None or same(texts) else None
    return None


def _short_decimals(texts: Sequence[str]) -> bool:
    """Whether plain decimal texts (digits, a point, a minus sign) have at most 15
    characters: a number of at most 15 significant digits is the same number as the
    shortest text of the float read from it (which the float's own text would write),
    whatever the column's type (float, or numeric of any precision) reads it into."""
    return max(map(len, texts), default=0) <= 15


_OWN_TEXTS = (dt.date, dt.datetime, int, float)
#: whether a column's texts are those of its values, when not always
_SAME_VALUES = {int: plain_digits, float: _short_decimals}


def _nulls(part: list) -> list:
    return [NULL] * len(part)


def _mapped(format_, nulls: bool = True):
    """Formats a part by ``format_``; ``nulls``: the part may hold None (written NULL)."""

    def format_part(part: list) -> list:
        if nulls and None in part:
            return [NULL if value is None else format_(value) for value in part]
        return list(map(format_, part))

    return format_part


_FORMATTERS = {kind: _mapped(format_) for kind, format_ in _FORMATS.items()}
_RANGE = _mapped(int.__repr__, nulls=False)
#: for a column with no None (as its types say): no part looked through for one
_NO_NULL_FORMATTERS = {
    str: functools.partial(_texts, nulls=False),
    **{kind: _mapped(f, nulls=False) for kind, f in _FORMATS.items()},
}


def formatter(values: list):
    """``format(part)``: the texts in COPY's text format of a part of ``values`` (a column);
    None for a column of values of a type not formatted here (or of several types)."""
    kinds = set(kinds_of(values))
    nulls = type(None) in kinds
    kinds.discard(type(None))
    if not kinds:
        return _nulls
    if len(kinds) > 1:
        return None
    kind = kinds.pop()
    if not nulls:
        return _NO_NULL_FORMATTERS.get(kind)
    return _texts if kind is str else _FORMATTERS.get(kind)


def column_text(values: list) -> list[str] | None:
    """The text of each of ``values`` in COPY's text format (None as ``formatter``)."""
    format_ = formatter(values)
    return None if format_ is None else format_(values)


def copy_chunks(columns: Iterable[tuple[bool, object]], count: int, size: int = CHUNK) -> Iterator[str] | None:
    """The COPY text of ``count`` rows given as ``columns``, each ``(True, value)`` for a
    value the same in every row or ``(False, values)`` (a list, or a range of integers),
    in parts of ``size`` rows (each formatted only when asked for: the database reads one
    while the next is made); None when a column's values are not formatted here."""
    plan = []
    for same, values in columns:
        if same:
            text = column_text([values])
            if text is None:
                return None
            plan.append((text[0], None))
        elif isinstance(values, range):  # integers: each part taken from it as a range
            plan.append((values, _RANGE))
        else:
            values = values if isinstance(values, list) else list(values)
            texts = _own_texts(values)
            if texts is not None:
                plan.append((texts, _as_they_are))
                continue
            format_ = formatter(values)
            if format_ is None:
                return None
            plan.append((values, format_))
    return _chunks(plan, count, size)


def _chunks(plan: list, count: int, size: int) -> Iterator[str]:
    # the values the same in every row after the last that differs end each line as one text
    same = len(plan)
    while same > 1 and plan[same - 1][1] is None:
        same -= 1
    ends = "".join(["\t" + text for text, _none in plan[same:]]) + "\n"
    plan = plan[:same]
    for start in range(0, count, size):
        end = min(start + size, count)
        texts = [
            itertools.repeat(values, end - start) if format_ is None else format_(values[start:end])
            for values, format_ in plan
        ]
        yield ends.join(map("\t".join, zip(*texts, strict=True))) + ends
