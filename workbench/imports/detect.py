"""Detecting a template from a file's first rows: column names and field types.

Functions without database or request, applied over the first ``SAMPLE_ROWS`` data rows
of a sheet. A column's values are first classified into a kind
(``workbench.fields.interfaces.IMPORT_KINDS``), rule by rule:

1. text over 255 characters or with a line break: ``long_text``;
2. any e-mail value: ``email``; any URL value: ``url``;
3. every value of one boolean pair (yes/no, x/empty, ...): ``boolean``;
4. numbers: ``integer`` when all are integers, else ``decimal`` (Excel: ``currency``
   when its cells are shown with ``$`` or their text starts with ``$``);
5. dates: ``date``, with the most common format in ``meta.date_format``; date-times:
   ``datetime``;
6. repeated values (distinct at most half of the values and at most 64):
   ``single_choice``, or ``multi_choice`` when values hold commas (``dtxp`` lists the
   options);
7. else ``text``.

The field type of the column is the enabled type that declares it detects that kind
(``FieldType.import_detects``); a kind no enabled type detects falls back to ``text``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from decimal import Decimal

from workbench.fields.roles import default_text, type_with

SAMPLE_ROWS = 1000
MAX_TEXT = 255
MAX_OPTIONS = 64
DEFAULT_DATE_FORMAT = "YYYY/MM/DD"

# Date formats by the name shown in meta.date_format, in order of preference on ties:
# (separator, order of the year, month and day parts).
DATE_FORMATS = (
    ("YYYY-MM-DD", "-", "ymd"),
    ("YYYY/MM/DD", "/", "ymd"),
    ("DD-MM-YYYY", "-", "dmy"),
    ("MM-DD-YYYY", "-", "mdy"),
    ("DD/MM/YYYY", "/", "dmy"),
    ("MM/DD/YYYY", "/", "mdy"),
    ("DD.MM.YYYY", ".", "dmy"),
    ("YYYY.MM.DD", ".", "ymd"),
    ("DD MM YYYY", " ", "dmy"),
    ("MM DD YYYY", " ", "mdy"),
    ("YYYY MM DD", " ", "ymd"),
)
_PART = {"y": r"(\d{4})", "m": r"(\d{1,2})", "d": r"(\d{1,2})"}
_DATE_RES = {
    name: (re.compile("^" + re.escape(sep).join(_PART[p] for p in order) + "$"), order)
    for name, sep, order in DATE_FORMATS
}
TIME_TAIL = re.compile(r"[T ](\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*([aApP][mM])?\s*(Z|[+-]\d{2}:?\d{2})?)$")
DATE_SHAPE = re.compile(r"^\d{1,4}[-/. ]\d{1,2}[-/. ]\d{1,4}$")

# Boolean pairs: (true words, false words); "" is an empty cell.
BOOLEAN_PAIRS = (
    ({"checked"}, {"unchecked", ""}),
    ({"x"}, {""}),
    ({"yes"}, {"no", ""}),
    ({"y"}, {"n", ""}),
    ({"1"}, {"0", ""}),
    ({"[x]"}, {"[ ]", "[]", ""}),
    ({"✓", "✔", "☑", "✅"}, {"✗", "✘", "☐", "❌", ""}),
    ({"enabled"}, {"disabled", ""}),
    ({"on"}, {"off", ""}),
    ({"done"}, {""}),
    ({"true"}, {"false", ""}),
)
TRUE_WORDS = frozenset().union(*(t for t, _f in BOOLEAN_PAIRS))
FALSE_WORDS = frozenset().union(*(f for _t, f in BOOLEAN_PAIRS)) - {""}

EMAIL = re.compile(r"^[^@\s<>()\[\],;:\"]+@[^@\s<>()\[\],;:\"]+\.[A-Za-z]{2,}$")
URL = re.compile(r"^(https?|ftp)://[^\s/$.?#][^\s]*$|^www\.[^\s.]+\.[^\s]+$", re.IGNORECASE)
INTEGER = re.compile(r"^[+-]?\d+$")
NUMBER = re.compile(r"^[+-]?(\d+\.\d*|\.\d+|\d+)([eE][+-]?\d+)?$")
MONEY = re.compile(r"^\$\s?[+-]?[\d,]*\.?\d+$")
#: a run of characters other than letters, digits and underscores (spaces included)
SPECIAL = re.compile(r"[^\w]+", re.UNICODE)


# -- names ------------------------------------------------------------------------------
def column_names(headers: Sequence, count: int | None = None) -> list[str]:
    """Field names from header cells: each run of special characters, spaces included,
    replaced by an underscore (``na me!`` is ``na_me_``), empty ones ``field_N`` (N the
    column's position from 1), duplicates suffixed ``_1``, ``_2``...
    ``count`` pads the list when rows are wider than the header."""
    width = max(len(headers), count or 0)
    names: list[str] = []
    taken: set[str] = set()
    for index in range(width):
        raw = headers[index] if index < len(headers) else None
        text = "" if raw is None else str(raw).strip()
        name = SPECIAL.sub("_", text) if text else ""
        if not name.strip("_"):
            name = f"field_{index + 1}"
        base, suffix = name, 1
        while name.lower() in taken:
            name = f"{base}_{suffix}"
            suffix += 1
        taken.add(name.lower())
        names.append(name)
    return names


def table_name(name: str) -> str:
    """A table title from a file or sheet name (a table title holds no ``.``, ``/`` or ``\\``)."""
    cleaned = re.sub(r"[./\\]+", "_", (name or "").strip()).strip("_ ")
    return cleaned or "Sheet"


# -- single values --------------------------------------------------------------------------
def _text(value) -> str:
    return value if isinstance(value, str) else str(value)


def is_blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def is_long_text(value) -> bool:
    return isinstance(value, str) and (len(value) > MAX_TEXT or "\n" in value or "\r" in value)


def is_email(value) -> bool:
    return isinstance(value, str) and bool(EMAIL.match(value.strip()))


def is_url(value) -> bool:
    return isinstance(value, str) and bool(URL.match(value.strip()))


def boolean_word(value) -> str | None:
    """The lower-case word a cell holds when it could be half of a boolean pair."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and value in (0, 1):
        return str(value)
    if isinstance(value, str):
        return value.strip().lower()
    return None


def number_kind(value) -> str | None:
    """``int``, ``float`` or None (not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "int" if value.is_integer() else "float"
    if isinstance(value, Decimal):
        return "int" if value == value.to_integral_value() else "float"
    if isinstance(value, str):
        text = value.strip()
        if INTEGER.match(text):
            return "int"
        if NUMBER.match(text):
            return "float"
    return None


def parse_date_text(text: str, name: str) -> dt.date | None:
    """The date a text holds in the format ``name`` (None if it does not)."""
    found = _DATE_RES.get(name)
    match = found[0].match(text) if found else None
    if match is None:
        return None
    parts = dict(zip(found[1], (int(g) for g in match.groups()), strict=True))
    try:
        return dt.date(parts["y"], parts["m"], parts["d"])
    except ValueError:
        return None


def date_formats(value) -> list[str]:
    """The names of the date formats a text matches (none for anything else)."""
    if not isinstance(value, str):
        return []
    text = value.strip()
    if not DATE_SHAPE.match(text):
        return []
    return [name for name, _sep, _order in DATE_FORMATS if parse_date_text(text, name) is not None]


def split_datetime(value) -> tuple[str, str] | None:
    """``(date part, time part)`` of a text holding a date and a time, else None."""
    if not isinstance(value, str):
        return None
    text = value.strip()
    match = TIME_TAIL.search(text)
    if match is None:
        return None
    day = text[: match.start()].strip()
    return (day, match.group(1).strip()) if date_formats(day) else None


# -- columns --------------------------------------------------------------------------
def detect_column(registry, values: Iterable, currency: bool = False) -> dict:
    """``{"uidt", "meta", "dtxp"}`` for a column's sample of values."""
    found = detect_kind(values, currency)
    types = registry["field_types"]
    cls = type_with(types, "import_detects", found.pop("kind")) or type_with(types, "import_detects", "text")
    if cls is None:
        cls = default_text(types)
    return {"uidt": cls.name, **found}


def detect_kind(values: Iterable, currency: bool = False) -> dict:
    """``{"kind", "meta", "dtxp"}`` for a column's sample of values."""
    present = [v for v in values if not is_blank(v)]
    if not present:
        return _column("text")
    texts = [v for v in present if isinstance(v, str)]
    if any(is_long_text(v) for v in texts):
        return _column("long_text")
    if any(is_email(v) for v in texts):
        return _column("email")
    if any(is_url(v) for v in texts):
        return _column("url")
    if _is_checkbox(values):
        return _column("boolean")
    kinds = [number_kind(v) for v in present]
    if (currency and all(kinds)) or (len(texts) == len(present) and all(MONEY.match(v.strip()) for v in texts)):
        return _column("currency")
    if all(kinds):
        return _column("integer" if all(k == "int" for k in kinds) else "decimal")
    dated = _dates(present)
    if dated is not None:
        return dated
    return _select(present)


def _column(kind: str, meta: dict | None = None, dtxp: str = "") -> dict:
    return {"kind": kind, "meta": meta or {}, "dtxp": dtxp}


def _is_checkbox(values: Iterable) -> bool:
    words = [boolean_word(v) if not is_blank(v) else "" for v in values]
    seen = {w for w in words if w is not None}
    if None in words or not seen - {""}:
        return False
    return any(seen <= (true | false) for true, false in BOOLEAN_PAIRS)


def _dates(present: list) -> dict | None:
    """Date (with its most common format) or DateTime, when every value is one."""
    counts: Counter = Counter()
    has_time = False
    for value in present:
        if isinstance(value, dt.datetime):
            has_time = has_time or value.time() != dt.time()
            continue
        if isinstance(value, dt.date):
            continue
        formats = date_formats(value)
        if not formats:
            parts = split_datetime(value)
            if parts is None:
                return None
            has_time = True
            formats = date_formats(parts[0])
        counts.update(formats)
    if has_time:
        return _column("datetime", _format_meta(counts))
    return _column("date", _format_meta(counts))


def _format_meta(counts: Counter) -> dict:
    if not counts:
        return {"date_format": DEFAULT_DATE_FORMAT}
    order = {name: index for index, (name, _sep, _order) in enumerate(DATE_FORMATS)}
    best = max(counts, key=lambda name: (counts[name], -order[name]))
    return {"date_format": best}


def _select(present: list) -> dict:
    texts = [_text(v).strip() for v in present]
    multi = any("," in t for t in texts)
    if multi:
        options = [part.strip() for t in texts for part in t.split(",") if part.strip()]
    else:
        options = texts
    distinct = list(dict.fromkeys(options))
    if len(distinct) <= len(options) / 2 and len(distinct) <= MAX_OPTIONS:
        return _column("multi_choice" if multi else "single_choice", dtxp=dtxp_of(distinct))
    return _column("text")


def dtxp_of(options: Iterable[str]) -> str:
    """The option list of a select type: ``'a','b'`` (quotes in an option become ``"``)."""
    return ",".join("'" + option.replace("'", "’") + "'" for option in options)


def detect_columns(registry, header: Sequence, rows: Sequence[Sequence], currency: Iterable[int] = ()) -> list[dict]:
    """The template columns of a sheet from its header and sample rows."""
    width = max([len(header), *(len(r) for r in rows)])
    names = column_names(header, width)
    money = set(currency)
    columns = []
    for index, name in enumerate(names):
        values = [row[index] if index < len(row) else None for row in rows]
        detected = detect_column(registry, values, currency=index in money)
        columns.append({"column_name": name, "ref_column_name": name, **detected})
    return columns
