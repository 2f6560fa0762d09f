"""Building and dropping helper columns when fields change.

``settle(request, table_id)`` makes a table's helpers match its fields: a field that may
be kept (its type's ``maintained_spec``) and whose mark is missing or names another spec
gets its helper column (indexed, so a sort reads the index) computed for every record,
then the mark; a field no longer kept loses its mark; helpers of fields that are no longer
kept, or gone, are dropped once the change is committed. Every step runs in the request's
transactions, so a failed change leaves meta and data as they were.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.orm.attributes import flag_modified
from workbench_plugins.field_types.links.relations import Relation

from workbench.plugin_api import data_transaction, field_type, maintained_aggregates, schema

from .refresh import refresh_all
from .specs import counts, helper_type

MARK, PREFIX, enabled = maintained_aggregates.MARK, maintained_aggregates.PREFIX, maintained_aggregates.enabled
helper_name, index_name = maintained_aggregates.helper_name, maintained_aggregates.index_name
Column, Table = schema.Column, schema.Table
Catalog, build_model, meta_loader, bump = schema.Catalog, schema.build_model, schema.meta_loader, schema.bump


def _helpers(connection, table_name: str) -> set[str]:
    return {c["name"] for c in sa.inspect(connection).get_columns(table_name) if c["name"].startswith(PREFIX)}


def _index(dialect: str, table_name: str, name: str, column_id: str) -> sa.Index:
    column = sa.Column(name, sa.Double())
    sa.Table(table_name, sa.MetaData(), column)
    # PostgreSQL: ascending with nulls first, so that both directions of a sort with nulls
    # smallest (the engine's order) walk the index
    return sa.Index(index_name(column_id), column.asc().nulls_first() if dialect == "postgresql" else column)


def _add_helper(work, table_name: str, column_id: str, spec: str) -> None:
    """The helper, holding what its field reads for a record without linked rows until it
    is computed (0 for counts, else NULL): a record inserted later reads right at once."""
    name = helper_name(column_id)
    work.begin_write()
    default = sa.text("0") if counts(spec) else None
    helper = sa.Column(name, helper_type(spec), server_default=default)
    schema.operations(work.connection).add_column(table_name, helper)
    work.on_undo(lambda conn: schema.operations(conn).drop_column(table_name, name))
    index = _index(work.dialect, table_name, name, column_id)
    index.create(work.connection)
    work.on_undo(lambda conn: index.drop(conn, checkfirst=True))


def _drop_helper(work, table_name: str, name: str) -> None:
    column_id = name.removeprefix(PREFIX)
    index = _index(work.dialect, table_name, name, column_id)

    def drop(conn):
        index.drop(conn, checkfirst=True)
        schema.operations(conn).drop_column(table_name, name)

    work.after_commit(drop)


def settle(request, table_id: str) -> None:
    session = request.dbsession
    session.flush()
    table = session.get(Table, table_id)
    if table is None or table.type == "mm":
        return
    source = table.source
    keep = enabled(source)
    candidates = any(hasattr(field_type(request.registry, c), "maintained_spec") for c in table.columns)
    work = data_transaction(request, source)
    existing = _helpers(work.connection, table.table_name)
    if not existing and not (keep and candidates):
        return
    # built afresh, not cached: the table's version moves again below
    catalog = Catalog(request.registry, work.dialect, meta_loader(session))
    model = build_model(request.registry, table, list(table.columns), work.dialect, catalog)
    keep = keep and len(model.pk_fields) == 1  # helpers are refreshed by one key column
    build, wanted, changed = [], set(), False
    for column in list(table.columns):
        f = model.by_id.get(column.id)
        spec_of = getattr(f.type, "maintained_spec", None) if f is not None else None
        spec = spec_of(model) if keep and spec_of is not None and f.error is None else None
        options = dict(column.col_options or {})
        mark = options.get(MARK)
        name = helper_name(column.id)
        if spec is None:
            if mark is not None:
                options.pop(MARK)
                _set_options(column, options)
                changed = True
            continue
        wanted.add(name)
        if isinstance(mark, dict) and mark.get("spec") == spec and name in existing:
            continue
        if name in existing:  # kept before under another spec: its type may differ
            _replace_helper(work, table.table_name, column.id, spec)
        else:
            work.lock_schema()
            _add_helper(work, table.table_name, column.id, spec)
        build.append(f)
        options[MARK] = {"column": name, "spec": spec}
        _set_options(column, options)
        changed = True
    if build:
        work.begin_write()
        _hold_writers(work, model, build)
        refresh_all(work.connection, model, build)
    for name in existing - wanted:
        _drop_helper(work, table.table_name, name)
    if changed:
        bump(table)
        session.flush()


def _replace_helper(work, table_name: str, column_id: str, spec: str) -> None:
    """A helper whose spec changed is dropped and added again, with the new spec's type."""
    name = helper_name(column_id)
    work.lock_schema()
    index = _index(work.dialect, table_name, name, column_id)
    index.drop(work.connection, checkfirst=True)
    schema.operations(work.connection).drop_column(table_name, name)
    _add_helper(work, table_name, column_id, spec)


def _hold_writers(work, model, fields) -> None:
    """On PostgreSQL, the tables a build reads take no writes until it commits (the build's
    UPDATE then sees every write committed before it, and none can slip in after)."""
    if work.dialect != "postgresql":
        return
    names = set()
    for f in fields:
        link = model.by_id.get(f.type.maintained_link())
        relation = Relation.of(link.column)
        names.add(relation.related_table)
        if relation.junction_table:
            names.add(relation.junction_table)
    preparer = work.connection.dialect.identifier_preparer
    for name in sorted(names):
        work.connection.exec_driver_sql(f"LOCK TABLE {preparer.quote(name)} IN SHARE MODE")


def _set_options(column: Column, options: dict) -> None:
    column.col_options = options
    flag_modified(column, "col_options")


def readers_of(request, table_id: str) -> set[str]:
    """The tables of the project whose rollups or counts read ``table_id`` through a link."""
    session = request.dbsession
    project_id = session.scalar(sa.select(Table.project_id).where(Table.id == table_id))
    if project_id is None:
        return set()
    rows = session.execute(
        sa.select(Column.id, Column.table_id, Column.uidt, Column.col_options)
        .join(Table, Table.id == Column.table_id)
        .where(Table.project_id == project_id, Column.uidt.in_(("Rollup", "Count", "Links", "LinkToAnotherRecord")))
    ).all()
    related = {row.id: (row.col_options or {}).get("fk_related_model_id") for row in rows}
    found = set()
    for row in rows:
        options = row.col_options or {}
        if row.uidt == "Rollup":
            reads = options.get("fk_related_model_id")
        elif row.uidt == "Count":
            reads = related.get(options.get("fk_relation_column_id"))
        else:
            continue
        if reads == table_id:
            found.add(row.table_id)
    return found
