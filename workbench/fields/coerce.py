"""Coercion helpers shared by field types: numbers, booleans and text from API values."""

from __future__ import annotations

import decimal
import math
from typing import Any

from workbench.fields.interfaces import FieldValueError
from workbench.fields.typed_column import TypedColumn, kinds_of, typed

MAX_SAFE_INTEGER = 2**53 - 1
_FIFTEEN_DIGITS = 10**15 - 1
#: the integers of the texts "0" to "99"
_SMALL = {str(number): number for number in range(100)}
TRUE_WORDS = frozenset({"true", "1", "yes", "y", "on", "checked", "x", "[x]", "✓", "✔", "enabled", "done", "t"})
FALSE_WORDS = frozenset({"false", "0", "no", "n", "off", "unchecked", "", "[ ]", "disabled", "f"})


def blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def to_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (dict, list)):
        raise FieldValueError("expected text, got a JSON structure")
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def to_int(value: Any, low: int = -MAX_SAFE_INTEGER, high: int = MAX_SAFE_INTEGER) -> int | None:
    if type(value) is int and low <= value <= high:  # the common case, at once
        return value
    if blank(value):
        return None
    if isinstance(value, bool):
        raise FieldValueError("expected an integer, got a boolean")
    try:
        if isinstance(value, str):
            value = decimal.Decimal(value.strip().replace(",", ""))
        number = decimal.Decimal(value) if isinstance(value, float) else value
        if isinstance(number, decimal.Decimal):
            if not number.is_finite() or number != number.to_integral_value():
                raise FieldValueError(f"expected an integer, got {value!r}")
            number = int(number)
        if not isinstance(number, int):
            raise FieldValueError(f"expected an integer, got {value!r}")
    except (decimal.InvalidOperation, TypeError, ValueError):
        raise FieldValueError(f"expected an integer, got {value!r}") from None
    if number < low or number > high:
        raise FieldValueError(f"{number} is out of range ({low} to {high})")
    return number


def to_float(value: Any) -> float | None:
    if type(value) is float and math.isfinite(value):  # the common case, at once
        return value
    if blank(value):
        return None
    if isinstance(value, bool):
        raise FieldValueError("expected a number, got a boolean")
    try:
        number = float(value.strip().replace(",", "") if isinstance(value, str) else value)
    except (TypeError, ValueError):
        raise FieldValueError(f"expected a number, got {value!r}") from None
    if not math.isfinite(number):
        raise FieldValueError(f"expected a finite number, got {value!r}")
    return number


def to_bool(value: Any) -> bool | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    raise FieldValueError(f"expected true or false, got {value!r}")


# -- a column of values at once (``FieldType.to_db_many``): the common forms without a call
# per value, anything else through the function above, so values and errors are the same.
def all_of_types(values, *kinds: type) -> bool:
    """Whether each of ``values`` is of one of ``kinds`` exactly (not a subclass), checked
    with no Python call per value (none at all for a marked ``TypedColumn``): what lets a
    column be converted by builtins alone."""
    return kinds_of(values) <= set(kinds)


def to_text_many(values: list) -> list:
    if all_of_types(values, str):
        return values if type(values) is TypedColumn else typed(values, str)
    return [value if type(value) is str else to_text(value) for value in values]


def to_int_many(values: list, low: int = -MAX_SAFE_INTEGER, high: int = MAX_SAFE_INTEGER) -> list:
    numbers = _ints(values)
    if numbers is not None and (
        not numbers
        # read from texts of at most 15 digits: from 0 to 10**15 - 1
        or (low <= 0 and high >= _FIFTEEN_DIGITS and numbers.texts is values)
        or (low <= min(numbers) and max(numbers) <= high)
    ):
        return numbers
    out = []
    append = out.append
    for value in values:
        kind = type(value)
        if kind is int and low <= value <= high:
            append(value)
        elif kind is str and len(value) < 16 and value.isascii() and value.isdigit():
            number = int(value)
            append(number if low <= number <= high else to_int(value, low, high))
        else:
            append(to_int(value, low, high))
    return out


def _ints(values) -> TypedColumn | None:
    """The integers of a column of integers, or of texts of at most 15 ASCII digits (as
    ``to_int_many`` reads them one by one), by builtins; None for any other column."""
    if all_of_types(values, int):
        return values if type(values) is TypedColumn else typed(values, int)
    if all_of_types(values, str) and all(values):
        longest = max(map(len, values), default=0)
        if longest < 16:
            digits = "".join(values)
            if digits.isascii() and digits.isdigit():
                if longest <= 2:
                    try:  # "0" to "99" (a rating, say), looked up: ``int`` reads any text
                        return typed(map(_SMALL.__getitem__, values), int, texts=values)
                    except KeyError:  # a leading zero
                        pass
                return typed(map(int, values), int, texts=values)
    return None


def _floats(values) -> list | None:
    """The finite numbers of a column of floats, or of texts ``float`` reads (as
    ``to_float_many`` reads them one by one), by builtins; None for any other column."""
    if all_of_types(values, float):
        numbers = values if type(values) is TypedColumn else typed(values, float)
    elif all_of_types(values, str):
        try:
            numbers = typed(map(float, values), float, texts=values if _plain_decimals(values) else None)
        except ValueError:
            return None
    else:
        return None
    return numbers if all(map(math.isfinite, numbers)) else None


def _plain_decimals(texts) -> bool:
    """Whether ``texts`` (each read by ``float``) are written with digits, a point and a
    minus sign only: each then names the decimal number it is (no exponent, no spaces,
    no underscores), for any database to read as such."""
    joined = "".join(texts)
    return joined.isascii() and not joined.encode("ascii").translate(None, b"0123456789.-")


def to_float_many(values: list) -> list:
    numbers = _floats(values)
    if numbers is not None:
        return numbers
    out = []
    append = out.append
    isfinite = math.isfinite
    for value in values:
        kind = type(value)
        if kind is float and isfinite(value):
            append(value)
            continue
        if kind is str:
            # float() reads what to_float reads once it is stripped and has no commas
            try:
                number = float(value)
            except ValueError:
                number = None
            if number is not None and isfinite(number):
                append(number)
                continue
        append(to_float(value))
    return out


def to_bool_many(values: list) -> list:
    if all_of_types(values, bool, type(None)):
        return values if type(values) is TypedColumn else typed(values, *kinds_of(values))
    return [value if type(value) is bool else to_bool(value) for value in values]
