"""Looking up view types in the ``view_types`` registry."""

from __future__ import annotations

from workbench.errors import APIError, BadRequest, NotFound
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


class MissingViewType(APIError):
    """No enabled view type is the default one (``default = True``)."""

    status = 503


def default_view_type(registry) -> type[ViewType]:
    """The type of the view a new table gets: the enabled view type declaring
    ``default = True``."""
    for vtype in view_types(registry):
        if getattr(vtype, "default", False):
            return vtype
    raise MissingViewType("No enabled view type declares default = True (the view every new table gets)")
