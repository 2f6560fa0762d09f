"""The active hooks of a table, read once per request: what the row listener needs to
decide, cheaply, whether a write concerns any hook."""

from __future__ import annotations

import types

import sqlalchemy as sa

from workbench.hooks import conditions
from workbench.hooks.models import Hook, HookFilter
from workbench.projects.models import Source
from workbench.tables.models import Column, View
from workbench.tables.personal_views import PERSONAL

_CACHE = "_workbench_active_hooks"


def _condition(request, hook_id: str):
    filters = request.dbsession.scalars(sa.select(HookFilter).where(HookFilter.hook_id == hook_id)).all()
    if not filters:
        return None
    ids = {f.column_id for f in filters if f.column_id}
    titles = dict(request.dbsession.execute(sa.select(Column.id, Column.title).where(Column.id.in_(ids))).all())
    return conditions.tree(filters, titles)


def table_info(request, table_id: str, title: str) -> dict:
    """What a payload says of the table: its id, title, and first shared view (a personal
    view is its creator's alone)."""
    view = request.dbsession.execute(
        sa.select(View.id, View.title)
        .where(View.table_id == table_id, View.lock_type != PERSONAL)
        .order_by(View.order, View.id)
        .limit(1)
    ).first()
    return {
        "id": table_id,
        "title": title,
        "view_id": view.id if view else None,
        "view_name": view.title if view else None,
    }


def active_hooks(request, table) -> list:
    """The table's active hooks fired by writes (snapshots with their condition tree)."""
    cache = request.__dict__.setdefault(_CACHE, {})
    table_id = getattr(table, "id", None)
    if not table_id:
        return []
    found = cache.get(table_id)
    if found is None:
        rows = request.dbsession.execute(
            sa.select(Hook.id, Hook.event, Hook.operation, Hook.condition, Hook.version).where(
                Hook.table_id == table_id, Hook.active.is_(True), Hook.event == "after"
            )
        ).all()
        found = [
            types.SimpleNamespace(
                id=r.id,
                event=r.event,
                operation=r.operation,
                version=r.version,
                condition=_condition(request, r.id) if r.condition else None,
            )
            for r in rows
        ]
        cache[table_id] = found
    return found


def source_is_owned(request, source_id: str) -> bool:
    """Whether Workbench owns the source's database (a project's default source): its
    events are written in the same transaction as the change."""
    cache = request.__dict__.setdefault(_CACHE + "_owned", {})
    if source_id not in cache:
        cache[source_id] = bool(request.dbsession.scalar(sa.select(Source.is_default).where(Source.id == source_id)))
    return cache[source_id]
