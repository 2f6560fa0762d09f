"""Finding the field type of a column through the registry (never through hooks)."""

from __future__ import annotations

from workbench.errors import BadRequest
from workbench.fields.interfaces import FieldType
from workbench.fields.unavailable import UnavailableType
from workbench.plugins.registry import UnknownNameError


def field_type_class(registry, uidt: str) -> type[FieldType]:
    try:
        return registry["field_types"].get(uidt)
    except UnknownNameError:
        raise BadRequest(f"Unknown field type (uidt) {uidt!r}") from None


def field_type(registry, column) -> FieldType:
    """The field type instance for a stored column (meta object or snapshot); a column whose
    type no enabled plugin provides gets ``UnavailableType`` (read as stored, never written)."""
    types = registry["field_types"]
    if column.uidt not in types:
        return UnavailableType(column)
    return types.get(column.uidt)(column)


def described_as(registry, column) -> str:
    """How messages name a column's type: what the type declares (``described_as``,
    e.g. "formula"), else its ``uidt``."""
    types = registry["field_types"]
    name = types.get(column.uidt).described_as if column.uidt in types else None
    return name or column.uidt


def holds_files(registry, column) -> bool:
    """Whether a column's type holds files (``holds_files``)."""
    types = registry["field_types"]
    return column.uidt in types and types.get(column.uidt).holds_files
