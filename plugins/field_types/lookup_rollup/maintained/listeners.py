"""Keeping helpers equal to their fields' correlated queries, through the row-change hooks.

After a write to table T (in its transaction), the records whose linked rows changed are
computed again (``refresh.refresh_keys``), for every kept field of the project reading T:

- T holds the kept field: records inserted (a new record may meet rows that were linked
  to a record of the same key before; with foreign keys enforced it never does);
- T is the linked table of a has-many link: the records its rows pointed to before and
  after the write (a foreign key changed, a row came or went, a value changed); rows
  inserted are folded into counts, sums of whole numbers, minimums and maximums
  (``refresh.add_inserted``) without reading the records' other linked rows;
- T is the linked table of a many-to-many link: for an update, the records linked to the
  rows written; for a delete, those linked before it (``on_rows_deleting`` reads them,
  since the delete takes the junction rows with it);
- T is the junction table of a many-to-many link: the records of the junction rows.

Kept formulas of T (computed from a record's own fields and its kept aggregates) are
computed again for the records inserted or updated in T, and for the records whose
aggregates are computed again (``refresh.refresh_keys``).

Writes are handled per statement: a bulk insert or import refreshes the records of each
batch with one UPDATE per chunk of them, never row by row.
"""

from __future__ import annotations

import types
from dataclasses import dataclass

import sqlalchemy as sa
from workbench_plugins.field_types.links.relations import HM, MM, Relation, RelationError

from workbench.plugin_api import (
    data_transaction,
    hookimpl,
    load_table_ref_by_id,
    maintained_aggregates,
    model_for,
    row_actions,
    schema,
)

from .refresh import CHUNK, add_inserted, kept_fields, refresh_keys
from .schema import readers_of, settle

MARK, enabled = maintained_aggregates.MARK, maintained_aggregates.enabled
Column, Table = schema.Column, schema.Table

_INDEX = "_workbench_maintained_index"
_PENDING = "_workbench_maintained_pending"
_SETTLE = "_workbench_maintained_settle"
_UIDTS = ("Rollup", "Count", "Links", "LinkToAnotherRecord", "Formula")
_FORMULAS = "_workbench_maintained_formulas"


@dataclass(frozen=True)
class Kept:
    #: the table holding a kept field, and the link the field reads
    table_id: str
    relation: Relation


def kept_in_project(request, project_id: str) -> list[Kept]:
    """Every (table, link) of the project with a kept field; once per request."""
    cache = request.__dict__.setdefault(_INDEX, {})
    found = cache.get(project_id)
    if found is not None:
        return found
    rows = request.dbsession.execute(
        sa.select(Column.id, Column.table_id, Column.uidt, Column.col_options)
        .join(Table, Table.id == Column.table_id)
        .where(Table.project_id == project_id, Column.uidt.in_(_UIDTS))
    ).all()
    links = {row.id: types.SimpleNamespace(id=row.id, col_options=row.col_options) for row in rows}
    found, seen = [], set()
    formulas = request.__dict__.setdefault(_FORMULAS, {})[project_id] = set()
    for row in rows:
        options = row.col_options if isinstance(row.col_options, dict) else {}
        if row.uidt == "Formula":
            if options.get(MARK):
                formulas.add(row.table_id)
            continue
        link = links.get(options.get("fk_relation_column_id")) if options.get(MARK) else None
        if link is None or (row.table_id, link.id) in seen:
            continue
        try:
            relation = Relation.of(link)
        except RelationError:
            continue
        seen.add((row.table_id, link.id))
        found.append(Kept(row.table_id, relation))
    cache[project_id] = found
    return found


def _touching(request, table) -> list[Kept]:
    project_id = getattr(table, "project_id", None)
    if request is None or not project_id or not enabled(getattr(table, "source", None)):
        return []
    return [
        k
        for k in kept_in_project(request, project_id)
        if table.id in (k.table_id, k.relation.related_table_id, k.relation.junction_table_id)
    ]


def _has_formulas(request, table) -> bool:
    """Whether ``table`` has kept formulas (read with ``kept_in_project``)."""
    project_id = getattr(table, "project_id", None)
    if request is None or not project_id or not enabled(getattr(table, "source", None)):
        return False
    kept_in_project(request, project_id)
    return table.id in request.__dict__.get(_FORMULAS, {}).get(project_id, ())


def _wanted(request, table, action) -> bool:
    return bool(_touching(request, table)) or (action != "delete" and _has_formulas(request, table))


def _model(request, table_id: str, dialect: str):
    return model_for(request, load_table_ref_by_id(request, table_id), dialect)


def _value(row: dict | None, model, key) -> object:
    """The value of relation key ``key`` in a row as a hook hands it (by title, or by
    physical name for junction rows)."""
    if not row:
        return None
    f = model.by_id.get(key.column_id)
    if f is not None and f.title in row:
        return row[f.title]
    return row.get(key.name)


