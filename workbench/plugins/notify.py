"""Typed facade over the notification hooks (``on_rows_changed``, ``on_meta_changed``)."""


def _hook(registry):
    return registry["plugins"].manager.hook


def listens_to_rows(request) -> bool:
    """Whether any plugin implements ``on_rows_changed`` (writers skip building rows if not)."""
    return bool(_hook(request.registry).on_rows_changed.get_hookimpls())


def rows_changed(request, table, action: str, changes) -> None:
    """Tell every plugin that rows of ``table`` changed; see the hook spec."""
    if changes:
        _hook(request.registry).on_rows_changed(request=request, table=table, action=action, changes=changes)


def meta_changed(request, kind: str, action: str, obj: dict) -> None:
    """Tell every plugin that a meta object changed; see the hook spec."""
    _hook(request.registry).on_meta_changed(request=request, kind=kind, action=action, obj=obj)
