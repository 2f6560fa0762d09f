"""Source values (what an importer read) to the values the records engine takes for a
field of the template's type, as the type declares (``FieldType.import_converts``):
dates parsed in the template's ``date_format``, the words of boolean pairs as booleans,
money without its sign, text from anything else."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from workbench.fields.coerce import all_of_types
from workbench.fields.typed_column import TypedColumn, iso_dates, typed
from workbench.imports.detect import FALSE_WORDS, TRUE_WORDS, is_blank, parse_date_text, split_datetime


def converter(registry, uidt: str, meta: dict | None):
    """``convert(value)`` for a template column, by how its field type says an import
    converts a value (``FieldType.import_converts``); raises ``ValueError`` with the
    reason."""
    date_format = (meta or {}).get("date_format") or None
    types = registry["field_types"]
    conversion = types.get(uidt).import_converts if uidt in types else None
    if conversion == "boolean":
        return _checkbox
    if conversion == "date":
        return lambda value: _date(value, date_format)
    if conversion == "datetime":
        return lambda value: _datetime(value, date_format)
    if conversion == "number":
        return _number
    if conversion == "text":
        return _text
    return _plain


def column_converter(registry, uidt: str, meta: dict | None):
    """``convert_many(values)``: ``convert`` of each of a column's values (a batch of rows),
    the common forms of text read from a file at once, anything else value by value (the
    same values, and the same error for the first value refused)."""
    convert = converter(registry, uidt, meta)
    date_format = (meta or {}).get("date_format") or None
    types = registry["field_types"]
    conversion = types.get(uidt).import_converts if uidt in types else None
    if conversion == "text" or (conversion == "datetime" and date_format in (None, "YYYY-MM-DD")):
        # text, and a date-time left for its field type to read: the text unless blank
        return _texts(convert)
    if conversion == "number":
        return _numbers(convert)
    if conversion == "boolean":
        return _words(convert)
    if conversion == "date" and date_format == "YYYY-MM-DD":
        return _iso_dates(convert)
    return lambda values: [convert(value) for value in values]


#: a number that ``_number`` gives back as it is (no sign of money, no grouping, no spaces)
_NUMBER = re.compile(r"[-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", re.ASCII).fullmatch
#: the ASCII characters ``str.strip`` takes away
_ASCII_SPACES = tuple(c for c in map(chr, range(128)) if c.isspace())
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII).fullmatch
#: checkbox words as a file writes them most often (others are read by ``_checkbox``)
_WORDS = {
    **{word: True for word in TRUE_WORDS if isinstance(word, str)},
    **{word: False for word in FALSE_WORDS if isinstance(word, str)},
}


# Each ``convert_many`` first tries the whole column by builtins (texts, none blank, all of
# the common form), then goes value by value: the same values either way.
def _texts(convert):
    def convert_many(values):
        if all_of_types(values, str) and all(map(str.strip, values)):
            return typed(values, str)
        return [(value if value.strip() else None) if type(value) is str else convert(value) for value in values]

    return convert_many


def _numbers(convert):
    def convert_many(values):
        if all_of_types(values, str) and all(values):
            # texts with nothing for ``_number`` to take away: no padding, sign of money,
            # grouping or no-break space (each is given back as it is)
            joined = "".join(values)
            if "$" not in joined and "," not in joined and "\u00a0" not in joined:
                if joined.isascii() and not any(map(joined.__contains__, _ASCII_SPACES)):
                    # nothing to strip either: the texts as they are
                    return values if type(values) is TypedColumn else typed(values, str)
                stripped = typed(map(str.strip, values), str)
                if stripped == list(values):
                    return stripped
        return [value if type(value) is str and _NUMBER(value) else convert(value) for value in values]

    return convert_many


def _words(convert):
    def convert_many(values):
        try:
            return typed(map(_WORDS.__getitem__, values), bool)
        except (KeyError, TypeError):
            return [_WORDS[value] if value in _WORDS else convert(value) for value in values]

    return convert_many


def _iso_dates(convert):
    from_text = dt.date.fromisoformat

    def convert_many(values):
        if all_of_types(values, str) and iso_dates(values):
            try:
                # the texts are the dates' own (isoformat): kept for what stores them as text
                return typed(map(from_text, values), dt.date, texts=values)
            except ValueError:
                pass
        out = []
        append = out.append
        for value in values:
            if type(value) is str and _ISO_DATE(value):
                try:
                    append(from_text(value))
                    continue
                except ValueError:
                    pass
            append(convert(value))
        return out

    return convert_many


def _plain(value):
    if is_blank(value):
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _text(value):
    if is_blank(value):
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        return value.isoformat(" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _checkbox(value):
    if is_blank(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float, Decimal)):
        return value != 0
    word = str(value).strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"'{value}' is not a checkbox value")


def _number(value):
    if is_blank(value):
        return None
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, str):
        text = value.strip().replace("\u00a0", "")
        if text.startswith(("$", "-$")):
            text = text.replace("$", "", 1)
        return text.replace(",", "") if text.count(",") and text.count(".") <= 1 else text
    return value


def _date(value, date_format: str | None):
    if is_blank(value):
        return None
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str) and date_format:
        found = parse_date_text(value.strip(), date_format)
        if found is not None:
            return found
    return value


def _datetime(value, date_format: str | None):
    if is_blank(value):
        return None
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, dt.date):
        return dt.datetime.combine(value, dt.time())
    if isinstance(value, str) and date_format and date_format != "YYYY-MM-DD":
        parts = split_datetime(value)
        day = parse_date_text(parts[0], date_format) if parts is not None else None
        if day is not None:
            return f"{day.isoformat()} {parts[1]}"
    return value
