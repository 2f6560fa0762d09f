"""Finding the field type that plays a role the core needs (the primary key of a new
table, its timestamps, the type of an untyped column, what an import detects), by the
capabilities types declare rather than by their names.

A role no enabled plugin provides is an explicit error: ``MissingFieldType`` names the
role, and ``check_required`` stops start-up when a role the core cannot do without is
missing (a plugin disabled or replaced by one that does not declare it).
"""

from __future__ import annotations

from workbench.errors import APIError
from workbench.fields.interfaces import FieldType


class MissingFieldType(APIError):
    """No enabled field type declares a role the core needs (503 when a request meets it;
    at start-up, the start stops)."""

    status = 503


#: roles the core cannot work without: (capability, value, what it is for)
REQUIRED = (
    ("system_role", "id", "the primary key of a new table (system_role = 'id')"),
    ("default_text", True, "the type of a column created without one (default_text = True)"),
)


def type_with(types, capability: str, value=True) -> type[FieldType] | None:
    """The first enabled field type (other than an alias) whose ``capability`` is
    ``value``, or None."""
    for cls in types:
        if not getattr(cls, "alias", False) and getattr(cls, capability, None) == value:
            return cls
    return None


def required_type(types, capability: str, value=True) -> type[FieldType]:
    """``type_with``, or ``MissingFieldType`` naming the role."""
    cls = type_with(types, capability, value)
    if cls is None:
        raise MissingFieldType(f"No enabled field type declares {capability} = {value!r}; enable a plugin that does")
    return cls


def default_text(types) -> type[FieldType]:
    """The type of a column created without one."""
    return required_type(types, "default_text", True)


def check_required(types) -> None:
    """Stop start-up when a role the core needs has no enabled field type."""
    missing = [what for capability, value, what in REQUIRED if type_with(types, capability, value) is None]
    if missing:
        raise MissingFieldType("No enabled field type provides " + "; ".join(missing) + ": enable a plugin that does")
