"""Typed facade over the notification hooks (``on_rows_changed``, ``on_links_changed``,
``on_meta_changed``)."""


def _hook(registry):
    return registry["plugins"].manager.hook


def _wants(impl, action: str) -> bool:
    return action in getattr(impl.function, "row_actions", (action,))


def _interested(impl, request, table, action: str) -> bool:
    """Whether an implementation marked ``row_actions(..., when=...)`` wants this table's
    rows now (a webhook listener, say, only while the table has hooks)."""
    when = getattr(impl.function, "row_when", None)
    return when is None or table is None or bool(when(request, table, action))


def listens_to_rows(request, action: str | None = None) -> bool:
    """Whether any plugin implements ``on_rows_changed`` (for ``action``, when given: see
    ``workbench.hookspecs.row_actions``); writers skip building rows if not."""
    impls = _hook(request.registry).on_rows_changed.get_hookimpls()
    if action is None:
        return bool(impls)
    return any(_wants(impl, action) for impl in impls)


def wants_whole_rows(request, action: str, table=None) -> bool:
    """Whether a plugin listening to ``action`` (on ``table``, when given) reads more of
    the rows than their primary keys (``row_actions(..., keys_only=True)`` says it does
    not); when none does, a writer may hand over rows holding only the key fields."""
    impls = _hook(request.registry).on_rows_changed.get_hookimpls()
    return any(
        _wants(impl, action)
        and not getattr(impl.function, "row_keys_only", False)
        and _interested(impl, request, table, action)
        for impl in impls
    )


def rows_changed(request, table, action: str, changes) -> None:
    """Tell the plugins that want ``action`` that rows of ``table`` changed; see the hook spec."""
    if not changes:
        return
    registry = request.registry
    hook = _hook(registry).on_rows_changed
    impls = hook.get_hookimpls()
    others = [
        impl.plugin for impl in impls if not _wants(impl, action) or not _interested(impl, request, table, action)
    ]
    if len(others) == len(impls):
        return
    if others:
        hook = registry["plugins"].manager.subset_hook_caller("on_rows_changed", remove_plugins=others)
    hook(request=request, table=table, action=action, changes=changes)


def rows_deleting(request, table, model, connection, where: list) -> None:
    """Tell every plugin that rows are about to be deleted; see the hook spec."""
    _hook(request.registry).on_rows_deleting(
        request=request, table=table, model=model, connection=connection, where=where
    )


def links_changed(request, table, row_id, field, action: str, related_table_id, ids) -> None:
    """Tell every plugin that a record's links changed; see the hook spec."""
    if ids:
        _hook(request.registry).on_links_changed(
            request=request,
            table=table,
            row_id=str(row_id),
            field=field,
            action=action,
            related_table_id=related_table_id,
            ids=list(ids),
        )


def meta_changed(request, kind: str, action: str, obj: dict) -> None:
    """Tell every plugin that a meta object changed; see the hook spec."""
    _hook(request.registry).on_meta_changed(request=request, kind=kind, action=action, obj=obj)