def _keys(model, changes, side: int) -> list:
    pk = model.pk_fields[0]
    return [pair[side].get(pk.title) for pair in changes if pair[side]]


def _select_in(connection, column, key_column, keys) -> set:
    found = set()
    for start in range(0, len(keys), CHUNK):
        chunk = keys[start : start + CHUNK]
        found.update(connection.execute(sa.select(column).where(key_column.in_(chunk)).distinct()).scalars())
    return found


def _junction_sources(connection, relation: Relation, related_keys) -> set:
    junction = relation.junction()
    return _select_in(
        connection, relation.junction_source.of(junction), relation.junction_related.of(junction), list(related_keys)
    )


@hookimpl
@row_actions("insert", "update", "delete", keys_only=True, when=_wanted)
def on_rows_changed(request, table, action, changes):
    kept = _touching(request, table)
    formulas = action != "delete" and _has_formulas(request, table)
    if not kept and not formulas:
        return
    work = data_transaction(request, table.source)
    connection, dialect = work.connection, work.dialect
    model = _model(request, table.id, dialect)
    # records are found by their one key column (a junction table's rows by their values)
    keyed = len(model.pk_fields) == 1
    pending = connection.info.get(_PENDING, {}).pop(table.id, {}) if action == "delete" else {}
    # the records to compute again: table id → (link ids, keys)
    dirty: dict[str, tuple[set, set]] = {}
    for k in kept:
        relation = k.relation
        keys: set = set()
        if not keyed and table.id != relation.junction_table_id:
            continue
        if table.id == k.table_id:
            if action == "insert":
                keys.update(_keys(model, changes, 1))
        elif table.id == relation.junction_table_id:
            for before, after in changes:
                keys.update(_value(row, model, relation.junction_source) for row in (before, after))
        elif relation.type == HM:
            if action == "insert":  # folded into the helpers, per batch
                source_model = _model(request, k.table_id, dialect)
                work.begin_write()
                add_inserted(
                    connection,
                    source_model,
                    kept_fields(source_model, {relation.column_id}),
                    relation,
                    model,
                    _keys(model, changes, 1),
                )
            else:
                for before, after in changes:
                    keys.update(_value(row, model, relation.related_key) for row in (before, after))
        elif relation.type == MM:
            if action == "update":
                keys.update(_junction_sources(connection, relation, _keys(model, changes, 1)))
            elif action == "delete":
                keys.update(pending.get(relation.column_id, ()))
        keys.discard(None)
        if keys:
            links, found = dirty.setdefault(k.table_id, (set(), set()))
            links.add(relation.column_id)
            found.update(keys)
    if formulas and keyed:  # the records written: their kept formulas (and no aggregate)
        dirty.setdefault(table.id, (set(), set()))[1].update(k for k in _keys(model, changes, 1) if k is not None)
    if not dirty:
        return
    work.begin_write()
    for table_id, (links, keys) in dirty.items():
        source_model = model if table_id == table.id else _model(request, table_id, dialect)
        refresh_keys(connection, source_model, kept_fields(source_model, links) if links else [], keys)


@hookimpl
def on_rows_deleting(request, table, model, connection, where):
    """Before a delete: the records linked through a many-to-many link to the rows about
    to go, whose junction rows the delete removes with them."""
    kept = [k for k in _touching(request, table) if k.relation.type == MM and k.relation.related_table_id == table.id]
    if not kept or len(model.pk_fields) != 1:
        return
    pk = model.pk_fields[0].sa_column
    pending = connection.info.setdefault(_PENDING, {}).setdefault(table.id, {})
    for k in kept:
        relation = k.relation
        junction = relation.junction()
        source, related = relation.junction_source.of(junction), relation.junction_related.of(junction)
        for clause in where:
            rows = sa.select(pk).select_from(model.table)
            if clause is not None:
                rows = rows.where(clause)
            found = connection.execute(sa.select(source).where(related.in_(rows)).distinct()).scalars()
            pending.setdefault(relation.column_id, set()).update(found)


@hookimpl
def on_meta_changed(request, kind, action, obj):
    """A field changed: once the request's meta changes are all made (links come with two
    fields and a junction table), the helpers of its table and of the tables whose rollups
    or counts read it are settled, before the commit."""
    if request is None or kind != "column" or not isinstance(obj, dict) or not obj.get("fk_model_id"):
        return
    request.__dict__.pop(_INDEX, None)
    tables = request.__dict__.get(_SETTLE)
    if tables is None:
        tables = request.__dict__[_SETTLE] = set()
        request.tm.get().addBeforeCommitHook(_settle_all, (request,))
    tables.add(obj["fk_model_id"])


def _settle_all(request) -> None:
    changed = request.__dict__.pop(_SETTLE, set())
    request.__dict__.pop(_INDEX, None)
    readers = set()
    for table_id in changed:
        readers |= readers_of(request, table_id)
    for table_id in sorted(changed | readers):
        settle(request, table_id)
