"""The data types of formula values (a field type says which it is read as:
``FieldType.formula_type``)."""

from __future__ import annotations

from enum import StrEnum


class DataType(StrEnum):
    NUMERIC = "numeric"
    STRING = "string"
    DATE = "date"
    DATETIME = "datetime"
    BOOLEAN = "boolean"
    JSON = "json"
    ARRAY = "array"
    NULL = "null"


#: what an argument accepts, in function signatures
ANY = frozenset(DataType)
NUMBER = frozenset({DataType.NUMERIC, DataType.BOOLEAN, DataType.NULL})
TEXT = ANY  # a list is read as its items joined with ", "
LIST = frozenset({DataType.ARRAY, DataType.NULL})
DATE = frozenset({DataType.DATE, DataType.DATETIME, DataType.STRING, DataType.NULL})
LITERAL_TEXT = frozenset({DataType.STRING})

_NAMES = {
    DataType.NUMERIC: "a number",
    DataType.STRING: "a text",
    DataType.DATE: "a date",
    DataType.DATETIME: "a date",
    DataType.BOOLEAN: "a boolean",
    DataType.JSON: "a JSON value",
    DataType.ARRAY: "a list",
    DataType.NULL: "a blank",
}


def describe(accepted: frozenset[DataType]) -> str:
    """How an error message names what an argument accepts."""
    names = {NUMBER: "a number", DATE: "a date", LITERAL_TEXT: "a text", LIST: "a list", ANY: "a value"}
    return names.get(accepted) or " or ".join(sorted({_NAMES[t] for t in accepted}))


def common_type(types: list[DataType]) -> DataType:
    """The type of a value that is one of ``types`` (the branches of IF or SWITCH):
    blanks fit anything, booleans fit numbers, dates fit timestamps, else it is a text."""
    present = {DataType(t) for t in types} - {DataType.NULL}
    if not present:
        return DataType.NULL
    if len(present) == 1:
        return present.pop()
    if present <= {DataType.NUMERIC, DataType.BOOLEAN}:
        return DataType.NUMERIC
    if present <= {DataType.DATE, DataType.DATETIME}:
        return DataType.DATETIME
    return DataType.STRING
