"""Dates as an export writes them: in a field's display format (``meta.date_format``, plus
``meta.time_format`` or ``meta.is12hrFormat`` for a date with a time), written as text in
CSV and as an Excel number format in XLSX.

Formats are day.js patterns of the tokens ``YYYY YY MMMM MMM MM M DD D HH H hh h mm ss A a``
with ``[literal]`` text, as the web app shows dates; month names are English. A field
without a format is written ``YYYY-MM-DD`` (dates) and ``YYYY-MM-DD HH:mm:ss`` (with a time).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Callable

DEFAULT_DATE = "YYYY-MM-DD"
DEFAULT_DATETIME = "YYYY-MM-DD HH:mm:ss"

_TOKENS = re.compile(r"\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|DD|D|HH|H|hh|h|mm|ss|A|a")

_TEXT: dict[str, Callable] = {
    "YYYY": lambda d: f"{d.year:04d}",
    "YY": lambda d: f"{d.year % 100:02d}",
    "MMMM": lambda d: calendar.month_name[d.month],
    "MMM": lambda d: calendar.month_abbr[d.month],
    "MM": lambda d: f"{d.month:02d}",
    "M": lambda d: str(d.month),
    "DD": lambda d: f"{d.day:02d}",
    "D": lambda d: str(d.day),
    "HH": lambda d: f"{getattr(d, 'hour', 0):02d}",
    "H": lambda d: str(getattr(d, "hour", 0)),
    "hh": lambda d: f"{getattr(d, 'hour', 0) % 12 or 12:02d}",
    "h": lambda d: str(getattr(d, "hour", 0) % 12 or 12),
    "mm": lambda d: f"{getattr(d, 'minute', 0):02d}",
    "ss": lambda d: f"{getattr(d, 'second', 0):02d}",
    "A": lambda d: "AM" if getattr(d, "hour", 0) < 12 else "PM",
    "a": lambda d: "am" if getattr(d, "hour", 0) < 12 else "pm",
}

_EXCEL = {
    "YYYY": "yyyy",
    "YY": "yy",
    "MMMM": "mmmm",
    "MMM": "mmm",
    "MM": "mm",
    "M": "m",
    "DD": "dd",
    "D": "d",
    "HH": "hh",
    "H": "h",
    "hh": "hh",
    "h": "h",
    "mm": "mm",
    "ss": "ss",
    "A": "AM/PM",
    "a": "AM/PM",
}

# Tokens read straight from the value's attributes: a pattern made only of these (and
# literal text) is one ``str.format`` call (several times faster than ``strftime``).
_FORMAT = {
    "YYYY": "{0.year:04d}",
    "MM": "{0.month:02d}",
    "M": "{0.month}",
    "DD": "{0.day:02d}",
    "D": "{0.day}",
    "HH": "{0.hour:02d}",
    "H": "{0.hour}",
    "mm": "{0.minute:02d}",
    "ss": "{0.second:02d}",
}


def pattern_of(meta: dict | None, with_time: bool) -> str:
    """The day.js pattern a field's values are written in."""
    meta = meta if isinstance(meta, dict) else {}
    date_format = meta.get("date_format")
    if not isinstance(date_format, str) or not date_format.strip():
        return DEFAULT_DATETIME if with_time else DEFAULT_DATE
    if not with_time:
        return date_format
    time_format = meta.get("time_format")
    if not isinstance(time_format, str) or not time_format.strip():
        time_format = "hh:mm A" if meta.get("is12hrFormat") is True else "HH:mm"
    return f"{date_format} {time_format}"


def _parts(pattern: str) -> list[tuple[bool, str]]:
    """``(is_token, text)`` pieces of a pattern."""
    parts, index = [], 0
    for match in _TOKENS.finditer(pattern):
        if match.start() > index:
            parts.append((False, pattern[index : match.start()]))
        if match.group(1) is not None:
            parts.append((False, match.group(1)))
        else:
            parts.append((True, match.group(0)))
        index = match.end()
    if index < len(pattern):
        parts.append((False, pattern[index:]))
    return parts


def text_formatter(pattern: str) -> Callable:
    """A function writing a date or datetime in ``pattern``."""
    parts = _parts(pattern)
    pieces = [_TEXT[text] if token else text for token, text in parts]

    def by_pieces(value) -> str:
        return "".join(p if isinstance(p, str) else p(value) for p in pieces)

    if not all(not token or text in _FORMAT for token, text in parts):
        return by_pieces
    spec = "".join(_FORMAT[text] if token else text.replace("{", "{{").replace("}", "}}") for token, text in parts)
    render = spec.format

    def formatted(value) -> str:
        try:
            return render(value)
        except AttributeError:  # a date in a pattern with a time
            return by_pieces(value)

    # the defaults are the ISO forms, which the values write themselves fastest
    if pattern == DEFAULT_DATE:
        return lambda value: value.isoformat() if value.__class__ is dt.date else formatted(value)
    if pattern == DEFAULT_DATETIME:
        return lambda value: (
            value.isoformat(" ", "seconds")
            if value.__class__ is dt.datetime and value.tzinfo is None
            else formatted(value)
        )
    return formatted


def excel_format(pattern: str) -> str:
    """``pattern`` as an Excel number format (literal text quoted)."""
    out = []
    for token, text in _parts(pattern):
        if token:
            out.append(_EXCEL[text])
        elif text:
            out.append('"' + text.replace('"', "") + '"')
    return "".join(out)
