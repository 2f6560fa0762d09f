"""The built-in plugin ``indexes``: keeps each table's indexes in step with its views' sorts
and filters (``workbench.data.indexes``), and counts each table's writes for the jump
positions of ``workbench.data.seek``.

A change to a view, a sort, a filter or a field plans the table's indexes inside the
request; they are created and dropped once the request has committed (an index over a
million rows takes seconds, and must not hold the meta transaction open). Switching the
plugin off leaves the indexes as they are.
"""

from __future__ import annotations

import logging

import sqlalchemy as sa

from workbench.data import indexes
from workbench.data.computed import Catalog
from workbench.data.unit import data_transaction
from workbench.hookspecs import hookimpl, row_actions

log = logging.getLogger(__name__)

KINDS = ("sort", "filter", "view", "column")


def _table_id(request, kind: str, obj: dict) -> str | None:
    from workbench.tables.models import View

    if kind in ("view", "column"):
        return obj.get("fk_model_id")
    view_id = obj.get("fk_view_id")
    return request.dbsession.scalar(sa.select(View.table_id).where(View.id == view_id)) if view_id else None


def plan_for(request, table) -> tuple[object, dict[str, tuple]]:
    """The request's data transaction on the table's source and the table's wanted indexes."""
    from workbench.records.loading import meta_loader
    from workbench.tables.models import View

    work = data_transaction(request, table.source)
    catalog = Catalog(request.registry, work.dialect, meta_loader(request.dbsession))
    model = request.registry["data_models"].get(request.registry, table, work.dialect, catalog=catalog)
    views = request.dbsession.scalars(sa.select(View).where(View.table_id == table.id)).all()
    return work, indexes.wanted(model, views)


@hookimpl
def on_meta_changed(request, kind, action, obj):
    if request is None or kind not in KINDS or not isinstance(obj, dict):
        return
    from workbench.tables.models import Table

    table_id = _table_id(request, kind, obj)
    table = request.dbsession.get(Table, table_id) if table_id else None
    if table is None or table.source is None or indexes.index_policy(table.source) != indexes.MANAGED:
        return
    if getattr(table, "type", "table") not in (None, "table"):
        return
    request.dbsession.flush()
    try:
        work, plan = plan_for(request, table)
    except Exception:
        # Told in the middle of a change (a link half removed): the table's model cannot be
        # built yet. Indexes are only an aid: the change goes on, and the table's next
        # change plans them again (a dropped column's indexes go with it).
        log.debug("indexes of %s not planned during this change", table.id, exc_info=True)
        return
    plans = request.__dict__.setdefault("_wb_index_plans", {})
    first = table.source.id not in plans
    plans.setdefault(table.source.id, {})[table.table_name] = plan
    if first:
        pending = plans[table.source.id]

        def apply(connection):
            for table_name, wanted in pending.items():
                created, dropped = indexes.reconcile(connection, table_name, wanted)
                if created or dropped:
                    log.info("indexes of %s: created %s, dropped %s", table_name, created, dropped)

        work.after_commit(apply)


@hookimpl
@row_actions("insert", "update", "delete", keys_only=True)
def on_rows_changed(request, table, action, changes):
    if request is None:
        return
    from workbench.records.cursor_pages import anchor_cache

    anchor_cache(request.registry).written(getattr(table, "id", table))  # a table, or its id
