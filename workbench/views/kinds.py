"""Looking up view types in the ``view_types`` registry."""

from __future__ import annotations

from workbench.errors import BadRequest, NotFound
from workbench.views.types import ViewType


def view_types(registry):
    return registry["view_types"]


def type_of(registry, view) -> type[ViewType]:
    """The type of an existing view; 404 if its plugin is disabled (the view is hidden)."""
    types = view_types(registry)
    if view.type not in types:
        raise NotFound(f"View '{view.id}' not found")
    return types.get(view.type)


def type_by_path(registry, path: str) -> type[ViewType]:
    for vtype in view_types(registry):
        if getattr(vtype, "path", None) == path:
            return vtype
    raise BadRequest(f"Unknown view type '{path}'")


def is_enabled(registry, view) -> bool:
    return view.type in view_types(registry)
