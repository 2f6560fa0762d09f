"""Typed facade over the notification hooks (``on_rows_changed``, ``on_meta_changed``)."""


def _hook(registry):
    return registry["plugins"].manager.hook


def listens_to_rows(request, action: str | None = None) -> bool:
    """Whether any plugin implements ``on_rows_changed`` (for ``action``, when given: see
    ``workbench.hookspecs.row_actions``); writers skip building rows if not."""
    impls = _hook(request.registry).on_rows_changed.get_hookimpls()
    if action is None:
        return bool(impls)
    return any(action in getattr(impl.function, "row_actions", (action,)) for impl in impls)


def rows_changed(request, table, action: str, changes) -> None:
    """Tell every plugin that rows of ``table`` changed; see the hook spec."""
    if changes and listens_to_rows(request, action):
        _hook(request.registry).on_rows_changed(request=request, table=table, action=action, changes=changes)


def meta_changed(request, kind: str, action: str, obj: dict) -> None:
    """Tell every plugin that a meta object changed; see the hook spec."""
    _hook(request.registry).on_meta_changed(request=request, kind=kind, action=action, obj=obj)
