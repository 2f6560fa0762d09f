"""Which field type reads a native column type: the one claiming it in its
``native_types`` (the lowest ``order`` when several do), else the one claiming ``"*"``
(any type, values passed through). An auto-numbered primary key is read by the type with
the ``id`` system role. No type is named here."""

from __future__ import annotations

from workbench.fields.interfaces import HasOptions
from workbench.sources.introspect import ColumnDesc

ANY_NATIVE = "*"
_INTEGERS = ("int", "integer", "bigint", "smallint", "int2", "int4", "int8", "serial", "bigserial", "mediumint")


def _claimants(types, base: str) -> list:
    found = [
        cls
        for cls in types
        if base in (getattr(cls, "native_types", ()) or ()) and not cls.alias and not getattr(cls, "virtual", False)
    ]
    return sorted(found, key=lambda cls: (getattr(cls, "order", 1000), cls.name))


def type_for(types, column: ColumnDesc):
    """The field type class for ``column``, or None when no enabled type reads it."""
    if column.pk and column.autoincrement and column.base in _INTEGERS:
        keys = [cls for cls in types if getattr(cls, "system_role", None) == "id" and not cls.alias]
        if keys:
            return keys[0]
    if column.base != "array":
        found = _claimants(types, column.base)
        if found:
            return found[0]
    fallback = _claimants(types, ANY_NATIVE)
    return fallback[0] if fallback else None


def options_for(cls, column: ColumnDesc) -> dict | None:
    """The column options of a type with choices, from the native type's values."""
    if not column.enums or (not issubclass(cls, HasOptions) and not isinstance(cls(None), HasOptions)):
        return None
    return cls(None).normalise_options({"options": [{"title": value} for value in column.enums]}, None)


def literal_default(column: ColumnDesc) -> str | None:
    """A column default that is a plain value (``'abc'``, ``42``), as text; None for an
    expression (``now()``, a sequence), which the database computes itself."""
    text = (column.default or "").strip()
    if not text:
        return None
    if "::" in text:  # PostgreSQL writes 'abc'::character varying
        text = text.split("::", 1)[0].strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    try:
        float(text)
    except ValueError:
        return None
    return text
