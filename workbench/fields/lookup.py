"""Finding the field type of a column through the registry (never through hooks)."""

from __future__ import annotations

from workbench.errors import BadRequest
from workbench.fields.interfaces import FieldType
from workbench.plugins.registry import UnknownNameError


def field_type_class(registry, uidt: str) -> type[FieldType]:
    try:
        return registry["field_types"].get(uidt)
    except UnknownNameError:
        raise BadRequest(f"Unknown field type (uidt) {uidt!r}") from None


def field_type(registry, column) -> FieldType:
    """The field type instance for a column (meta object or snapshot)."""
    return field_type_class(registry, column.uidt)(column)
